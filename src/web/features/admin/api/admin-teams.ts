import { queryOptions } from '@tanstack/react-query';
import type { TeamAssignmentResult } from '@shared/schemas/admin';
import type { AdminTeam } from '@shared/schemas/team';
import { api } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';

export const adminTeamsQueryOptions = queryOptions({
  queryKey: teamKeys.adminList(),
  queryFn: () => api<AdminTeam[]>('/api/teams'),
});

export function assignTeams(tag: string, teamIds: string[]): Promise<TeamAssignmentResult> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/teams`, { method: 'POST', body: { teamIds } });
}

export function unassignTeams(teamIds: string[]): Promise<TeamAssignmentResult> {
  return api('/api/admin/cohorts/unassign-teams', { method: 'PATCH', body: { teamIds } });
}
