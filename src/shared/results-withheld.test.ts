import { describe, expect, it } from 'vitest';
import type { ResultRow } from './schemas/showcase.ts';
import { rankResults } from './scoring.ts';
import { isWithheld, revealStepOf, stepShownBy, withholdUnrevealed } from './results-withheld.ts';

const row = (name: string, points: number, firsts = 0): ResultRow => ({
  teamId: `id-${name}`,
  teamName: name,
  avatarIcon: 'owl.svg',
  websiteUrl: `https://${name}.example`,
  totalPoints: points,
  votes: firsts ? [{ rank: 1, count: firsts }] : [],
});

/** Harbour 1st, Northwind 2nd, Saltmarsh 3rd, Old Mill 4th, Quiet (no votes) last. */
const rows = [
  row('Quiet', 0),
  row('OldMill', 3),
  row('Saltmarsh', 5, 1),
  row('Harbour', 9, 3),
  row('Northwind', 7, 1),
];

/** The names a page shows, place by place, as it ranks the rows itself (below the podium, all withheld alike). */
const shown = (list: ResultRow[]) =>
  rankResults(list).map((r) => (isWithheld(r) ? `? ${r.place}` : `${r.teamName} ${r.place}`));

describe('the results a team reads during a paced reveal', () => {
  it('holds only the places out on the big screen, ranked as the whole result ranks them', () => {
    expect(shown(withholdUnrevealed(rows, 1))).toEqual(['? 1', '? 2', 'Saltmarsh 3', '? 4', '? 4']);
    expect(shown(withholdUnrevealed(rows, 2))).toEqual(['? 1', 'Northwind 2', 'Saltmarsh 3', '? 4', '? 4']);
    expect(shown(withholdUnrevealed(rows, 3))).toEqual([
      'Harbour 1',
      'Northwind 2',
      'Saltmarsh 3',
      '? 4',
      '? 4',
    ]);
    expect(withholdUnrevealed(rows, 4)).toEqual(rows);
  });

  it('tells nothing of a withheld team: no id, name, picture, website, real points or votes', () => {
    const cut = withholdUnrevealed(rows, 1);
    const text = JSON.stringify(cut.filter(isWithheld));
    for (const name of ['Harbour', 'Northwind', 'OldMill', 'Quiet']) expect(text).not.toContain(name);
    for (const points of [9, 7, 3])
      expect(cut.filter(isWithheld).map((r) => r.totalPoints)).not.toContain(points);
    expect(cut.filter(isWithheld).every((r) => r.votes.length === 0 && r.avatarIcon === null)).toBe(true);
  });

  it('keeps a shared place shared, and a tie above that leaves no 2nd place', () => {
    const tied = [row('A', 9, 2), row('B', 9, 2), row('C', 4), row('D', 2)];
    // A and B share 1st: 3rd (C) comes out at step 1, nothing at step 2, both 1sts at step 3.
    expect(shown(withholdUnrevealed(tied, 1))).toEqual(['? 1', '? 1', 'C 3', '? 4']);
    expect(shown(withholdUnrevealed(tied, 2))).toEqual(['? 1', '? 1', 'C 3', '? 4']);
    expect(
      rankResults(withholdUnrevealed(tied, 1))
        .slice(0, 2)
        .every((r) => r.shared),
    ).toBe(true);
    const sharedThird = [row('A', 9), row('B', 6), row('C', 3), row('D', 3)];
    expect(shown(withholdUnrevealed(sharedThird, 1)).slice(2).sort()).toEqual(['C 3', 'D 3']);
  });

  it('says how far a page may take the reveal with the rows it holds', () => {
    expect(stepShownBy(rows)).toBe(4);
    expect(stepShownBy(withholdUnrevealed(rows, 1))).toBe(1);
    expect(stepShownBy(withholdUnrevealed(rows, 2))).toBe(2);
    // 1st place out, the leaderboard not yet.
    expect(stepShownBy(withholdUnrevealed(rows, 3))).toBe(3);
    const tied = [row('A', 9, 2), row('B', 9, 2), row('C', 4), row('D', 2)];
    expect(stepShownBy(withholdUnrevealed(tied, 2))).toBe(2);
  });

  it("reads a stored reveal's step: none before it starts, the whole of an older server's", () => {
    expect(revealStepOf({ revealedAt: null, revealStep: 2 })).toBe(0);
    expect(revealStepOf({ revealedAt: '2026-12-06T10:00:00Z', revealStep: 2 })).toBe(2);
    expect(revealStepOf({ revealedAt: '2026-12-06T10:00:00Z', revealStep: 0 })).toBe(4);
  });
});
