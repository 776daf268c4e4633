import { useQueryClient } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import { listenTo, useLiveEvents } from '@/lib/live/use-live-events';
import { cohortKeys } from '@/lib/query-keys';

/**
 * Live ballot counts ("9 of 12 teams voted") of the given cohorts, on the browser's one live stream: a
 * 'ballots' event updates that cohort's counts in the list's cache. The subscriptions end on unmount.
 */
export function useCohortBallotEvents(tags: string[]) {
  const queryClient = useQueryClient();
  useLiveEvents(
    [...new Set(tags)].sort().map((tag) =>
      listenTo({
        subscription: { kind: 'cohort', tag },
        onEvent: (event) => {
          if (event.type !== 'ballots') return;
          const { ballotCount, teamCount } = event;
          queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (cohorts) =>
            cohorts?.map((c) => (c.tag === tag ? { ...c, ballotCount, teamCount } : c)),
          );
        },
      }),
    ),
  );
}
