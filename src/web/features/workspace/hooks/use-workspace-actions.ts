import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { generateWorkspaceCode } from '@shared/workspace-code';
import { useLocation } from 'wouter';
import { ApiError } from '@/lib/api-client';
import { loginTeam, logoutTeam } from '../api/team-session';
import { createTeam, deleteTeam, getTeamByCode, updateAvatar } from '../api/teams';
import { forgetWorkspace, rememberTeam } from '../lib/remember-team';

/**
 * What changes which workspace is open: each a mutation whose success updates the team session query once
 * (through rememberTeam or forgetWorkspace). What to say and where to go is the caller's.
 */

/** Thrown when no workspace has the code given. */
export class WorkspaceNotFoundError extends Error {}

async function createWithFreshCode(name: string): Promise<Team> {
  // The code is drawn on the client; a collision (409) just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await createTeam(name, generateWorkspaceCode());
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
    }
  }
  throw new Error('No free workspace code');
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createWithFreshCode(name),
    onSuccess: (team) => rememberTeam(queryClient, team),
  });
}

/** Opening by code: look the workspace up, then log in with its access token. */
export function useOpenWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const found = await getTeamByCode(code.trim().toUpperCase());
      if (!found) throw new WorkspaceNotFoundError(code);
      return loginTeam(found.accessToken);
    },
    onSuccess: (team) => rememberTeam(queryClient, team),
  });
}

/**
 * Ends the team session (Open Another Workspace, Switch Team, Logout) and goes to `/`. The page leaves the
 * workspace's URL before the workspace is forgotten, so nothing reads its `?team_id=` and opens it again.
 */
export function useEndWorkspace() {
  const leave = useLeaveWorkspace();
  return useMutation({
    mutationFn: () => logoutTeam(),
    onSuccess: leave,
  });
}

/** After the team session ended: to `/` first, then the workspace is forgotten in this browser. */
function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    navigate('/');
    forgetWorkspace(queryClient);
  };
}

/**
 * Deletes the open workspace (the team's own account menu), confirmed with its name; then, as when it is
 * ended, the page goes to `/` and the workspace is forgotten. The server has ended every session of the
 * team and cleared this browser's cookie; a refusal changes nothing.
 */
export function useDeleteWorkspace() {
  const leave = useLeaveWorkspace();
  return useMutation({
    mutationFn: ({ teamId, confirmName }: { teamId: string; confirmName: string }) =>
      deleteTeam(teamId, confirmName),
    onSuccess: leave,
  });
}

export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, avatarIcon }: { teamId: string; avatarIcon: string }) =>
      updateAvatar(teamId, avatarIcon),
    onSuccess: (team) => rememberTeam(queryClient, team),
  });
}

/** The showcase checks the team session: make sure this browser has one for this team first. */
export function useSignInWithToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessToken: string) => loginTeam(accessToken),
    onSuccess: (team) => rememberTeam(queryClient, team),
  });
}
