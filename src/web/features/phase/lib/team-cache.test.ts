import { QueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import type { TeamEvent } from '@shared/schemas/team-events';
import { decodeText, encodeText, type MergedText, mergeTextEdit, TextCopy } from '@shared/shared-text';
import { afterEach, describe, expect, it } from 'vitest';
import { coachingKeys, factKeys, phaseDataKeys, programmeKeys } from '@/lib/query-keys';
import { getPresence, setPresence } from './presence-store.ts';
import { applyTeamEvent } from './team-cache.ts';

const TEAM = 'team-1';
const SELF = 'this-page-id';
const OTHER = 'teammate-page';
const at = '2026-11-23T10:00:00.000Z';

const record = (phaseNumber: number, version: number, data: Record<string, unknown>): PhaseDataRecord => ({
  teamId: TEAM,
  phaseNumber,
  data,
  updatedAt: at,
  version,
});

function cacheWith(list: PhaseDataRecord[] | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  if (list) queryClient.setQueryData(phaseDataKeys.list(TEAM), list);
  const apply = (event: TeamEvent) => applyTeamEvent(queryClient, TEAM, SELF, event);
  const list$ = () => queryClient.getQueryData<PhaseDataRecord[]>(phaseDataKeys.list(TEAM));
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, apply, list: list$, invalidated };
}

const answers = (
  phaseNumber: number,
  version: number,
  changed: string[],
  values: Record<string, unknown> | undefined,
  clientId = OTHER,
): Extract<TeamEvent, { type: 'answers' }> => ({
  type: 'answers',
  teamId: TEAM,
  phaseNumber,
  version,
  updatedAt: at,
  clientId,
  changed,
  values,
});

afterEach(() => setPresence([]));

describe("a teammate's save of text typed together", () => {
  it('takes what the save added into the cached document, from the seed when the cache held none', () => {
    const typed = new TextCopy(undefined, 'Old notes');
    typed.type('Old notes, and more');
    const { edit } = typed.edit();
    const merged = mergeTextEdit(undefined, 'Old notes', {
      update: decodeText(edit.update),
      sv: decodeText(edit.sv),
    }) as MergedText;
    const cache = cacheWith([record(1, 3, { notes: 'Old notes', region: 'EU' })]);
    cache.apply({
      ...answers(1, 4, ['notes', 'region'], { notes: merged.value }),
      textUpdates: { notes: encodeText(merged.delta) },
    });
    const [cached] = cache.list()!;
    expect(cached!.data).toEqual({ notes: 'Old notes, and more' });
    // The cached document reads as the stored one: a page's copy made from it has the teammate's words.
    expect(new TextCopy(cached!.text!.notes, '').value).toBe('Old notes, and more');
    expect(cached!.text).not.toHaveProperty('region');
    // A later save of the field written whole (no document update): the cache holds no document for it.
    cache.apply(answers(1, 5, ['notes'], { notes: 'Whole' }));
    expect(cache.list()![0]!.text).toBeUndefined();
  });
});

describe("a teammate's save", () => {
  it('is merged into the cached record when it is the next version, a removed field included', () => {
    const cache = cacheWith([record(1, 3, { company: 'Acme', sector: 'Toys', region: 'EU' })]);
    cache.apply(answers(1, 4, ['sector', 'region'], { sector: 'Games' }));
    expect(cache.list()).toEqual([record(1, 4, { company: 'Acme', sector: 'Games' })]);
    expect(cache.invalidated(phaseDataKeys.list(TEAM))).toBe(false);
  });

  it("adds an activity's first save to the list, in phase order", () => {
    const cache = cacheWith([record(3, 1, { a: '1' })]);
    cache.apply(answers(2, 1, ['b'], { b: '2' }));
    expect(cache.list()?.map((r) => [r.phaseNumber, r.version, r.data])).toEqual([
      [2, 1, { b: '2' }],
      [3, 1, { a: '1' }],
    ]);
  });

  it('changes nothing when the cache already holds that version or a later one', () => {
    const cache = cacheWith([record(1, 5, { company: 'Later' })]);
    cache.apply(answers(1, 5, ['company'], { company: 'Same' }));
    cache.apply(answers(1, 4, ['company'], { company: 'Older' }));
    expect(cache.list()).toEqual([record(1, 5, { company: 'Later' })]);
    expect(cache.invalidated(phaseDataKeys.list(TEAM))).toBe(false);
  });

  it('reads the list again when an event was missed or the values did not fit in the event', () => {
    const gap = cacheWith([record(1, 2, { company: 'Acme' })]);
    gap.apply(answers(1, 4, ['sector'], { sector: 'Games' }));
    expect(gap.list()).toEqual([record(1, 2, { company: 'Acme' })]);
    expect(gap.invalidated(phaseDataKeys.list(TEAM))).toBe(true);

    const big = cacheWith([record(1, 2, { company: 'Acme' })]);
    big.apply(answers(1, 3, ['essay'], undefined));
    expect(big.invalidated(phaseDataKeys.list(TEAM))).toBe(true);
  });

  it("takes this page's own echo only when it carries values, and never reads the list again for it", () => {
    const cache = cacheWith([record(1, 1, { company: 'Acme' })]);
    cache.apply(answers(1, 3, ['company'], undefined, SELF));
    expect(cache.invalidated(phaseDataKeys.list(TEAM))).toBe(false);
    cache.apply(answers(1, 2, ['company'], { company: 'Mine' }, SELF));
    expect(cache.list()).toEqual([record(1, 2, { company: 'Mine' })]);
  });

  it('does nothing while no list is cached', () => {
    const cache = cacheWith(undefined);
    cache.apply(answers(1, 1, ['a'], { a: '1' }));
    expect(cache.list()).toBeUndefined();
  });
});

describe('on (re)connection', () => {
  it('reads the list again only when a cached activity is behind or missing, and the facts always', () => {
    const current = cacheWith([record(1, 2, {}), record(3, 1, {})]);
    current.queryClient.setQueryData<FactsResponse>(factKeys.team(TEAM), { facts: [] });
    current.apply({ type: 'versions', versions: { '1': 2, '3': 1 } });
    expect(current.invalidated(phaseDataKeys.list(TEAM))).toBe(false);
    expect(current.invalidated(factKeys.team(TEAM))).toBe(true);

    const behind = cacheWith([record(1, 2, {})]);
    behind.apply({ type: 'versions', versions: { '1': 3 } });
    expect(behind.invalidated(phaseDataKeys.list(TEAM))).toBe(true);

    const missing = cacheWith([record(1, 2, {})]);
    missing.apply({ type: 'versions', versions: { '1': 2, '4': 1 } });
    expect(missing.invalidated(phaseDataKeys.list(TEAM))).toBe(true);
  });
});

describe("a teammate's facts", () => {
  it("replace the cached facts with the same id and add new ones; this page's own are ignored", () => {
    const cache = cacheWith([]);
    const fact = (id: string, value: string) => ({ id, value, givenIn: 1, updatedAt: at });
    cache.queryClient.setQueryData<FactsResponse>(factKeys.team(TEAM), {
      facts: [fact('company_name', 'Acme'), fact('sector', 'Toys')],
    });
    cache.apply({
      type: 'facts',
      clientId: OTHER,
      facts: [fact('sector', 'Games'), fact('audience', 'Kids')],
    });
    cache.apply({ type: 'facts', clientId: SELF, facts: [fact('company_name', 'Echo')] });
    expect(cache.queryClient.getQueryData<FactsResponse>(factKeys.team(TEAM))).toEqual({
      facts: [fact('audience', 'Kids'), fact('company_name', 'Acme'), fact('sector', 'Games')],
    });
  });

  it('never replace a later copy: an event that arrives after the save it was overtaken by changes nothing', () => {
    const cache = cacheWith([]);
    const fact = (id: string, value: string, updatedAt: string) => ({ id, value, givenIn: 1, updatedAt });
    cache.queryClient.setQueryData<FactsResponse>(factKeys.team(TEAM), {
      facts: [fact('target_region', 'Germany', '2026-11-23T10:00:02.000Z')],
    });
    cache.apply({
      type: 'facts',
      clientId: OTHER,
      facts: [fact('target_region', 'the United Kingdom', '2026-11-23T10:00:01.000Z')],
    });
    expect(cache.queryClient.getQueryData<FactsResponse>(factKeys.team(TEAM))?.facts).toEqual([
      fact('target_region', 'Germany', '2026-11-23T10:00:02.000Z'),
    ]);
  });
});

describe('a facts save too large for an event', () => {
  it('arrives without facts, and the facts are read again', () => {
    const cache = cacheWith([]);
    cache.queryClient.setQueryData<FactsResponse>(factKeys.team(TEAM), { facts: [] });
    cache.apply({ type: 'facts', clientId: OTHER, facts: [] });
    expect(cache.invalidated(factKeys.team(TEAM))).toBe(true);
  });
});

describe('presence', () => {
  it('keeps the open pages for the presence line', () => {
    const devices = [{ clientId: OTHER, phase: 3, label: 'Chrome on Windows', admin: false }];
    cacheWith([]).apply({ type: 'presence', devices });
    expect(getPresence()).toEqual(devices);
  });
});

describe("coaching's events", () => {
  it("are the coaching feature's: feedback and help change nothing in the answers' cache", () => {
    const cache = cacheWith([record(1, 2, { a: 'x' })]);
    cache.queryClient.setQueryData<FactsResponse>(factKeys.team(TEAM), { facts: [] });
    cache.queryClient.setQueryData(coachingKeys.feedback(TEAM), []);
    const before = JSON.stringify(
      cache.queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    );
    cache.apply({ type: 'feedback-removed', id: 'note-1', phaseNumber: 1 });
    cache.apply({
      type: 'help',
      request: {
        id: 'req-1',
        teamId: TEAM,
        phaseNumber: 1,
        message: '',
        status: 'open',
        createdAt: at,
        closedAt: null,
        answeredBy: null,
        answer: '',
      },
    });
    expect(
      JSON.stringify(
        cache.queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).toBe(before);
    expect(cache.queryClient.getQueryData(coachingKeys.help(TEAM))).toBeUndefined();
    // A (re)connection reads the facts; the notes are coaching's to read again.
    cache.apply({ type: 'versions', versions: { '1': 2 } });
    expect(cache.invalidated(coachingKeys.feedback(TEAM))).toBe(false);
  });
});

describe('the programme the team runs', () => {
  it('is what the live event says: open pages read their activity from that version', () => {
    const { queryClient, apply } = cacheWith([]);
    const programmeId = '5b0e6c52-6f5f-4a43-a5a0-4c3c9b0c8a11';
    apply({ type: 'programme', programmeId, version: 3, switchedOff: [7] });
    expect(queryClient.getQueryData(programmeKeys.team(TEAM))).toEqual({
      programmeId,
      version: 3,
      switchedOff: [7],
    });
  });
});
