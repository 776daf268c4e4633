import type { QueryClient } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { clearWorkspaceMeta, writeWorkspaceMeta } from '@/lib/workspace-meta';
import { phaseDataKeys, teamKeys } from '@/lib/query-keys';
import { forgetPracticeChoice } from '../workspace-ui';

/** The local workspace record (the first paint's and the offline fallback) for this team. */
export function rememberTeamLocally(team: Team): void {
  writeWorkspaceMeta({
    teamId: team.id,
    teamCode: team.code,
    teamName: team.name,
    avatarIcon: team.avatarIcon ?? null,
  });
}

/**
 * The workspace now open in this browser, after creating, opening, adopting or updating it: the session
 * query holds it, the local record follows, and practice mode ends. Every way in goes through here.
 */
export function rememberTeam(queryClient: QueryClient, team: Team): void {
  queryClient.setQueryData(teamKeys.session(), team);
  rememberTeamLocally(team);
  forgetPracticeChoice();
}

/**
 * No workspace open any more (after the team session ended): the session is empty, the local record
 * goes, and so do the looked-up teams and saved answers. The instructor's lists stay.
 */
export function forgetWorkspace(queryClient: QueryClient): void {
  queryClient.setQueryData(teamKeys.session(), null);
  clearWorkspaceMeta();
  queryClient.removeQueries({ queryKey: teamKeys.byCodeAll() });
  queryClient.removeQueries({ queryKey: phaseDataKeys.all });
}

/** A change the server made to the open team (its current phase after a save), wherever it is cached. */
export function updateWorkspaceTeam(
  queryClient: QueryClient,
  teamId: string,
  change: (team: Team) => Team,
): void {
  const apply = (team: Team | null | undefined) => (team && team.id === teamId ? change(team) : team);
  queryClient.setQueryData<Team | null>(teamKeys.session(), apply);
  queryClient.setQueriesData<Team | null>({ queryKey: teamKeys.byCodeAll() }, apply);
}
