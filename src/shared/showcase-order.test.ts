import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';
import { showcaseOrder } from './showcase-order.ts';

const team = (id: string, name = `Team ${id}`) => ({ id, name });
const ids = (teams: { id: string }[]) => teams.map((t) => t.id);
const cohort = Array.from({ length: 12 }, (_, i) =>
  team(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
);

describe('showcaseOrder', () => {
  it('without a viewer, lists the teams by name: case-insensitive, then exact name, then id', () => {
    const teams = [
      team('4', 'charlie'),
      team('2', 'Bravo'),
      team('3', 'alpha'),
      team('1', 'Alpha'),
      team('0', 'Alpha'),
    ];
    expect(ids(showcaseOrder(teams))).toEqual(['0', '1', '3', '2', '4']);
  });

  it('is a permutation of the teams it is given, and leaves the given list as it was', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { maxLength: 30 }),
        fc.uuid(),
        fc.string(),
        (teamIds, viewer, tag) => {
          const teams = teamIds.map((id) => team(id));
          const before = [...teams];
          const ordered = showcaseOrder(teams, { teamId: viewer, cohortTag: tag });
          expect(teams).toEqual(before);
          expect([...ordered].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
            [...teams].sort((a, b) => a.id.localeCompare(b.id)),
          );
        },
      ),
    );
  });

  it('is stable: the same viewer and cohort give the same order whatever order the teams arrive in', () => {
    const viewer = { teamId: cohort[3]!.id, cohortTag: 'spring' };
    const first = ids(showcaseOrder(cohort, viewer));
    expect(ids(showcaseOrder([...cohort].reverse(), viewer))).toEqual(first);
    expect(ids(showcaseOrder(cohort, { ...viewer }))).toEqual(first);
  });

  it('sorts by SHA-256 of viewer:cohort:team', () => {
    const viewer = { teamId: 'viewer', cohortTag: 'spring' };
    const expected = [...cohort]
      .map((t) => ({ id: t.id, key: sha256Hex(`viewer:spring:${t.id}`) }))
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((t) => t.id);
    expect(ids(showcaseOrder(cohort, viewer))).toEqual(expected);
  });

  it('differs between the teams of a cohort, and between cohorts for one team', () => {
    const orders = new Set(
      cohort.map((viewer) => ids(showcaseOrder(cohort, { teamId: viewer.id, cohortTag: 'spring' })).join()),
    );
    // Twelve viewers of twelve teams: a shuffle gives (nearly always) twelve different orders.
    expect(orders.size).toBeGreaterThanOrEqual(11);
    const viewer = cohort[0]!.id;
    expect(ids(showcaseOrder(cohort, { teamId: viewer, cohortTag: 'spring' }))).not.toEqual(
      ids(showcaseOrder(cohort, { teamId: viewer, cohortTag: 'autumn' })),
    );
  });

  it('does not favour a place: over many viewers each team is first about as often as any other', () => {
    const teams = cohort.slice(0, 6);
    const firsts = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const [first] = showcaseOrder(teams, { teamId: `viewer-${i}`, cohortTag: 'spring' });
      firsts.set(first!.id, (firsts.get(first!.id) ?? 0) + 1);
    }
    // 100 expected each; a fixed hash, so these counts never change from run to run.
    expect(firsts.size).toBe(6);
    for (const count of firsts.values()) expect(count).toBeGreaterThan(60);
  });
});
