import { queryOptions } from '@tanstack/react-query';
import type { DeletedTeam } from '@shared/schemas/data-deletion';
import type { Team } from '@shared/schemas/team';
import { ApiError, api } from '@/lib/api-client';
import { callDefaults } from '@/lib/messages';
import { teamKeys } from '@/lib/query-keys';

/** GET /api/teams/{code}: the workspace, or null when no workspace has that code (with a warning). */
export async function getTeamByCode(code: string): Promise<Team | null> {
  try {
    return await api<Team>(`/api/teams/${encodeURIComponent(code.toUpperCase())}`);
  } catch (error) {
    console.warn(callDefaults.fetchWorkspace, error instanceof Error ? error.message : error);
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A server error or a dropped connection is worth two more tries; a refusal is not. */
export function retryUnlessRefused(failures: number, error: Error): boolean {
  return !(error instanceof ApiError && error.status < 500) && failures < 2;
}

/** A workspace looked up by its code (a code in the URL): cached 5 minutes, 2 retries. */
export function teamByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: teamKeys.byCode(code),
    queryFn: () => getTeamByCode(code),
    staleTime: 5 * 60 * 1000,
    retry: retryUnlessRefused,
  });
}

export function createTeam(name: string, code: string): Promise<Team> {
  return api<Team>('/api/teams', { method: 'POST', body: { name, code } });
}

export function updateAvatar(teamId: string, avatarIcon: string): Promise<Team> {
  return api<Team>(`/api/teams/${teamId}/avatar`, { method: 'PATCH', body: { avatarIcon } });
}

/** Deletes the workspace with its answers, ballot and sessions; `confirmName` is its name, typed. */
export function deleteTeam(teamId: string, confirmName: string): Promise<DeletedTeam> {
  return api<DeletedTeam>(`/api/teams/${encodeURIComponent(teamId)}`, {
    method: 'DELETE',
    body: { confirmName },
  });
}
