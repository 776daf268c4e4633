import { subscriptionKey } from '@shared/schemas/live';
import * as React from 'react';
import type { LiveHub, LiveListener } from './live-hub';
import type { LiveSpec } from './live-spec';

export { type LiveSpec, listenTo } from './live-spec';

/** The hub loads after the first route: a visitor who opens nothing live never downloads it. */
let loading: Promise<LiveHub> | undefined;
function loadHub(): Promise<LiveHub> {
  loading ??= import('./live-hub').then(({ liveHub }) => liveHub());
  return loading;
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
