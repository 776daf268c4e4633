import type { CohortRunSettings, CohortRunSettingsChange } from '@shared/schemas/runs';
import { api } from '@/lib/api-client';

/** `PATCH /api/admin/cohorts/{tag}/runs` (instructors): any of a cohort's run settings. */
export function setCohortRuns(tag: string, change: CohortRunSettingsChange): Promise<CohortRunSettings> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/runs`, { method: 'PATCH', body: change });
}
