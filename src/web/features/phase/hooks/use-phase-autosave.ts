import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import * as React from 'react';
import { updateWorkspaceTeam } from '@/features/workspace';
import { clientId } from '@/lib/client-id';
import { mergeLocalPhaseData } from '@/lib/local-workspace-storage';
import { phaseDataListQueryOptions, savePhaseData } from '../api/phase-data';
import { isSharedFactId } from '@shared/shared-facts';
import { factsQueryOptions, factValues } from '../api/facts';
import type { Answers } from '../lib/answers';
import { type AutosaveQueue, type AutosaveState, createAutosaveQueue } from '../lib/autosave-queue';
import { flushAllFactAutosaves, useFactsAutosave } from './use-facts-autosave';
import { useQueueLifecycle } from './use-queue-lifecycle';

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
  await flushAllFactAutosaves();
}

/** What the save status shows for the activity's answers and its facts together: the worse of the two. */
function combinedState(answers: AutosaveState, facts: AutosaveState): AutosaveState {
  const rank = { error: 4, saving: 3, pending: 2, saved: 1, idle: 0 } as const;
  const worse = rank[facts.status] > rank[answers.status] ? facts : answers;
  const times = [answers.lastSavedAt, facts.lastSavedAt].filter((t): t is Date => t !== null);
  const lastSavedAt = times.length > 0 ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
  return { ...worse, lastSavedAt };
}

/**
 * Autosave for one activity: `update(answers)` after each change. Flushes when the page
 * is hidden or left (with keepalive), retries when the browser comes back online, and asks before the
 * page unloads with changes not yet saved.
 */
export function usePhaseAutosave(teamId: string | undefined, phase: number) {
  const queryClient = useQueryClient();
  const entry = React.useMemo(() => entryFor(queryClient, teamId, phase), [queryClient, teamId, phase]);
  const state = useQueueLifecycle(entry);
  const facts = useFactsAutosave(teamId, phase);
  const factsUnsaved = facts.hasUnsavedChanges;

  React.useEffect(() => {
    const { queue } = entry;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!queue.hasUnsavedChanges() && !factsUnsaved()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [entry, factsUnsaved]);

  const factsUpdate = facts.update;
  // The shared facts go to the team's one copy; the rest are this activity's answers, of which a save names
  // the fields edited here (`changed`), so a teammate's answer saved meanwhile stays.
  const lastOwn = React.useRef<string | undefined>(undefined);
  const update = React.useCallback(
    (answers: Answers, changed?: string[]) => {
      const own: Answers = {};
      const changedFacts: Record<string, string> = {};
      const known = factValues(queryClient.getQueryData(factsQueryOptions(teamId).queryKey));
      for (const [id, value] of Object.entries(answers)) {
        if (!isSharedFactId(id)) own[id] = value ?? '';
        // Only a fact edited here is written: one shown here while a teammate's newer copy waits to be
        // followed (or is offered in a note) must not go back over it.
        else if (changed && !changed.includes(id)) continue;
        else if ((known[id] ?? '') !== (value ?? '')) changedFacts[id] = value ?? '';
      }
      if (Object.keys(changedFacts).length > 0) factsUpdate(changedFacts);
      const ownChanged = changed?.filter((id) => !isSharedFactId(id));
      if (ownChanged) {
        if (ownChanged.length === 0) return;
        lastOwn.current = JSON.stringify(own);
        entry.queue.update(own, ownChanged);
        return;
      }
      const ownText = JSON.stringify(own);
      if (ownText === lastOwn.current) return;
      lastOwn.current = ownText;
      entry.queue.update(own);
    },
    [entry, factsUpdate, queryClient, teamId],
  );
  const factsRetry = facts.retryNow;
  const retryNow = React.useCallback(() => {
    entry.queue.retryNow();
    factsRetry();
  }, [entry, factsRetry]);
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
  return { state: combinedState(state, facts.state), update, retryNow, local };
}
