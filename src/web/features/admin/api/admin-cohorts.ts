import { queryOptions } from '@tanstack/react-query';
import type { AdminCohort, Cohort } from '@shared/schemas/cohort';
import { api } from '@/lib/api-client';

export const activeCohortsQueryKey = ['/api/admin/cohorts'] as const;
export const archivedCohortsQueryKey = ['/api/admin/cohorts/archived'] as const;

export const activeCohortsQueryOptions = queryOptions({
  queryKey: activeCohortsQueryKey,
  queryFn: () => api<AdminCohort[]>('/api/admin/cohorts'),
});

export const archivedCohortsQueryOptions = queryOptions({
  queryKey: archivedCohortsQueryKey,
  queryFn: () => api<AdminCohort[]>('/api/admin/cohorts/archived'),
});

export type CohortSwitch = 'competitionEnabled' | 'votingOpen' | 'resultsVisible';

export function createCohort(body: { tag: string; name: string; description?: string }): Promise<Cohort> {
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
