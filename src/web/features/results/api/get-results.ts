import { queryOptions } from '@tanstack/react-query';
import type { ResultRow } from '@shared/schemas/showcase';
import { api } from '@/lib/api-client';
import { showcaseKeys } from '@/lib/query-keys';

/** GET /api/showcase/{tag}/results: fetched only once the results are visible (docs/product.md, Results). */
export function resultsQueryOptions(tag: string, resultsVisible: boolean) {
  return queryOptions({
    queryKey: showcaseKeys.results(tag),
    queryFn: () => api<ResultRow[]>(`/api/showcase/${encodeURIComponent(tag)}/results`),
    enabled: resultsVisible,
  });
}
