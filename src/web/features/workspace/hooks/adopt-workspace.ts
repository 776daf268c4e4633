import type { QueryClient } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { loginTeam } from '../api/team-session';
import { rememberTeam } from '../lib/remember-team';

/** Logins under way, by team: however often a render asks, one login per workspace at a time. */
const underWay = new Map<string, Promise<void>>();

/** Logs this browser in to a workspace it looked up by code; a refusal leaves it shown but not signed in. */
export function adoptWorkspace(queryClient: QueryClient, team: Team): void {
  if (underWay.has(team.id)) return;
  const login = loginTeam(team.accessToken)
    .then((signedIn) => rememberTeam(queryClient, signedIn))
    .catch(() => undefined)
    .finally(() => underWay.delete(team.id));
  underWay.set(team.id, login);
}
