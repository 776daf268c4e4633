import type { Team } from '@shared/schemas/team';
import type { WorkspaceMeta } from '@/lib/workspace-meta';

/** What the app knows of the open workspace: the server's record, or the local one while it loads. */
export type WorkspaceTeam = Pick<Team, 'id' | 'code' | 'name' | 'avatarIcon'> & Partial<Team>;

type QueryState<T> = { status: 'pending' | 'error' | 'success'; data: T | undefined };

export type WorkspaceInputs = {
  /** `?team_id=` of the URL, uppercased. */
  urlCode: string | undefined;
  /** The team session query. */
  session: QueryState<Team | null>;
  /** The look-up of `urlCode`, when one was asked for. */
  lookup: QueryState<Team | null> | undefined;
  /** The local workspace record. */
  remembered: WorkspaceMeta | null;
};

export type ResolvedWorkspace = {
  team: WorkspaceTeam | null;
  /** Nothing to show yet, and something is on its way (a code in the URL being looked up). */
  loading: boolean;
  /** The answer is final: no team now means there is none (the page may ask for one). */
  settled: boolean;
  /** The URL's code must be looked up (the session is another team's, or none). */
  lookupCode: string | undefined;
  /** A looked-up workspace while this browser has no session: log in with its access token. */
  adopt: Team | undefined;
  /**
   * A looked-up workspace other than the one open in this browser: the open one stays shown until the
   * person answers "Switch workspace?".
   */
  confirm: Team | undefined;
};

function fromRecord(meta: WorkspaceMeta): WorkspaceTeam {
  return { id: meta.teamId, code: meta.teamCode, name: meta.teamName, avatarIcon: meta.avatarIcon };
}

/** The answer: this team shown, with nothing loading, looked up, adopted or confirmed unless `more` says so. */
function resolved(
  team: WorkspaceTeam | null,
  settled: boolean,
  more: Partial<ResolvedWorkspace> = {},
): ResolvedWorkspace {
  return {
    team,
    loading: false,
    settled,
    lookupCode: undefined,
    adopt: undefined,
    confirm: undefined,
    ...more,
  };
}

/**
 * Which workspace is open. The team session is the truth. A code in the URL asks for that workspace: it is
 * looked up (unless the session or the local record already is it) and shown, and this browser logs in to
 * it, or, when another workspace is open, asks first. While the session is unknown (first paint) or unreachable (offline), the local record stands in.
 */
export function resolveWorkspace({
  urlCode,
  session,
  lookup,
  remembered,
}: WorkspaceInputs): ResolvedWorkspace {
  const sessionTeam = session.status === 'success' ? (session.data ?? null) : undefined;
  const fallback = session.status === 'success' ? null : remembered;

  if (!urlCode) {
    if (sessionTeam !== undefined) return resolved(sessionTeam, true);
    return resolved(fallback ? fromRecord(fallback) : null, session.status === 'error');
  }

  if (sessionTeam?.code === urlCode) return resolved(sessionTeam, true);
  const rememberedHere = fallback?.teamCode === urlCode ? fallback : null;
  // While the session may still turn out to be the remembered workspace, there is nothing to look up.
  if (rememberedHere && session.status === 'pending') return resolved(fromRecord(rememberedHere), false);
  if (lookup?.status === 'success') {
    const found = lookup.data ?? null;
    if (found && sessionTeam && sessionTeam.id !== found.id) {
      return resolved(sessionTeam, true, { lookupCode: urlCode, confirm: found });
    }
    const adopt = found && sessionTeam === null ? found : undefined;
    return resolved(found, true, { lookupCode: urlCode, adopt });
  }
  return resolved(rememberedHere ? fromRecord(rememberedHere) : null, lookup?.status === 'error', {
    loading: !rememberedHere && lookup?.status !== 'error',
    lookupCode: urlCode,
  });
}
