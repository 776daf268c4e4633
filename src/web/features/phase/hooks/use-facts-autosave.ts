import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import * as React from 'react';
import type { Store } from '@/lib/store';
import { mergeFactsIntoCache, newerFacts } from '../api/facts';
import { type AutosaveState, createAutosaveQueue } from '../lib/autosave-queue';
import type { AnswerStore } from '../store/answer-store';
import { type QueueEntry, QueueRegistry, useQueueLifecycle } from '../store/autosave-queues';

type FactsSave = { values: Record<string, string>; givenIn: number };
type FactsEntry = QueueEntry<FactsSave> & {
  /** Fact values typed and not yet saved, newest last: what a save sends and what a reload shows. */
  pending: Record<string, string>;
};

/**
 * One queue per workspace (or practice mode), with the same rules as the answers' queues (debounced,
 * retried, flushed with keepalive when the page is hidden). A fact is one copy for the whole team, so its
 * queue is not per activity: a save names the facts typed since the last one and the activity they were
 * typed in (where a new fact counts as first given).
 */
const factQueues = new QueueRegistry<FactsEntry>();

function factsEntry(queryClient: QueryClient, store: AnswerStore): FactsEntry {
  return factQueues.get(store.key, (state: Store<AutosaveState>) => {
    const pending: Record<string, string> = {};
    const queue = createAutosaveQueue<FactsSave>({
      save: async ({ values, givenIn }, { keepalive }) => {
        // Every typed fact was dropped for a teammate's version ("Use their version"): nothing to send.
        if (Object.keys(values).length === 0) return;
        const saved = await store.saveFacts(values, givenIn, { keepalive });
        for (const [id, value] of Object.entries(values)) {
          if (pending[id] === value) delete pending[id];
        }
        // The answer is every fact as stored, but a teammate's save heard since (by the team's stream) may be
        // newer than the answer's copy, of a fact this save wrote too: it stays, and the field it shows in
        // gets its note. What was typed since stays on top of it all.
        queryClient.setQueryData<FactsResponse>(store.facts.queryKey, (cached) =>
          newerFacts(cached, saved.facts),
        );
        mergeFactsIntoCache(queryClient, store.facts.queryKey, pending, givenIn);
      },
      onStateChange: (next) => state.set(next),
    });
    return { queue, pending };
  });
}

/** Fact values typed in the store and not yet saved (shown instead of the stored ones). */
export function unsavedFacts(store: AnswerStore): Record<string, string> {
  return { ...factQueues.peek(store.key)?.pending };
}

/**
 * Drops the unsaved value typed here for fact `id` (the page now shows a teammate's version). Should a save
 * of it be under way already, `shown` is saved after it, so the store ends with what the page shows.
 */
export function forgetUnsavedFact(store: AnswerStore, id: string, shown: string, givenIn: number) {
  const entry = factQueues.peek(store.key);
  if (!entry) return;
  const saving = entry.queue.getState().status === 'saving';
  delete entry.pending[id];
  if (saving) entry.pending[id] = shown;
  entry.queue.update({ values: { ...entry.pending }, givenIn });
}

/** Saves every pending fact now. */
export async function flushAllFactAutosaves(): Promise<void> {
  await Promise.all(factQueues.all().map((entry) => entry.queue.flush()));
}

/**
 * Autosave of the shared facts typed in activity `phase`: `update(changed)` records them in the cache at
 * once (every prompt and activity reads them from there) and saves them after the debounce.
 */
export function useFactsAutosave(store: AnswerStore, phase: number) {
  const queryClient = useQueryClient();
  const entry = React.useMemo(() => factsEntry(queryClient, store), [queryClient, store]);
  const state = useQueueLifecycle(factQueues, store.key, entry);

  const update = React.useCallback(
    (changed: Record<string, string>) => {
      Object.assign(entry.pending, changed);
      mergeFactsIntoCache(queryClient, store.facts.queryKey, changed, phase);
      entry.queue.update({ values: { ...entry.pending }, givenIn: phase });
    },
    [entry, queryClient, store, phase],
  );
  const retryNow = React.useCallback(() => entry.queue.retryNow(), [entry]);
  const hasUnsavedChanges = React.useCallback(() => entry.queue.hasUnsavedChanges(), [entry]);
  return { state, update, retryNow, hasUnsavedChanges };
}
