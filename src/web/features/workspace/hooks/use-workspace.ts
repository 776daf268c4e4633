import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useSearchParams } from 'wouter';
import { withTeamCode } from '@/lib/session-view';
import { readWorkspaceMeta } from '@/lib/workspace-meta';
import { teamSessionQueryOptions } from '../api/team-session';
import { teamByCodeQueryOptions } from '../api/teams';
import { type ResolvedWorkspace, resolveWorkspace, type WorkspaceTeam } from '../lib/resolve-workspace';
import { type WorkspaceMode, workspaceModeOf } from '../lib/workspace-mode';
import { useWorkspaceUi } from '../workspace-ui';
import { adoptWorkspace } from './adopt-workspace';

export function useResolvedWorkspace(): ResolvedWorkspace {
  const [searchParams] = useSearchParams();
  const urlCode = searchParams.get('team_id')?.trim().toUpperCase() || undefined;
  const session = useQuery(teamSessionQueryOptions);
  // Read only until the session has answered: after that the session alone decides.
  const remembered = session.status === 'success' ? null : readWorkspaceMeta();
  const first = resolveWorkspace({ urlCode, session, lookup: undefined, remembered });
  const lookup = useQuery({
    ...teamByCodeQueryOptions(first.lookupCode ?? ''),
    enabled: first.lookupCode !== undefined,
  });
  const resolved =
    first.lookupCode === undefined ? first : resolveWorkspace({ urlCode, session, lookup, remembered });
  // A pre-rendered page is adopted (hydrated) in slices, and the session may answer in between: a part
  // adopted after that must still show what the page was rendered with (no workspace), or React finds HTML
  // that does not match and renders the page again. Once adopted, React renders the workspace at once.
  const shown = workspaceKey(resolved);
  const adopted = React.useSyncExternalStore(
    subscribeNever,
    () => shown,
    () => workspaceKey(RENDERED_AHEAD),
  );
  return adopted === shown ? resolved : RENDERED_AHEAD;
}

/** What a page rendered ahead of time shows: no workspace, nothing loading. */
const RENDERED_AHEAD: ResolvedWorkspace = {
  team: null,
  loading: false,
  settled: false,
  lookupCode: undefined,
  adopt: undefined,
  confirm: undefined,
};
const workspaceKey = (w: ResolvedWorkspace) => w.team?.id ?? (w.loading ? 'loading' : 'none');
const subscribeNever = () => () => {};

export type Workspace = {
  /** The open workspace, or null (none: practice mode). */
  team: WorkspaceTeam | null;
  /** A workspace is being opened from a code in the URL: show a spinner, not an empty page. */
  teamLoading: boolean;
  /**
   * Workspace or practice mode, decided here once (lib/workspace-mode.ts): where answers go and what the
   * page says about it are read from this, never worked out again from `team`.
   */
  mode: WorkspaceMode;
  /** Links inside the app keep the workspace in the URL (`?team_id=CODE`). */
  withTeam(path: string): string;
};

/** The open workspace, for any part of the app. */
export function useWorkspace(): Workspace {
  const { team, loading, settled } = useResolvedWorkspace();
  const { practiceChoice } = useWorkspaceUi();
  // The same object while nothing in it changed: memoised parts of a page take it as a prop.
  const mode = React.useMemo(
    () => workspaceModeOf(team, settled, practiceChoice),
    [team, settled, practiceChoice],
  );
  const code = team?.code;
  const withTeam = React.useCallback((path: string) => withTeamCode(code, path), [code]);
  return { team, teamLoading: loading, mode, withTeam };
}

/**
 * Mounted once, beside the pages: a workspace reached by a code in the URL (another device, a shared link)
 * gets this browser's team session, with its access token.
 */
export function AdoptWorkspaceFromUrl(): null {
  const queryClient = useQueryClient();
  const { adopt } = useResolvedWorkspace();
  React.useEffect(() => {
    if (adopt) adoptWorkspace(queryClient, adopt);
  }, [adopt, queryClient]);
  return null;
}

/** The team session itself, for a page the server admits by it (the showcase): pending until it answers. */
export function useTeamSession() {
  return useQuery(teamSessionQueryOptions);
}
