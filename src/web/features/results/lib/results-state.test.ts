import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { describe, expect, it } from 'vitest';
import { resultRow as row } from '../../../../../testing/web/result-row';
import {
  hasPodium,
  nextRevealStep,
  podiumPlaces,
  rankedRows,
  resultsState,
  waitsForTheRoom,
  heldStepOf,
  revealWithin,
} from './results-state';
import { withholdUnrevealed } from '@shared/results-withheld';

const cohort = { competitionEnabled: true, resultsVisible: true } as CohortStatus;
const loaded = (data: ResultRow[]) =>
  ({ isPending: false, isError: false, data }) as unknown as UseQueryResult<ResultRow[]>;

describe('results with every team of the cohort listed', () => {
  it('ranks only the teams with points', () => {
    const rows = [row('Aurora', 9), row('Borealis', 5), row('Comet', 0), row('Dune', 0)];
    expect(rankedRows(rows).map((r) => r.teamName)).toEqual(['Aurora', 'Borealis']);
  });

  it('shows the podium when at least three teams have points, whatever the teams at 0', () => {
    expect(hasPodium([row('A', 3), row('B', 2), row('C', 1)])).toBe(true);
    expect(hasPodium([row('A', 3), row('B', 2), row('C', 0), row('D', 0)])).toBe(false);
  });

  it('is "No votes yet" while no team has points, and ready once one has', () => {
    expect(resultsState(cohort, loaded([]))).toBe('empty');
    expect(resultsState(cohort, loaded([row('A', 0), row('B', 0)]))).toBe('empty');
    expect(resultsState(cohort, loaded([row('A', 1), row('B', 0)]))).toBe('ready');
  });
});

describe('the podium with ties', () => {
  /** Each podium place as [place, shared, names]. */
  const podium = (rows: ResultRow[]) =>
    podiumPlaces(rows).map((p) => [p.place, p.shared, p.rows.map((r) => r.teamName)]);

  it('three teams with different points: one team on each place', () => {
    expect(podium([row('A', 9), row('B', 5), row('C', 1), row('D', 0)])).toEqual([
      [1, false, ['A']],
      [2, false, ['B']],
      [3, false, ['C']],
    ]);
  });

  it('two teams sharing 3rd both stand on the podium: four teams', () => {
    const rows = [
      row('A', 9, [3, 0, 0]),
      row('B', 6, [2, 0, 0]),
      row('D', 3, [1, 0, 0]),
      row('C', 3, [1, 0, 0]),
    ];
    expect(podium(rows)).toEqual([
      [1, false, ['A']],
      [2, false, ['B']],
      [3, true, ['C', 'D']],
    ]);
  });

  it('equal points broken by 1st-place votes keep their own places', () => {
    // Both 6 points: Zed with two 1st places is 2nd, Abe with one each of 1st, 2nd and 3rd is 3rd.
    const rows = [row('Top', 9, [3, 0, 0]), row('Abe', 6, [1, 1, 1]), row('Zed', 6, [2, 0, 0])];
    expect(podium(rows)).toEqual([
      [1, false, ['Top']],
      [2, false, ['Zed']],
      [3, false, ['Abe']],
    ]);
  });

  it('a three-way tie for 1st fills the podium with no 2nd or 3rd place', () => {
    const rows = [
      row('C', 3, [1, 0, 0]),
      row('A', 3, [1, 0, 0]),
      row('B', 3, [1, 0, 0]),
      row('D', 2, [0, 1, 0]),
    ];
    expect(podium(rows)).toEqual([[1, true, ['A', 'B', 'C']]]);
  });

  it('two sharing 2nd leave no 3rd place', () => {
    const rows = [
      row('A', 9, [3, 0, 0]),
      row('B', 5, [1, 1, 0]),
      row('C', 5, [1, 1, 0]),
      row('D', 1, [0, 0, 1]),
    ];
    expect(podium(rows)).toEqual([
      [1, false, ['A']],
      [2, true, ['B', 'C']],
    ]);
  });

  it('teams nobody ranked never stand on it', () => {
    expect(podium([row('A', 3, [1, 0, 0]), row('B', 0), row('C', 0)])).toEqual([[1, false, ['A']]]);
  });
});

describe("an instructor's paced reveal", () => {
  it('moves 3rd, 2nd, 1st, then the leaderboard', () => {
    const rows = [row('A', 9), row('B', 5), row('C', 3), row('D', 1)];
    expect([0, 1, 2, 3].map((step) => nextRevealStep(rows, step as 0 | 1 | 2 | 3))).toEqual([1, 2, 3, 4]);
  });

  it('skips a place a tie above leaves empty, and goes straight to the leaderboard without a podium', () => {
    // Two teams share 1st: no 2nd place; 3rd, then 1st.
    const shared = [row('A', 9), row('B', 9), row('C', 3)];
    expect(nextRevealStep(shared, 0)).toBe(1);
    expect(nextRevealStep(shared, 1)).toBe(3);
    expect(nextRevealStep([row('A', 3), row('B', 2), row('C', 0)], 0)).toBe(4);
  });

  it('keeps a team page waiting for the big screen while an instructor holds the reveal, not the instructor', () => {
    const held = { ...cohort, revealHeld: true, revealedAt: null } as CohortStatus;
    expect(resultsState(held, loaded([row('A', 3)]))).toBe('room');
    expect(resultsState(held, loaded([row('A', 3)]), true)).toBe('ready');
    const started = { ...held, revealedAt: '2026-12-05T20:00:00.000Z' } as CohortStatus;
    expect(resultsState(started, loaded([row('A', 3)]))).toBe('ready');
    expect(waitsForTheRoom(held, false)).toBe(true);
  });

  it("takes a team's page only as far as the places it was given: a step waits for its places", () => {
    const rows = [row('A', 9), row('B', 5), row('C', 3), row('D', 1)];
    const at = (step: number) =>
      ({
        ...cohort,
        revealHeld: true,
        revealedAt: '2026-12-06T20:00:00.000Z',
        revealStep: step,
      }) as CohortStatus;
    expect(heldStepOf(at(2), false)).toBe(2);
    expect(heldStepOf(at(2), true)).toBeUndefined();
    expect(heldStepOf({ ...at(2), revealHeld: false }, false)).toBeUndefined();
    // The room moved to 2nd; the page still holds the rows of 3rd: it shows 3rd until 2nd's rows arrive.
    expect(revealWithin(at(2), withholdUnrevealed(rows, 1)).revealStep).toBe(1);
    expect(revealWithin(at(2), withholdUnrevealed(rows, 2))).toEqual(at(2));
    // Rows of no place yet: the reveal reads as not started (step 0 of a started reveal would be all of it).
    const none = revealWithin(at(1), withholdUnrevealed(rows, 0));
    expect(none).toMatchObject({ revealedAt: null, revealStep: 0 });
    expect(revealWithin(at(4), rows)).toEqual(at(4));
  });
});
