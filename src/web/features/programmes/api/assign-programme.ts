import { api } from '@/lib/api-client';

/** `PUT /api/admin/cohorts/:tag/programme`: the (published) programme the cohort runs. */
export function assignProgramme(cohortTag: string, programmeId: string): Promise<unknown> {
  return api(`/api/admin/cohorts/${encodeURIComponent(cohortTag)}/programme`, {
    method: 'PUT',
    body: { programmeId },
  });
}
