import { subscriptionKey } from '@shared/schemas/live';
import * as React from 'react';
import type { LiveHub, LiveListener } from './live-hub';
import type { LiveSpec } from './live-spec';

export { type LiveSpec, listenTo } from './live-spec';

/** The hub loads after the first route: a visitor who opens nothing live never downloads it. */
let loading: Promise<LiveHub> | undefined;
function loadHub(): Promise<LiveHub> {
  loading ??= import('./live-hub').then(
    ({ liveHub }) => liveHub(),
    (error: unknown) => {
      // Offline, or a deploy replaced the chunk: the next try loads it afresh.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The first wait before loading the hub again after a failure; it doubles each time, to half a minute. */
const HUB_RETRY_MS = { first: 1000, most: 30_000 };

/** Calls `retry` once: when the browser is back online, or after `ms`, whichever comes first. */
function retryWhenOnlineOr(ms: number, retry: () => void): () => void {
  const once = () => {
    cancel();
    retry();
  };
  const timer = setTimeout(once, ms);
  window.addEventListener('online', once);
  const cancel = () => {
    clearTimeout(timer);
    window.removeEventListener('online', once);
  };
  return cancel;
}

/**
 * Listens to live subscriptions while the component is mounted: the browser's one live stream carries them
 * (lib/live/live-hub.ts). The handlers may change every render; the subscriptions are opened again only
 * when the subscriptions or pages themselves change.
 */
export function useLiveEvents(specs: readonly LiveSpec[]): void {
  const latest = React.useRef(specs);
  React.useEffect(() => {
    latest.current = specs;
  });
  const key = specs
    .map(
      (spec) =>
        `${subscriptionKey(spec.subscription)}@${spec.page?.clientId ?? ''}:${spec.page?.phase ?? ''}`,
    )
    .join('\n');

  React.useEffect(() => {
    if (!key) return;
    const current = latest.current;
    let cancelled = false;
    let stops: (() => void)[] = [];
    let cancelRetry = () => {};
    // A hub that cannot load (a device offline as the page opens, a chunk a deploy removed) is logged and
    // tried again, never thrown: the page goes on, and its live updates start once the hub is in.
    const listen = (wait: number) => {
      loadHub().then(
        (hub) => {
          if (cancelled) return;
          stops = current.map((spec, index) => {
            const listener: LiveListener = {
              subscription: spec.subscription,
              page: spec.page,
              // The newest handlers, found by position: the key above keeps positions stable.
              onEvent: (event) => latest.current[index]?.onEvent(event as never),
              onRefused: (refusal) => latest.current[index]?.onRefused?.(refusal),
            };
            return hub.listen(listener);
          });
        },
        (error: unknown) => {
          if (cancelled) return;
          console.warn('Live updates: their code did not load; trying again.', String(error));
          cancelRetry = retryWhenOnlineOr(wait, () => listen(Math.min(wait * 2, HUB_RETRY_MS.most)));
        },
      );
    };
    listen(HUB_RETRY_MS.first);
    return () => {
      cancelled = true;
      cancelRetry();
      for (const stop of stops) stop();
    };
  }, [key]);
}
