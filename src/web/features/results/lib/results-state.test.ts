import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { describe, expect, it } from 'vitest';
import { resultRow as row } from '../../../../../testing/web/result-row';
import { hasPodium, podiumPlaces, rankedRows, resultsState } from './results-state';

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
