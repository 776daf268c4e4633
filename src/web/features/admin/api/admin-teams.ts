import { queryOptions } from '@tanstack/react-query';
import type { TeamAssignmentResult } from '@shared/schemas/admin';
import type { DeletedTeam } from '@shared/schemas/data-deletion';
import type { AdminTeam, Team } from '@shared/schemas/team';
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

/** A leaked code: the team gets a new Workspace Code and access token; its sessions end, its answers stay. */
export function rotateTeamCode(teamId: string): Promise<Team> {
  return api(`/api/admin/teams/${encodeURIComponent(teamId)}/rotate-code`, { method: 'POST' });
}

/** Deletes a team with its answers, ballot and sessions; `confirmName` is its name, typed. */
export function deleteTeam(teamId: string, confirmName: string): Promise<DeletedTeam> {
  return api(`/api/teams/${encodeURIComponent(teamId)}`, { method: 'DELETE', body: { confirmName } });
}
