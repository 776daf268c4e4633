import { api } from '@/lib/api-client';

/** `PATCH /api/admin/teams/{teamId}/runs` (instructors): pause a team's runs, or let them go on. */
export function setTeamPaused(teamId: string, paused: boolean): Promise<{ paused: boolean }> {
  return api(`/api/admin/teams/${encodeURIComponent(teamId)}/runs`, { method: 'PATCH', body: { paused } });
}
