import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { cohortKeys, teamKeys } from '@/lib/query-keys';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { throttle } from '../lib/throttle';

/** The dashboard reads its lists again at most once a second, however busy the room. */
export const ADMIN_REFRESH_INTERVAL_MS = 1000;

/** While a list, menu or dialog is open, the refresh waits, checking again this often. */
const OPEN_LIST_RECHECK_MS = 500;

/**
 * An open select list or menu: new options (a cohort appearing) would move the one under the pointer; an
 * open dialog about a team (a new code, a deletion) would vanish with its row when another instructor
 * deletes that team. So the lists are read again once it closes. A reading already on its way when a list
 * opens still lands while it is open: the dashboard's selects hold their options until they close for that
 * (useHeldWhileOpen). A dialog that is itself a live view (the cohort's progress board) does not hold the
 * refresh.
 */
function listOpen(): boolean {
  return (
    document.querySelector(
      '[role="listbox"], [role="menu"], [role="dialog"]:not([data-live-view]), [role="alertdialog"]',
    ) !== null
  );
}

/**
 * Progress as it happens: while the dashboard is open, every team change (a workspace created, an activity
 * saved, a website submitted, a ballot cast...) reads the team list and the active cohorts again, so the
 * activities with data, the progress, the last activity, the board and the cohort cards' lists stay
 * current without a reload. On the browser's one live stream; the refetch is throttled, and waits while a select
 * list, a menu or a dialog about a team is open.
 */
export function useAdminEvents() {
  const queryClient = useQueryClient();
  const refresh = React.useMemo(() => {
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      waiting = undefined;
      if (listOpen()) {
        waiting = setTimeout(apply, OPEN_LIST_RECHECK_MS);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: teamKeys.adminList() });
      void queryClient.invalidateQueries({ queryKey: cohortKeys.active() });
    };
    const throttled = throttle(() => {
      if (waiting === undefined) apply();
    }, ADMIN_REFRESH_INTERVAL_MS);
    return {
      run: () => throttled(),
      cancel: () => {
        throttled.cancel();
        clearTimeout(waiting);
      },
    };
  }, [queryClient]);
  React.useEffect(() => () => refresh.cancel(), [refresh]);
  useLiveEvents([{ subscription: { kind: 'admin' }, onEvent: () => refresh.run() }]);
}
