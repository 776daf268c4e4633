import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { type LiveSpec, listenTo } from '@/lib/live/live-spec';
import { coachingKeys } from '@/lib/query-keys';
import { throttle } from '@/lib/throttle';
import { applyCoachingEvent, readsHelpQueue } from '../lib/coaching-events';

/**
 * Coaching's listeners on the browser's one live stream, handed to the `useLiveEvents` of the page that
 * holds the stream. Described here, not listened to: the coaching components load on every activity page,
 * and the live stream's code must not load with them in practice mode.
 */

/**
 * A team's feedback and request for help follow its live events: the workspace's team stream and a team's
 * work add this beside their own listener. It names no page of the workspace: it rides on that page's
 * subscription and adds nothing to the stream.
 */
export function teamCoachingListener(queryClient: QueryClient, teamId: string): LiveSpec {
  return listenTo({
    subscription: { kind: 'team', teamId },
    onEvent: (event) => applyCoachingEvent(queryClient, teamId, event),
  });
}

/**
 * The list of open requests is read again at most once per this interval however many requests arrive: the
 * first change at once (a raised hand does not wait), the ones after it folded into one read at the end.
 */
export const HELP_QUEUE_REFRESH_MS = 2000;

/**
 * The instructors' list of open requests follows the instructors' stream while the dashboard listens with
 * this (`readsHelpQueue` says which events change it).
 */
export function useHelpQueueListener(): LiveSpec {
  const queryClient = useQueryClient();
  const readSoon = React.useMemo(
    () =>
      throttle(
        () => void queryClient.invalidateQueries({ queryKey: coachingKeys.queue() }),
        HELP_QUEUE_REFRESH_MS,
      ),
    [queryClient],
  );
  React.useEffect(() => () => readSoon.cancel(), [readSoon]);
  return listenTo({
    subscription: { kind: 'admin' },
    onEvent: (event) => {
      if (readsHelpQueue(event)) readSoon();
    },
  });
}
