import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import * as React from 'react';
import { updateWorkspaceTeam } from '@/features/workspace';
import { clientId } from '@/lib/client-id';
import { mergeLocalPhaseData } from '@/lib/local-workspace-storage';
import { phaseDataListQueryOptions, savePhaseData } from '../api/phase-data';
import type { Answers } from '../lib/answers';
import { type AutosaveQueue, type AutosaveState, createAutosaveQueue } from '../lib/autosave-queue';

type Entry = {
  queue: AutosaveQueue<Answers>;
  listeners: Set<(state: AutosaveState) => void>;
  /** The value this page last sent for each field: its echo from the store is not a teammate's change. */
  sent: Map<string, unknown>;
};

/**
 * One queue per workspace and phase, kept beyond the page's life: leaving an activity while a save is
 * still retrying must not drop it, and coming back must show the unsaved answers, not the older saved ones.
 */
const registry = new Map<string, Entry>();

export function autosaveKey(teamId: string | undefined, phase: number): string {
  return `${teamId ?? 'local'}:${phase}`;
}

/**
 * Keeps the cache in step with a save: the team's list of saved activities (the header's visible phases
 * and every activity's answers) and the open team's current phase, which the server raised.
 */
function recordSaved(queryClient: QueryClient, record: PhaseDataRecord) {
  queryClient.setQueryData(phaseDataListQueryOptions(record.teamId).queryKey, (list) => {
    if (!list) return list;
    // The team's stream may have brought a later save already (its event can arrive before this answer):
    // that record holds this save's fields too, merged on the server in order.
    const cached = list.find((r) => r.phaseNumber === record.phaseNumber);
    if (cached && cached.version > record.version) return list;
    const others = list.filter((r) => r.phaseNumber !== record.phaseNumber);
    return [...others, record].sort((a, b) => a.phaseNumber - b.phaseNumber);
  });
  updateWorkspaceTeam(queryClient, record.teamId, (team) =>
    team.currentPhase >= record.phaseNumber ? team : { ...team, currentPhase: record.phaseNumber },
  );
}

function entryFor(queryClient: QueryClient, teamId: string | undefined, phase: number): Entry {
  const key = autosaveKey(teamId, phase);
  const existing = registry.get(key);
  if (existing) return existing;
  const listeners = new Set<(state: AutosaveState) => void>();
  const sent = new Map<string, unknown>();
  const queue = createAutosaveQueue<Answers>({
    save: async (data, { keepalive, changed }) => {
      for (const field of changed) sent.set(field, data[field]);
      if (teamId) {
        const cached = queryClient
          .getQueryData(phaseDataListQueryOptions(teamId).queryKey)
          ?.find((r) => r.phaseNumber === phase);
        const context = { keepalive, changed, baseVersion: cached?.version, clientId: clientId() };
        recordSaved(queryClient, await savePhaseData(teamId, phase, data, context));
      } else if (!mergeLocalPhaseData(phase, data, changed)) {
        throw new Error('Browser storage is unavailable');
      }
    },
    onStateChange: (state) => {
      for (const listener of listeners) listener(state);
    },
  });
  const entry = { queue, listeners, sent };
  registry.set(key, entry);
  return entry;
}

/**
 * The fields of this workspace and phase still waiting to be saved, with their values (shown over the
 * stored ones, which may hold a teammate's newer answers to the other fields), if any.
 */
export function unsavedAnswers(teamId: string | undefined, phase: number): Partial<Answers> | undefined {
  const queue = registry.get(autosaveKey(teamId, phase))?.queue;
  const data = queue?.unsavedData();
  if (!queue || !data) return undefined;
  return Object.fromEntries(queue.unsavedFields().map((field) => [field, data[field] ?? '']));
}

/** Saves every pending change now (before an export reads the saved answers). */
export async function flushAllAutosaves(): Promise<void> {
  await Promise.all([...registry.values()].map((entry) => entry.queue.flush()));
}

/**
 * Autosave for one activity: `update(answers)` after each change. Flushes when the page
 * is hidden or left (with keepalive), retries when the browser comes back online, and asks before the
 * page unloads with changes not yet saved.
 */
export function usePhaseAutosave(teamId: string | undefined, phase: number) {
  const queryClient = useQueryClient();
  const entry = React.useMemo(() => entryFor(queryClient, teamId, phase), [queryClient, teamId, phase]);
  const [state, setState] = React.useState(() => entry.queue.getState());

  React.useEffect(() => {
    const { queue, listeners } = entry;
    setState(queue.getState());
    listeners.add(setState);
    const flushKeepalive = () => void queue.flush({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushKeepalive();
    };
    const onOnline = () => queue.retryNow();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!queue.hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flushKeepalive);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      listeners.delete(setState);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flushKeepalive);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Moving to another activity: save now rather than after the debounce.
      void queue.flush();
    };
  }, [entry]);

  const update = React.useCallback(
    (answers: Answers, changed?: string[]) => entry.queue.update({ ...answers }, changed),
    [entry],
  );
  const retryNow = React.useCallback(() => entry.queue.retryNow(), [entry]);
  /** What the live-follow rules ask of the queue: which fields are unsaved here, and what was sent. */
  const local = React.useMemo(
    () => ({
      isUnsaved: (field: string) => entry.queue.unsavedFields().includes(field),
      forget: (field: string) => entry.queue.forget(field),
      isSaving: () => entry.queue.getState().status === 'saving',
      wasSentHere: (field: string, value: unknown) =>
        entry.sent.has(field) && entry.sent.get(field) === value,
    }),
    [entry],
  );
  return { state, update, retryNow, local };
}
