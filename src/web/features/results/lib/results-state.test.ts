import type { UseQueryResult } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { describe, expect, it } from 'vitest';
import { resultRow as row } from '../../../../../testing/web/result-row';
import { hasPodium, rankedRows, resultsState } from './results-state';

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
