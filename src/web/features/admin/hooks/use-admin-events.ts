import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { cohortKeys, teamKeys } from '@/lib/query-keys';
import { subscribeToAdminEvents } from '../api/admin-events';
import { throttle } from '../lib/throttle';

/** The dashboard reads its lists again at most once a second, however busy the room. */
export const ADMIN_REFRESH_INTERVAL_MS = 1000;

/**
 * Progress as it happens: while the dashboard is open, every team change (a workspace created, an activity
 * saved, a website submitted, a ballot cast...) reads the team list and the active cohorts again, so the
 * activities with data, the progress, the last activity, the board and the cohort cards' lists stay
 * current without a reload. One stream per dashboard; the refetch is throttled.
 */
export function useAdminEvents() {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    const refresh = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.adminList() });
      void queryClient.invalidateQueries({ queryKey: cohortKeys.active() });
    }, ADMIN_REFRESH_INTERVAL_MS);
    const close = subscribeToAdminEvents(() => refresh());
    return () => {
      refresh.cancel();
      close();
    };
  }, [queryClient]);
}
