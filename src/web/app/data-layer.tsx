import { QueryClientProvider, useQueries } from '@tanstack/react-query';
import { PHASE_NUMBERS } from '@shared/phases';
import { STANDARD_PROGRAMME_ID } from '@shared/programme-ref';
import * as React from 'react';
import { PaceBannerHost } from '@/features/pace';
import { usePhasesDone, usePhasesWithData, TeamStreamHost } from '@/features/phase';
import {
  AdoptWorkspaceFromUrl,
  AvatarPickerSlot,
  LinkSwitchHost,
  useWorkspace,
  WorkspaceDialogHost,
} from '@/features/workspace';
import { useAdminStatus } from '@/lib/admin-session';
import { phaseConfigQueryOptions } from '@/lib/phase-config';
import { createQueryClient } from '@/lib/query-client';
import { type ActivityNames, type ShellTeam, writeSessionView } from '@/lib/session-view';
import { programmePhaseQueryOptions, useTeamProgramme } from '@/lib/team-programme';

/**
 * The data layer (docs/decisions/033-the-shell-and-the-data-layer.md): the query client that holds every
 * bit of server state, and what runs beside the pages because of it (the session's view for the frame, a
 * workspace adopted from the URL, the team's live stream, "Switch workspace?", the workspace dialog). Loaded
 * on demand (app/data-layer-loader.ts): a first visit's landing page paints and answers without it; every
 * other page, and every part that reads server state, loads it with its own code.
 */
export const queryClient = createQueryClient();

// A pre-rendered activity page carries the config it was rendered with: the first render uses it as is.
const prerendered =
  typeof document === 'undefined' ? null : document.getElementById('prerendered-data')?.textContent;
if (prerendered) {
  const { phase, config } = JSON.parse(prerendered) as { phase: number; config: unknown };
  queryClient.setQueryData(phaseConfigQueryOptions(phase).queryKey, config as never);
}

/** Server state for the parts under it: every part that reads it is loaded with this around it. */
export function DataProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Mounted once, beside the pages, from the moment the data layer has loaded. */
export function DataHosts() {
  return (
    <DataProvider>
      <SessionViewWriter />
      <AdoptWorkspaceFromUrl />
      <TeamStreamHost />
      <LinkSwitchHost />
      <WorkspaceDialogHost />
    </DataProvider>
  );
}

/** The room's pace, a bar along the bottom of the window, for the open workspace's team. */
export function PaceBannerSlot() {
  return (
    <DataProvider>
      <PaceBannerHost />
    </DataProvider>
  );
}

/** The header's avatar button and its picker, for the open workspace's team. */
export function TeamAvatarSlot({ team }: { team: ShellTeam }) {
  return (
    <DataProvider>
      <AvatarPickerSlot team={team} />
    </DataProvider>
  );
}

/**
 * Keeps the frame's view of the session (lib/session-view.ts) what the query cache says: written before the
 * browser paints, so a returning visitor never sees the first visitor's header.
 */
function SessionViewWriter() {
  const { team } = useWorkspace();
  const { isAdmin } = useAdminStatus();
  const phasesWithData = usePhasesWithData({ enabled: !isAdmin });
  // A first visitor with nothing answered has nothing done: the fields are not asked for.
  const phasesDone = usePhasesDone({ enabled: Boolean(team) || phasesWithData.length > 0 }) ?? [];
  const programme = useTeamProgramme(team?.id);
  const names = useProgrammeNames(programme);
  React.useLayoutEffect(() => {
    writeSessionView({
      team: team
        ? {
            id: team.id,
            code: team.code,
            name: team.name,
            avatarIcon: team.avatarIcon,
            currentPhase: team.currentPhase,
          }
        : null,
      isAdmin,
      phasesWithData,
      phasesDone,
      switchedOff: programme?.switchedOff ?? [],
      names,
    });
  });
  return null;
}

/** The activities' names in a programme other than the standard (read from its version's configs). */
function useProgrammeNames(programme: ReturnType<typeof useTeamProgramme>): readonly ActivityNames[] | null {
  const own = programme !== null && programme.programmeId !== STANDARD_PROGRAMME_ID;
  return useQueries({
    queries: PHASE_NUMBERS.map((phase) => ({
      ...programmePhaseQueryOptions(programme ?? { programmeId: STANDARD_PROGRAMME_ID, version: 1 }, phase),
      enabled: own,
    })),
    combine: (results) => (own && results.every((r) => r.data) ? results.map((r) => r.data!.names) : null),
  });
}
