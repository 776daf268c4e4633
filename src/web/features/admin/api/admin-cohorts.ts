import { queryOptions } from '@tanstack/react-query';
import type { AdminCohort, Cohort, CohortSwitch, CreateCohortBody } from '@shared/schemas/cohort';
import type { DeletedCohort } from '@shared/schemas/data-deletion';
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

export function createCohort(body: CreateCohortBody): Promise<Cohort> {
  return api('/api/admin/cohorts', { method: 'POST', body });
}

/** One switch per call (the server refuses two). */
export function updateCohort(tag: string, name: CohortSwitch, value: boolean): Promise<Cohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}`, { method: 'PATCH', body: { [name]: value } });
}

export function archiveCohort(tag: string): Promise<Cohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/archive`, { method: 'POST' });
}

export function restoreCohort(tag: string): Promise<Cohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/unarchive`, { method: 'POST' });
}

/** Deletes an archived cohort: its teams stay, in no cohort; its ballots go. */
export function deleteCohort(tag: string): Promise<DeletedCohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}`, { method: 'DELETE' });
}
