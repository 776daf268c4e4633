import { queryOptions } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { ApiError, api } from '@/lib/api-client';

/** GET /api/teams/{code}: the workspace, or null when it cannot be had (with a warning). */
export async function getTeamByCode(code: string): Promise<Team | null> {
  try {
    return await api<Team>(`/api/teams/${encodeURIComponent(code.toUpperCase())}`);
  } catch (error) {
    console.warn('Failed to fetch workspace data', error instanceof Error ? error.message : error);
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Cached 5 minutes with 2 retries (docs/product.md, Limits and constants); key `/api/teams/{code}`. */
export function teamQueryOptions(code: string | undefined) {
  return queryOptions({
    queryKey: ['/api/teams', code?.toUpperCase()],
    queryFn: () => getTeamByCode(code!),
    enabled: Boolean(code),
    staleTime: 5 * 60 * 1000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function createTeam(name: string, code: string): Promise<Team> {
  return api<Team>('/api/teams', { method: 'POST', body: { name, code } });
}

export function loginTeam(accessToken: string): Promise<Team> {
  return api<Team>('/api/auth/team/login', { method: 'POST', body: { access_token: accessToken } });
}

export function logoutTeam(): Promise<unknown> {
  return api('/api/auth/team/logout', { method: 'POST' });
}

export function updateAvatar(teamId: string, avatarIcon: string): Promise<Team> {
  return api<Team>(`/api/teams/${teamId}/avatar`, { method: 'PATCH', body: { avatarIcon } });
}
