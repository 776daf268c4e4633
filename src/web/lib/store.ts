import * as React from 'react';

/**
 * The one small store this client keeps outside TanStack Query's cache, for state no server knows (the
 * workspace dialog, the pages open on a workspace, an autosave's state): a value, its listeners, and a hook
 * that reads it with `useSyncExternalStore`. Server state lives in the query cache, never here.
 */
export type Store<T> = {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const updated = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The store's value, re-rendering when it changes. `prerendered` is what a page rendered ahead of time
 * (and a first visit adopting it) reads instead, when that differs from the value now.
 */
export function useStore<T>(store: Store<T>, prerendered: () => T = store.get): T {
  return React.useSyncExternalStore(store.subscribe, store.get, prerendered);
}
