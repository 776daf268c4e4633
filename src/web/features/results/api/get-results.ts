import { queryOptions } from '@tanstack/react-query';
import type { ResultRow } from '@shared/schemas/showcase';
import { api } from '@/lib/api-client';

export const resultsQueryKey = (tag: string) => ['/api/showcase', tag, 'results'] as const;

/** GET /api/showcase/{tag}/results: fetched only once the results are visible (docs/product.md, Results). */
export function resultsQueryOptions(tag: string, resultsVisible: boolean) {
  return queryOptions({
    queryKey: resultsQueryKey(tag),
    queryFn: () => api<ResultRow[]>(`/api/showcase/${encodeURIComponent(tag)}/results`),
    enabled: resultsVisible,
  });
}
