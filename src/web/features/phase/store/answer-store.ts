import type { QueryClient, UseQueryOptions } from '@tanstack/react-query';
import type { FactsResponse } from '@shared/schemas/facts';
import * as React from 'react';
import type { TextReplicas } from '../lib/text-replica';

/**
 * Where a team's answers live (docs/decisions/024-one-answer-store.md): in its workspace on the server, or,
 * in practice mode, in this browser. One interface, two implementations (store/workspace-store.ts,
 * store/practice-store.ts), chosen once from the page's mode, workspace or practice (`answerQueriesFor`,
 * store/queries.ts); every hook and component below uses only this. Both keep what they hold in TanStack
 * Query's cache, so reading answers is the same `useQuery` either way, and both keep it current as others
 * change it: the team's live stream feeds the workspace's cache (components/team-stream.tsx), another
 * tab's storage events the practice cache (`follow`).
 */

/** One saved activity, whichever store holds it (practice mode counts no versions). */
export type SavedActivity = {
  phaseNumber: number;
  data: Record<string, unknown>;
  version?: number;
  /** Each text field's document, where the store keeps them (the workspace's). */
  text?: Record<string, string>;
};

export type SaveOptions = {
  /** The fields edited here since the last save: only these are written (docs/decisions/014-merging-saves.md). */
  changed: readonly string[];
  /** The page is going away: the request must outlive it. */
  keepalive: boolean;
  /**
   * The values are written as they are, not as edits of the page's copies of its texts: answers brought in
   * from elsewhere (practice mode's, kept in a new workspace), not typed on this page.
   */
  whole?: boolean;
};

type StoreQuery<T> = UseQueryOptions<T, Error, T, readonly unknown[]>;

export type AnswerStore = {
  /**
   * Which implementation this is, as the page's mode chose it. The page's words about saving read the
   * mode itself (`useWorkspace().mode`), not this.
   */
  readonly kind: 'workspace' | 'practice';
  /** Names the store: its autosave queues are kept under it. */
  readonly key: string;
  /** Every saved activity, as the cache holds it. */
  readonly activities: StoreQuery<SavedActivity[]>;
  /** The team's shared facts, as the cache holds them. */
  readonly facts: StoreQuery<FactsResponse>;
} & StoreWrites;

/**
 * What a store that keeps its answers in this browser reads at once (practice mode): an activity opens
 * with them in its first render, never a spinner while a read that needs no network finishes.
 */
export type AnswersNow = { activities: SavedActivity[]; facts: FactsResponse };

/** What a store writes, and how it follows other tabs: the half the first route does not need. */
export type StoreWrites = {
  /** Saves the `changed` fields of one activity, merged with what others saved, and caches the result. */
  saveActivity(
    queryClient: QueryClient,
    phase: number,
    data: Record<string, unknown>,
    options: SaveOptions,
  ): Promise<void>;
  /** Saves facts typed in activity `givenIn`; answers every fact now held. */
  saveFacts(
    values: Record<string, string>,
    givenIn: number,
    options: { keepalive: boolean; whole?: boolean },
  ): Promise<FactsResponse>;
  /** Follows what other tabs of this browser change, while a page shows the store; returns the stop. */
  follow(queryClient: QueryClient): () => void;
  /** The answers as they are now, when the store can read them at once (in this browser); else absent. */
  readNow?(): AnswersNow;
  /**
   * The page's copies of the texts it shows, when the store merges text typed on several devices at once
   * (the workspace's: docs/decisions/051-text-typed-together-merges.md). A text field with a copy is saved
   * as an edit of its document; without (practice mode, one person in one browser), as its value.
   */
  readonly texts?: TextReplicas;
};

const AnswerStoreContext = React.createContext<AnswerStore | null>(null);

export const AnswerStoreProvider = AnswerStoreContext.Provider;

/** The store of the page's workspace (or practice mode). */
export function useAnswerStore(): AnswerStore {
  const store = React.useContext(AnswerStoreContext);
  if (!store) throw new Error('useAnswerStore needs an AnswerStoreProvider above it');
  return store;
}

/** The activity's saved record (or null), read from the store's list. */
export function savedActivity(phase: number) {
  return (activities: SavedActivity[]) => activities.find((a) => a.phaseNumber === phase) ?? null;
}
