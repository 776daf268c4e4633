import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { isSharedFactId } from '@shared/shared-facts';
import * as React from 'react';
import type { Store } from '@/lib/store';
import { factValues } from '../api/facts';
import type { Answers } from '../lib/answers';
import { type AutosaveState, createAutosaveQueue } from '../lib/autosave-queue';
import type { AnswerStore } from '../store/answer-store';
import { type QueueEntry, QueueRegistry, useQueueLifecycle } from '../store/autosave-queues';
import { flushAllFactAutosaves, unsavedFacts, useFactsAutosave } from './use-facts-autosave';
import { caretIn, textScope } from './use-live-texts';

type AnswersEntry = QueueEntry<Answers> & {
  /** The value this page last sent for each field: its echo from the store is not a teammate's change. */
  sent: Map<string, unknown>;
};

/** One queue per store and activity, kept while it has answers to save (store/autosave-queues.ts). */
const answerQueues = new QueueRegistry<AnswersEntry>();

const queueKey = (store: AnswerStore, phase: number) => `${store.key}:${phase}`;

function answersEntry(queryClient: QueryClient, store: AnswerStore, phase: number): AnswersEntry {
  return answerQueues.get(queueKey(store, phase), (state: Store<AutosaveState>) => {
    const sent = new Map<string, unknown>();
    const queue = createAutosaveQueue<Answers>({
      save: async (data, { keepalive, changed }) => {
        for (const field of changed) sent.set(field, data[field]);
        await store.saveActivity(queryClient, phase, data, { changed, keepalive });
      },
      onStateChange: (next) => state.set(next),
    });
    return { queue, sent };
  });
}

/**
 * The fields of this store's activity still waiting to be saved, with their values (shown over the stored
 * ones, which may hold a teammate's newer answers to the other fields), if any.
 */
export function unsavedAnswers(store: AnswerStore, phase: number): Partial<Answers> | undefined {
  const queue = answerQueues.peek(queueKey(store, phase))?.queue;
  const data = queue?.unsavedData();
  if (!queue || !data) return undefined;
  return Object.fromEntries(queue.unsavedFields().map((field) => [field, data[field] ?? '']));
}

/** Saves every pending change now (before an export reads the saved answers). */
export async function flushAllAutosaves(): Promise<void> {
  await Promise.all(answerQueues.all().map((entry) => entry.queue.flush()));
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
 * Autosave for one activity of the store: `update(answers)` after each change. Flushes when the page
 * is hidden or left (with keepalive), retries when the browser comes back online, and asks before the
 * page unloads with changes not yet saved.
 */
export function usePhaseAutosave(store: AnswerStore, phase: number) {
  const queryClient = useQueryClient();
  const entry = React.useMemo(() => answersEntry(queryClient, store, phase), [queryClient, store, phase]);
  const state = useQueueLifecycle(answerQueues, queueKey(store, phase), entry);
  const facts = useFactsAutosave(store, phase);
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
      // What was typed into a text this page has a copy of is an edit of its document, where it was made.
      for (const id of changed ?? []) {
        store.texts?.peek(textScope(id, phase), id)?.type(answers[id] ?? '', caretIn(id));
      }
      const own: Answers = {};
      const changedFacts: Record<string, string> = {};
      const known = factValues(queryClient.getQueryData(store.facts.queryKey));
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
    [entry, factsUpdate, queryClient, store, phase],
  );
  const factsRetry = facts.retryNow;
  const retryNow = React.useCallback(() => {
    entry.queue.retryNow();
    factsRetry();
  }, [entry, factsRetry]);
  /** What the live-follow rules ask of the queue: which fields are unsaved here, and what was sent. */
  const local = React.useMemo(
    () => ({
      isUnsaved: (field: string) =>
        entry.queue.unsavedFields().includes(field) || Object.hasOwn(unsavedFacts(store), field),
      forget: (field: string) => entry.queue.forget(field),
      isSaving: () => entry.queue.getState().status === 'saving',
      wasSentHere: (field: string, value: unknown) =>
        entry.sent.has(field) && entry.sent.get(field) === value,
    }),
    [entry, store],
  );
  return { state: combinedState(state, facts.state), update, retryNow, local };
}
