import * as React from 'react';
import { createStore, type Store, useStore } from '@/lib/store';
import type { AutosaveQueue, AutosaveState } from '../lib/autosave-queue';

/**
 * The autosave queues of the open workspace (docs/product.md, Autosave and collaboration), by key. A queue
 * outlives the page that made it while it holds answers not yet saved: leaving an activity whose save is
 * still retrying must not drop it, and coming back must show the unsaved answers, not the older saved
 * ones. Once no page uses it and nothing is left to save, it is disposed and forgotten.
 */
export type QueueEntry<T extends Record<string, unknown>> = {
  queue: AutosaveQueue<T>;
  /** The queue's state, for the pages that show it. */
  state: Store<AutosaveState>;
};

export class QueueRegistry<E extends QueueEntry<Record<string, unknown>>> {
  private readonly entries = new Map<string, { entry: E; users: number }>();

  /** The entry for `key`, made by `make` when there is none. */
  get(key: string, make: (state: Store<AutosaveState>) => Omit<E, 'state'>): E {
    const held = this.entries.get(key);
    if (held) return held.entry;
    const state = createStore<AutosaveState>({
      status: 'idle',
      lastSavedAt: null,
      failures: 0,
      retryInMs: null,
      lastError: null,
    });
    const entry = { ...make(state), state } as E;
    this.entries.set(key, { entry, users: 0 });
    // A queue left by its pages goes once its last answers are saved.
    state.subscribe(() => this.disposeIfDone(key));
    return entry;
  }

  /** The entry for `key`, if one exists. */
  peek(key: string): E | undefined {
    return this.entries.get(key)?.entry;
  }

  all(): E[] {
    return [...this.entries.values()].map((held) => held.entry);
  }

  /** A page uses the entry until it calls the returned release. */
  hold(key: string): () => void {
    const held = this.entries.get(key);
    if (!held) return () => {};
    held.users++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.users--;
      this.disposeIfDone(key);
    };
  }

  private disposeIfDone(key: string) {
    const held = this.entries.get(key);
    if (!held || held.users > 0) return;
    const { queue } = held.entry;
    if (queue.hasUnsavedChanges() || queue.getState().status === 'saving') return;
    queue.dispose();
    this.entries.delete(key);
  }
}

/**
 * Ties a queue to the page while it is shown: gives its state, holds the queue, sends what is pending with
 * `keepalive` when the page is hidden or left, retries at once when the browser comes back online, and
 * saves at once (rather than after the debounce) when the page moves on.
 */
export function useQueueLifecycle<E extends QueueEntry<Record<string, unknown>>>(
  registry: QueueRegistry<E>,
  key: string,
  entry: E,
): AutosaveState {
  const state = useStore(entry.state);
  React.useEffect(() => {
    const { queue } = entry;
    const release = registry.hold(key);
    const flushKeepalive = () => void queue.flush({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushKeepalive();
    };
    const onOnline = () => queue.retryNow();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flushKeepalive);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flushKeepalive);
      window.removeEventListener('online', onOnline);
      void queue.flush().finally(release);
    };
  }, [registry, key, entry]);
  return state;
}
