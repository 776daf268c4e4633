import * as React from 'react';
import type { AutosaveQueue, AutosaveState } from '../lib/autosave-queue';

/** An autosave queue kept beyond a page's life, and the pages that show its state. */
export type QueueEntry<T extends Record<string, unknown>> = {
  queue: AutosaveQueue<T>;
  listeners: Set<(state: AutosaveState) => void>;
};

/**
 * Ties a queue to the page while it is shown: gives its state, sends what is pending with `keepalive` when
 * the page is hidden or left, retries at once when the browser comes back online, and saves at once
 * (rather than after the debounce) when the page moves on.
 */
export function useQueueLifecycle<T extends Record<string, unknown>>(entry: QueueEntry<T>): AutosaveState {
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
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flushKeepalive);
    window.addEventListener('online', onOnline);
    return () => {
      listeners.delete(setState);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flushKeepalive);
      window.removeEventListener('online', onOnline);
      void queue.flush();
    };
  }, [entry]);
  return state;
}
