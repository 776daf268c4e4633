import type { Team } from '@shared/schemas/team';
import { api } from '@/lib/api-client';

/** PATCH /api/teams/{id}/website: the server adds https:// and refuses anything but http(s). */
export function submitWebsite(teamId: string, websiteUrl: string): Promise<Team> {
  return api<Team>(`/api/teams/${encodeURIComponent(teamId)}/website`, {
    method: 'PATCH',
    body: { websiteUrl },
  });
}
