import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { type LiveSpec, listenTo } from '@/lib/live/live-spec';
import { runKeys } from '@/lib/query-keys';
import { throttle } from '@/lib/throttle';

/**
 * The team's runs follow its live events: a run started or ended, or the instructor changed its runs. The
 * page that holds the team's stream adds this beside its own listener (only where runs are set up).
 */
export function teamRunsListener(queryClient: QueryClient, teamId: string): LiveSpec {
  return listenTo({
    subscription: { kind: 'team', teamId },
    onEvent: (event) => {
      if (event.type === 'run' || event.type === 'run-settings' || event.type === 'versions') {
        void queryClient.invalidateQueries({ queryKey: runKeys.team(teamId) });
      }
    },
  });
}

/** The dashboard's use of every team is read again at most this often, however many runs come and go. */
export const ADMIN_RUNS_REFRESH_MS = 2000;

/** The dashboard's runs panel follows the instructors' stream. */
export function useAdminRunsListener(): LiveSpec {
  const queryClient = useQueryClient();
  const readSoon = React.useMemo(
    () =>
      throttle(
        () => void queryClient.invalidateQueries({ queryKey: runKeys.admin() }),
        ADMIN_RUNS_REFRESH_MS,
      ),
    [queryClient],
  );
  React.useEffect(() => () => readSoon.cancel(), [readSoon]);
  return listenTo({
    subscription: { kind: 'admin' },
    onEvent: (event) => {
      if (event.type === 'runs' || event.type === 'catch-up' || event.type === 'team') readSoon();
    },
  });
}
