import { queryOptions } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import { ApiError, api } from '@/lib/api-client';

export const cohortStatusQueryKey = (tag: string) => ['/api/cohorts', tag, 'status'] as const;

/** GET /api/cohorts/{tag}/status: null for an unknown cohort ('Cohort Not Found'). Kept live by SSE. */
export function cohortStatusQueryOptions(tag: string | undefined) {
  return queryOptions({
    queryKey: cohortStatusQueryKey(tag ?? ''),
    queryFn: async (): Promise<CohortStatus | null> => {
      try {
        return await api<CohortStatus>(`/api/cohorts/${encodeURIComponent(tag!)}/status`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(tag),
  });
}
