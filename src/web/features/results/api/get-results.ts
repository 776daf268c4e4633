import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ResultRow } from '@shared/schemas/showcase';
import { api } from '@/lib/api-client';
import { showcaseKeys } from '@/lib/query-keys';

/**
 * GET /api/showcase/{tag}/results: fetched only once the results are visible (docs/product.md, Results).
 * `heldStep`, for a team's page while an instructor paces the room's reveal: the step the room is at, read
 * afresh at each step (the server gives a team only the places already out); the rows of the last step stay
 * on screen while the next step's load.
 */
export function resultsQueryOptions(tag: string, resultsVisible: boolean, heldStep?: number) {
  return queryOptions({
    queryKey: [...showcaseKeys.results(tag), heldStep ?? 'all'] as const,
    queryFn: () => api<ResultRow[]>(`/api/showcase/${encodeURIComponent(tag)}/results`),
    enabled: resultsVisible,
    placeholderData: heldStep === undefined ? undefined : keepPreviousData,
  });
}
