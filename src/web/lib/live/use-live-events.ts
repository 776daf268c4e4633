import { subscriptionKey } from '@shared/schemas/live';
import * as React from 'react';
import type { LiveHub, LiveListener } from './live-hub';
import type { LiveSpec } from './live-spec';

export { type LiveSpec, listenTo } from './live-spec';

/**
 * The hub loads after the first route: a visitor who opens nothing live never downloads it. A load that fails
 * (a device offline as the page opens, a chunk a deploy removed) is logged and tried again, never thrown:
 * when the browser is back online, or after a second, doubling to half a minute. The page goes on meanwhile,
 * and every listener's live updates start once the hub is in.
 */
let loading: Promise<LiveHub> | undefined;
function loadHub(): Promise<LiveHub> {
  loading ??= importHub(HUB_RETRY_MS.first);
  return loading;
}

const HUB_RETRY_MS = { first: 1000, most: 30_000 };

async function importHub(wait: number): Promise<LiveHub> {
  let module: typeof import('./live-hub');
  try {
    module = await import('./live-hub');
  } catch (error) {
    console.warn('Live updates: their code did not load; trying again.', String(error));
    await onlineOrAfter(wait);
    return importHub(Math.min(wait * 2, HUB_RETRY_MS.most));
  }
  return module.liveHub();
}

/** Resolves when the browser is back online, or after `ms`, whichever comes first. */
function onlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
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
    void loadHub().then((hub) => {
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
    });
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
    };
  }, [key]);
}
