import { useQuery } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { teamSessionQueryOptions } from '../api/team-session';
import { useHeldLinkToken } from '../lib/held-link-token';
import { useResolvedWorkspace } from './use-workspace';

/** A link for another workspace than the open one: what "Switch workspace?" asks about. */
export type LinkSwitch = {
  /** The workspace open in this browser (its team session). */
  current: Team;
  /** The link's workspace, when the link names it (`?team_id=`); a bare `?token=` does not. */
  target: Team | undefined;
  /** What logs in to the link's workspace: the link's token, else the looked-up team's access token. */
  token: string;
};

/**
 * Whether the URL holds a link (`?team_id=` or `?token=`) for another workspace than the one open here.
 * A link for the open workspace, or any link while none is open, is not a question: it just opens.
 */
export function useLinkSwitch(): LinkSwitch | null {
  const session = useQuery(teamSessionQueryOptions);
  const resolved = useResolvedWorkspace();
  const heldToken = useHeldLinkToken();
  const current = session.status === 'success' ? session.data : null;
  if (!current) return null;
  if (resolved.confirm) {
    return { current, target: resolved.confirm, token: heldToken ?? resolved.confirm.accessToken };
  }
  // A token whose link also names a code waits for that code's look-up, to say which workspace it opens.
  if (heldToken && !resolved.loading) return { current, target: undefined, token: heldToken };
  return null;
}
