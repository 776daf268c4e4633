import { useQueryClient } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import * as React from 'react';
import { subscribeToCohortEvents } from '@/lib/cohort-event-source';
import { cohortKeys } from '@/lib/query-keys';

/**
 * Live ballot counts ("9 of 12 teams voted"): one EventSource per given cohort on
 * `GET /api/cohorts/:tag/events`; a 'ballots' event updates that cohort's counts in the list's cache.
 * Failures stay quiet: EventSource reconnects by itself, and every stream closes on unmount.
 */
export function useCohortBallotEvents(tags: string[]) {
  const queryClient = useQueryClient();
  // A stable key, so re-renders with the same cohorts keep their connections.
  const key = [...tags].sort().join('\n');

  React.useEffect(() => {
    if (!key) return;
    const closers = key.split('\n').map((tag) =>
      subscribeToCohortEvents(tag, (event) => {
        if (event.type !== 'ballots') return;
        const { ballotCount, teamCount } = event;
        queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (cohorts) =>
          cohorts?.map((c) => (c.tag === tag ? { ...c, ballotCount, teamCount } : c)),
        );
      }),
    );
    return () => {
      for (const close of closers) close();
    };
  }, [key, queryClient]);
}
