import { queryOptions } from '@tanstack/react-query';
import type { AdminRuns } from '@shared/schemas/runs';
import { api } from '@/lib/api-client';
import { runKeys } from '@/lib/query-keys';

/** `GET /api/admin/runs` (instructors): the model, every active cohort's settings and every team's use. */
export function adminRunsQueryOptions() {
  return queryOptions({ queryKey: runKeys.admin(), queryFn: () => api<AdminRuns>('/api/admin/runs') });
}
