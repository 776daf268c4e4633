import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { toast } from '@/components/ui/use-toast';
import { holdCohortPace } from '@/features/pace';
import { messages } from '@/lib/messages';
import { cohortKeys, programmeKeys, teamKeys } from '@/lib/query-keys';
import { listenTo, useLiveEvents } from '@/lib/live/use-live-events';
import { throttle } from '@/lib/throttle';

/** The dashboard reads its lists again at most once a second, however busy the room. */
export const ADMIN_REFRESH_INTERVAL_MS = 1000;

/**
 * Progress as it happens: while the dashboard is open, every team change (a workspace created, an activity
 * saved, a website submitted, a ballot cast...) reads the team list and the active cohorts again, so the
 * activities with data, the progress, the last activity, the board and the cohort cards' lists stay
 * current without a reload; a programme given to a cohort or published (by any instructor) reads the
 * programmes again too, so the board's columns follow. On the browser's one live stream; the refetch is throttled. It never waits:
 * while a select list, a menu or a dialog about a team is open, the lists it points into hold still
 * (useHeldWhileOpen) and show the readings once everything is closed. The Help requests list follows the
 * same stream by the coaching feature's listener (`useHelpQueueListener`).
 */
export function useAdminEvents() {
  const queryClient = useQueryClient();
  const refresh = React.useMemo(
    () =>
      throttle(() => {
        void queryClient.invalidateQueries({ queryKey: teamKeys.adminList() });
        void queryClient.invalidateQueries({ queryKey: cohortKeys.active() });
      }, ADMIN_REFRESH_INTERVAL_MS),
    [queryClient],
  );
  React.useEffect(() => () => refresh.cancel(), [refresh]);
  useLiveEvents([
    listenTo({
      subscription: { kind: 'admin' },
      onEvent: (event) => {
        // A cohort's pace changes no list: its card shows it at once, with the server's clock.
        if (event.type === 'pace') {
          holdCohortPace(queryClient, event.tag, { pace: event.pace, now: event.now });
          return;
        }
        // A request for help changes no team's row: the coaching feature reads its own list.
        if (event.type !== 'help') refresh();
        // What a cohort runs changed (another instructor's assignment or publish): the programmes too.
        if (event.type === 'programmes' || event.type === 'catch-up') {
          void queryClient.invalidateQueries({ queryKey: programmeKeys.list() });
        }
        // A team that joined by a join link is said at once; its row follows with the lists.
        if (event.type === 'joined') toast(messages.teamJoined(event.teamName, event.cohortName));
      },
    }),
  ]);
}
