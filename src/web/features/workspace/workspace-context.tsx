import { useQuery, useQueryClient } from '@tanstack/react-query';
import { generateWorkspaceCode } from '@shared/workspace-code';
import type { AdminStatus } from '@shared/schemas/auth';
import type { Team } from '@shared/schemas/team';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { adminStatusQueryKey, logoutAdmin } from '@/features/admin/api/admin-session';
import { ApiError } from '@/lib/api-client';
import {
  clearWorkspaceMeta,
  readWorkspaceMeta,
  type WorkspaceMeta,
  writeWorkspaceMeta,
} from '@/lib/local-workspace-storage';
import { messages } from '@/lib/messages';
import {
  createTeam,
  getTeamByCode,
  loginTeam,
  logoutTeam,
  teamQueryOptions,
  updateAvatar,
} from './api/teams';

/** What the app knows of the open workspace: the server's record, or the local one while it loads. */
export type WorkspaceTeam = Pick<Team, 'id' | 'code' | 'name' | 'avatarIcon'> & Partial<Team>;

type DialogState = { open: boolean; destination: 'phase' | 'landing'; phase?: number };

type WorkspaceContextValue = {
  team: WorkspaceTeam | null;
  teamLoading: boolean;
  isPractice: boolean;
  dialog: DialogState;
  openWorkspaceDialog(options?: { destination?: 'phase' | 'landing'; phase?: number }): void;
  closeWorkspaceDialog(): void;
  createWorkspace(name: string): Promise<boolean>;
  openWorkspace(code: string): Promise<boolean>;
  startPractice(): void;
  endWorkspace(): Promise<void>;
  logout(): Promise<void>;
  changeAvatar(avatarIcon: string): Promise<void>;
  /** Links inside the app keep the workspace in the URL (`?team_id=CODE`). */
  withTeam(path: string): string;
};

const WorkspaceContext = React.createContext<WorkspaceContextValue | null>(null);

const PRACTICE_KEY = 'practice_mode';

export function readPractice(): boolean {
  try {
    return sessionStorage.getItem(PRACTICE_KEY) === '1';
  } catch {
    return false;
  }
}

function writePractice(on: boolean) {
  try {
    if (on) sessionStorage.setItem(PRACTICE_KEY, '1');
    else sessionStorage.removeItem(PRACTICE_KEY);
  } catch {
    // Storage unavailable: practice mode then lasts for this page only.
  }
}

function metaFromTeam(team: WorkspaceTeam): Omit<WorkspaceMeta, 'lastAccessed' | 'version'> {
  return { teamId: team.id, teamCode: team.code, teamName: team.name, avatarIcon: team.avatarIcon ?? null };
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function WorkspaceProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [pathname, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const [meta, setMeta] = React.useState(() => readWorkspaceMeta());
  const [isPracticeFlag, setPracticeFlag] = React.useState(readPractice);
  const [dialog, setDialog] = React.useState<DialogState>({ open: false, destination: 'phase' });

  const urlCode = searchParams.get('team_id')?.trim().toUpperCase() || undefined;
  const code = urlCode ?? meta?.teamCode;
  const teamQuery = useQuery(teamQueryOptions(code));

  // The server's record; else the local record for the same code (offline, or the look-up failed).
  const team: WorkspaceTeam | null = React.useMemo(() => {
    if (teamQuery.data) return teamQuery.data;
    if (meta && meta.teamCode === code && (teamQuery.isError || teamQuery.isPending)) {
      return {
        id: meta.teamId,
        code: meta.teamCode,
        name: meta.teamName,
        avatarIcon: meta.avatarIcon ?? null,
      };
    }
    return null;
  }, [teamQuery.data, teamQuery.isError, teamQuery.isPending, meta, code]);

  // The workspace just ended: a late render of its old URL or query must not bring it back.
  const endedCode = React.useRef<string | null>(null);
  const rememberTeam = React.useCallback((next: WorkspaceTeam) => {
    endedCode.current = null;
    writeWorkspaceMeta(metaFromTeam(next));
    setMeta(readWorkspaceMeta());
    writePractice(false);
    setPracticeFlag(false);
  }, []);

  // A workspace reached by its code (another device, a shared link) needs this browser's team session too.
  const sessionChecked = React.useRef<string | null>(null);
  React.useEffect(() => {
    const loaded = teamQuery.data;
    if (!loaded || sessionChecked.current === loaded.id || endedCode.current === loaded.code) return;
    sessionChecked.current = loaded.id;
    // This browser opened it before (its record says so): its session cookie came with it. Otherwise
    // (another device, a shared link) make one now with the access token.
    const knownHere = readWorkspaceMeta()?.teamId === loaded.id;
    rememberTeam(loaded);
    if (!knownHere) void loginTeam(loaded.accessToken).catch(() => undefined);
  }, [teamQuery.data, rememberTeam]);

  // Secure link: `?token=` logs the team in on start; on success the parameter leaves the URL.
  const tokenHandled = React.useRef(false);
  React.useEffect(() => {
    if (tokenHandled.current) return;
    tokenHandled.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get('token');
    if (!token) return;
    loginTeam(token)
      .then((loggedIn) => {
        sessionChecked.current = loggedIn.id;
        queryClient.setQueryData(teamQueryOptions(loggedIn.code).queryKey, loggedIn);
        rememberTeam(loggedIn);
        params.delete('token');
        params.set('team_id', loggedIn.code);
        navigate(`${window.location.pathname}?${params.toString()}`, { replace: true });
      })
      .catch(() => {
        // Failure is ignored silently (docs/product.md, Workspaces and sessions).
      });
  }, [navigate, queryClient, rememberTeam]);

  const goToWorkspace = React.useCallback(
    (selected: WorkspaceTeam, phase: number | undefined, destination: 'phase' | 'landing') => {
      if (destination === 'landing') navigate(`/?team_id=${selected.code}`);
      else navigate(`/phase/${phase ?? 1}?team_id=${selected.code}`);
    },
    [navigate],
  );

  const createWorkspace = React.useCallback(
    async (name: string): Promise<boolean> => {
      try {
        let created: Team | undefined;
        // The code is drawn in the browser; a collision just draws again.
        for (let attempt = 0; attempt < 5 && !created; attempt++) {
          try {
            created = await createTeam(name, generateWorkspaceCode());
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 409)) throw error;
          }
        }
        if (!created) throw new Error('No free workspace code');
        sessionChecked.current = created.id;
        queryClient.setQueryData(teamQueryOptions(created.code).queryKey, created);
        rememberTeam(created);
        setDialog((d) => ({ ...d, open: false }));
        const workspaceCode = created.code;
        toast({
          variant: 'success',
          title: messages.workspaceCreated.title,
          description: (
            <span className="font-mono text-2xl font-bold tracking-[0.3em]" data-testid="created-code">
              {workspaceCode}
            </span>
          ),
          action: (
            <Button
              size="sm"
              variant="outline"
              className="mt-2 w-fit"
              onClick={async () => {
                if (await copyText(workspaceCode)) toast(messages.codeCopied);
              }}
            >
              Copy Workspace Code
            </Button>
          ),
        });
        goToWorkspace(created, dialog.phase ?? 1, dialog.destination);
        return true;
      } catch {
        toast({ variant: 'destructive', ...messages.createWorkspaceError });
        return false;
      }
    },
    [dialog.destination, dialog.phase, goToWorkspace, queryClient, rememberTeam],
  );

  const openWorkspace = React.useCallback(
    async (rawCode: string): Promise<boolean> => {
      const wanted = rawCode.trim().toUpperCase();
      let found: Team | null;
      try {
        found = await getTeamByCode(wanted);
      } catch {
        toast({ variant: 'destructive', ...messages.openWorkspaceError });
        return false;
      }
      if (!found) {
        toast({ variant: 'destructive', ...messages.workspaceNotFound });
        return false;
      }
      try {
        await loginTeam(found.accessToken);
      } catch {
        toast({ variant: 'destructive', ...messages.openWorkspaceError });
        return false;
      }
      sessionChecked.current = found.id;
      queryClient.setQueryData(teamQueryOptions(found.code).queryKey, found);
      rememberTeam(found);
      setDialog((d) => ({ ...d, open: false }));
      toast(messages.workspaceOpened(found.name));
      goToWorkspace(found, dialog.phase ?? found.currentPhase, dialog.destination);
      return true;
    },
    [dialog.destination, dialog.phase, goToWorkspace, queryClient, rememberTeam],
  );

  const startPractice = React.useCallback(() => {
    writePractice(true);
    setPracticeFlag(true);
    setDialog((d) => ({ ...d, open: false }));
    const onPhase = pathname.startsWith('/phase/');
    if (!onPhase) navigate(`/phase/${dialog.phase ?? 1}`);
  }, [dialog.phase, pathname, navigate]);

  const forgetWorkspace = React.useCallback(() => {
    endedCode.current = code ?? null;
    clearWorkspaceMeta();
    setMeta(null);
    sessionChecked.current = null;
    queryClient.removeQueries({ queryKey: ['/api/teams'] });
    queryClient.removeQueries({ queryKey: ['/api/phase-data'] });
  }, [code, queryClient]);

  const endWorkspace = React.useCallback(async () => {
    try {
      await logoutTeam();
    } catch {
      toast({ variant: 'destructive', ...messages.switchWorkspaceFailed });
      return;
    }
    // Leave the workspace's URL first, so nothing re-reads its ?team_id= after it is forgotten.
    flushSync(() => navigate('/'));
    forgetWorkspace();
    toast(messages.workspaceEnded);
    setDialog({ open: true, destination: 'phase' });
  }, [forgetWorkspace, navigate]);

  const logout = React.useCallback(async () => {
    const isAdmin = queryClient.getQueryData<AdminStatus>(adminStatusQueryKey)?.isAuthenticated;
    try {
      await logoutTeam();
      if (isAdmin) await logoutAdmin();
    } catch {
      toast({ variant: 'destructive', ...messages.logoutFailed });
      if (isAdmin) queryClient.setQueryData(adminStatusQueryKey, { isAuthenticated: false, user: null });
      return;
    }
    queryClient.setQueryData(adminStatusQueryKey, { isAuthenticated: false, user: null });
    flushSync(() => navigate('/'));
    forgetWorkspace();
    writePractice(false);
    setPracticeFlag(false);
    toast(messages.loggedOut);
  }, [forgetWorkspace, navigate, queryClient]);

  const changeAvatar = React.useCallback(
    async (avatarIcon: string) => {
      if (!team) return;
      try {
        const updated = await updateAvatar(team.id, avatarIcon);
        queryClient.setQueryData(teamQueryOptions(updated.code).queryKey, updated);
        rememberTeam(updated);
        toast(messages.avatarUpdated);
      } catch {
        toast({ variant: 'destructive', ...messages.avatarUpdateFailed });
      }
    },
    [team, queryClient, rememberTeam],
  );

  const withTeam = React.useCallback(
    (path: string) => (team ? `${path}${path.includes('?') ? '&' : '?'}team_id=${team.code}` : path),
    [team],
  );

  const teamLoading = Boolean(code) && teamQuery.isPending && !team;
  const isPractice = isPracticeFlag && !team;
  const openWorkspaceDialog = React.useCallback(
    (options?: { destination?: 'phase' | 'landing'; phase?: number }) =>
      setDialog({ open: true, destination: options?.destination ?? 'phase', phase: options?.phase }),
    [],
  );
  const closeWorkspaceDialog = React.useCallback(() => setDialog((d) => ({ ...d, open: false })), []);

  const value: WorkspaceContextValue = React.useMemo(
    () => ({
      team,
      teamLoading,
      isPractice,
      dialog,
      openWorkspaceDialog,
      closeWorkspaceDialog,
      createWorkspace,
      openWorkspace,
      startPractice,
      endWorkspace,
      logout,
      changeAvatar,
      withTeam,
    }),
    [
      team,
      teamLoading,
      isPractice,
      dialog,
      openWorkspaceDialog,
      closeWorkspaceDialog,
      createWorkspace,
      openWorkspace,
      startPractice,
      endWorkspace,
      logout,
      changeAvatar,
      withTeam,
    ],
  );

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceContextValue {
  const value = React.useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace needs a WorkspaceProvider');
  return value;
}
