import { queryOptions } from '@tanstack/react-query';
import type { TeamRuns } from '@shared/schemas/runs';
import { api } from '@/lib/api-client';
import { runKeys } from '@/lib/query-keys';
import { runsPath } from './runs-path';

/** `GET /api/teams/{teamId}/runs`: the team's runs, newest first, and its allowance. */
export function teamRunsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: runKeys.team(teamId),
    queryFn: () => api<TeamRuns>(runsPath(teamId)),
  });
}
