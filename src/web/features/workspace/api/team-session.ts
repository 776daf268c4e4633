import { queryOptions } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { TEAM_SESSION_HINT_COOKIE } from '@shared/session-hint';
import { navigate } from 'wouter/use-browser-location';
import { ApiError, api } from '@/lib/api-client';
import { clearWorkspaceMeta, readWorkspaceMeta } from '@/lib/workspace-meta';
import { teamKeys } from '@/lib/query-keys';
import { holdLinkToken } from '../lib/held-link-token';
import { rememberTeamLocally } from '../lib/remember-team';
import { retryUnlessRefused } from './teams';

export function loginTeam(accessToken: string): Promise<Team> {
  return api<Team>('/api/auth/team/login', { method: 'POST', body: { access_token: accessToken } });
}

export function logoutTeam(): Promise<unknown> {
  return api('/api/auth/team/logout', { method: 'POST' });
}

/** The secure link's `?token=`, handed out once: a later refetch of the session must not log in again. */
let secureLinkToken: string | null | undefined;
function takeSecureLinkToken(): string | null {
  if (secureLinkToken !== undefined) return null;
  secureLinkToken = new URLSearchParams(window.location.search).get('token');
  return secureLinkToken;
}

/** After a secure-link login the token leaves the URL, and the workspace's code takes its place. */
export function replaceTokenWithCode(code: string) {
  const params = new URLSearchParams(window.location.search);
  params.delete('token');
  params.set('team_id', code);
  navigate(`${window.location.pathname}?${params.toString()}`, { replace: true });
}

/**
 * Whether this browser may hold a team session: the server's hint cookie (set and cleared with the session
 * cookie, which the page cannot read), or a workspace remembered here. Without either the server would
 * only answer 401, which the browser logs as an error on a visitor's every first page.
 */
function mayHaveSession(): boolean {
  const hint = `${TEAM_SESSION_HINT_COOKIE}=`;
  return document.cookie.split('; ').some((c) => c.startsWith(hint)) || readWorkspaceMeta() !== null;
}

/** The session this browser already has (null without one), keeping the local record in step. */
async function currentSession(): Promise<Team | null> {
  if (!mayHaveSession()) return null;
  try {
    const { team } = await api<{ team: Team }>('/api/auth/team/status');
    rememberTeamLocally(team);
    return team;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    clearWorkspaceMeta();
    return null;
  }
}

/** A link names the open workspace when its token is the team's, or its `?team_id=` is the team's code. */
function linkNamesTeam(team: Team, token: string): boolean {
  const code = new URLSearchParams(window.location.search).get('team_id')?.trim().toUpperCase();
  return team.accessToken === token || code === team.code;
}

/**
 * This browser's team session: the team whose workspace is open, or null. On start, a secure link
 * (`?token=`) logs its team in, when no workspace is open; a token that fails is ignored silently. A link
 * for another workspace than the open one is held, and the person is asked first ("Switch workspace?");
 * one for the open workspace just leaves the URL. Each answer keeps the local workspace record in step with
 * the server (written for a team, removed without one).
 */
async function fetchTeamSession(): Promise<Team | null> {
  const token = takeSecureLinkToken();
  if (!token) return currentSession();
  let current: Team | null;
  try {
    current = await currentSession();
  } catch (error) {
    // Not answered (offline, a server error): the next try reads the token again.
    secureLinkToken = undefined;
    throw error;
  }
  if (current) {
    if (linkNamesTeam(current, token)) replaceTokenWithCode(current.code);
    else holdLinkToken(token);
    return current;
  }
  try {
    const team = await loginTeam(token);
    replaceTokenWithCode(team.code);
    rememberTeamLocally(team);
    return team;
  } catch {
    // Ignored: this browser has no session, and the link gives none.
    return null;
  }
}

/**
 * GET /api/auth/team/status (401 = no session), asked only when a session may exist: which workspace is
 * open, for every part of the app.
 */
export const teamSessionQueryOptions = queryOptions({
  queryKey: teamKeys.session(),
  queryFn: fetchTeamSession,
  retry: retryUnlessRefused,
});
