import { queryOptions } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import { api } from '@/lib/api-client';
import { factKeys } from '@/lib/query-keys';
import { retryWhileSessionStarts } from './phase-data';

/**
 * `GET /api/teams/{teamId}/facts`: the team's shared facts, `{ facts }`, the cache entry the workspace's
 * live events update. Kept apart from practice mode's facts so the header (on the first route) reads it
 * without the facts' definitions.
 */
export function teamFactsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: factKeys.team(teamId) as readonly string[],
    queryFn: () => api<FactsResponse>(`/api/teams/${teamId}/facts`),
    ...retryWhileSessionStarts,
  });
}
