import { queryOptions } from '@tanstack/react-query';
import type { ShowcaseTeam } from '@shared/schemas/showcase';
import { api } from '@/lib/api-client';
import { showcaseKeys } from '@/lib/query-keys';

/** GET /api/showcase/{tag}: the cohort's teams (401 without a team session, 403 before submitting). */
export function showcaseTeamsQueryOptions(tag: string, enabled = true) {
  return queryOptions({
    queryKey: showcaseKeys.teams(tag),
    queryFn: () => api<ShowcaseTeam[]>(`/api/showcase/${encodeURIComponent(tag)}`),
    enabled,
  });
}
