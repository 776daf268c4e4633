import { queryOptions } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import { api } from '@/lib/api-client';
import { cohortKeys } from '@/lib/query-keys';

export const activeCohortsQueryOptions = queryOptions({
  queryKey: cohortKeys.active(),
  queryFn: () => api<AdminCohort[]>('/api/admin/cohorts'),
});

export const archivedCohortsQueryOptions = queryOptions({
  queryKey: cohortKeys.archived(),
  queryFn: () => api<AdminCohort[]>('/api/admin/cohorts/archived'),
});
