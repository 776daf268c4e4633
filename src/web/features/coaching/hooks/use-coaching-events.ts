import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { listenTo, useLiveEvents } from '@/lib/live/use-live-events';
import { coachingKeys } from '@/lib/query-keys';
import { throttle } from '@/lib/throttle';
import { applyCoachingEvent, helpQueueReading } from '../lib/coaching-events';

/**
 * A team's feedback and request for help follow its live events, while a page that holds the team's
 * stream mounts this (the workspace's team stream, a team's work). It names no page of the workspace: it
 * rides on that page's subscription of the browser's one stream and adds nothing to it.
 */
export function useTeamCoachingEvents(teamId: string): void {
  const queryClient = useQueryClient();
  useLiveEvents([
    listenTo({
      subscription: { kind: 'team', teamId },
      onEvent: (event) => applyCoachingEvent(queryClient, teamId, event),
    }),
  ]);
}

/** The list of open requests is read again at most once a second for the changes that may wait. */
export const HELP_QUEUE_REFRESH_MS = 1000;

/**
 * The instructors' list of open requests follows the instructors' stream while the dashboard is open
 * (`helpQueueReading` says when it is read again).
 */
export function useHelpQueueEvents(): void {
  const queryClient = useQueryClient();
  const read = React.useCallback(
    () => void queryClient.invalidateQueries({ queryKey: coachingKeys.queue() }),
    [queryClient],
  );
  const readSoon = React.useMemo(() => throttle(read, HELP_QUEUE_REFRESH_MS), [read]);
  React.useEffect(() => () => readSoon.cancel(), [readSoon]);
  useLiveEvents([
    listenTo({
      subscription: { kind: 'admin' },
      onEvent: (event) => {
        const reading = helpQueueReading(event);
        if (reading === 'now') read();
        else if (reading === 'soon') readSoon();
      },
    }),
  ]);
}
