import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import * as React from 'react';
import { clientId } from '@/lib/client-id';
import { factsQueryOptions, mergeFactsIntoCache, saveFacts } from '../api/facts';
import { type AutosaveQueue, type AutosaveState, createAutosaveQueue } from '../lib/autosave-queue';
import { useQueueLifecycle } from './use-queue-lifecycle';

type FactsSave = { values: Record<string, string>; givenIn: number };
type Entry = {
  queue: AutosaveQueue<FactsSave>;
  /** Fact values typed and not yet saved, newest last: what a save sends and what a reload shows. */
  pending: Record<string, string>;
  listeners: Set<(state: AutosaveState) => void>;
};

/**
 * One queue per workspace (or practice mode), beyond any page's life, with the same rules as the answers'
 * queue (debounced, retried, flushed with keepalive when the page is hidden). A fact is one copy for the
 * whole team, so its queue is not per activity: a save names the facts typed since the last one and the
 * activity they were typed in (where a new fact counts as first given).
 */
const registry = new Map<string, Entry>();

function entryFor(queryClient: QueryClient, teamId: string | undefined): Entry {
  const key = teamId ?? 'local';
  const existing = registry.get(key);
  if (existing) return existing;
  const listeners = new Set<(state: AutosaveState) => void>();
  const entry: Entry = {
    pending: {},
    listeners,
    queue: createAutosaveQueue<FactsSave>({
      save: async ({ values, givenIn }, { keepalive }) => {
        // Every typed fact was dropped for a teammate's version ("Use their version"): nothing to send.
        if (Object.keys(values).length === 0) return;
        const saved = await saveFacts(teamId, values, givenIn, { keepalive, clientId: clientId() });
        for (const [id, value] of Object.entries(values)) {
          if (entry.pending[id] === value) delete entry.pending[id];
        }
        // The answer is every fact as stored, but a teammate's fact heard since (by the team's stream) may be
        // newer than the answer's copy: it stays. What was typed since stays on top of it all.
        queryClient.setQueryData<FactsResponse>(factsQueryOptions(teamId).queryKey, (cached) =>
          newerFacts(cached, saved, Object.keys(values)),
        );
        mergeFactsIntoCache(queryClient, teamId, entry.pending, givenIn);
      },
      onStateChange: (state) => {
        for (const listener of listeners) listener(state);
      },
    }),
  };
  registry.set(key, entry);
  return entry;
}

/**
 * The facts after a save's answer: the answer's copy of each fact, unless the cache holds a later one
 * (a teammate's save heard meanwhile); the facts this save wrote are the answer's.
 */
export function newerFacts(
  cached: FactsResponse | undefined,
  answer: FactsResponse,
  written: readonly string[],
): FactsResponse {
  const byId = new Map((cached?.facts ?? []).map((fact) => [fact.id, fact]));
  for (const fact of answer.facts) {
    const held = byId.get(fact.id);
    if (!held || written.includes(fact.id) || held.updatedAt <= fact.updatedAt) byId.set(fact.id, fact);
  }
  return { facts: [...byId.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}

/** Fact values typed in this workspace and not yet saved (shown instead of the stored ones). */
export function unsavedFacts(teamId: string | undefined): Record<string, string> {
  return { ...registry.get(teamId ?? 'local')?.pending };
}

/**
 * Drops the unsaved value typed here for fact `id` (the page now shows a teammate's version). Should a save
 * of it be under way already, `shown` is saved after it, so the store ends with what the page shows.
 */
export function forgetUnsavedFact(teamId: string | undefined, id: string, shown: string, givenIn: number) {
  const entry = registry.get(teamId ?? 'local');
  if (!entry) return;
  const saving = entry.queue.getState().status === 'saving';
  delete entry.pending[id];
  if (saving) entry.pending[id] = shown;
  entry.queue.update({ values: { ...entry.pending }, givenIn });
}

/** Saves every pending fact now. */
export async function flushAllFactAutosaves(): Promise<void> {
  await Promise.all([...registry.values()].map((entry) => entry.queue.flush()));
}

/**
 * Autosave of the shared facts typed in activity `phase`: `update(changed)` records them in the cache at
 * once (every prompt and activity reads them from there) and saves them after the debounce.
 */
export function useFactsAutosave(teamId: string | undefined, phase: number) {
  const queryClient = useQueryClient();
  const entry = React.useMemo(() => entryFor(queryClient, teamId), [queryClient, teamId]);
  const state = useQueueLifecycle(entry);

  const update = React.useCallback(
    (changed: Record<string, string>) => {
      Object.assign(entry.pending, changed);
      mergeFactsIntoCache(queryClient, teamId, changed, phase);
      entry.queue.update({ values: { ...entry.pending }, givenIn: phase });
    },
    [entry, queryClient, teamId, phase],
  );
  const retryNow = React.useCallback(() => entry.queue.retryNow(), [entry]);
  const hasUnsavedChanges = React.useCallback(() => entry.queue.hasUnsavedChanges(), [entry]);
  return { state, update, retryNow, hasUnsavedChanges };
}
