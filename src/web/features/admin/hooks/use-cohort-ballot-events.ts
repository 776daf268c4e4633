import { useQueryClient } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import { CohortEventSchema } from '@shared/schemas/cohort';
import * as React from 'react';
import { activeCohortsQueryKey } from '../api/admin-cohorts';

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
    if (!key || typeof EventSource === 'undefined') return;
    const sources = key.split('\n').map((tag) => {
      const source = new EventSource(`/api/cohorts/${encodeURIComponent(tag)}/events`, {
        withCredentials: true,
      });
      source.onmessage = (message) => {
        let parsed: ReturnType<typeof CohortEventSchema.safeParse>;
        try {
          parsed = CohortEventSchema.safeParse(JSON.parse(message.data));
        } catch {
          return;
        }
        if (!parsed.success || parsed.data.type !== 'ballots') return;
        const { ballotCount, teamCount } = parsed.data;
        queryClient.setQueryData<AdminCohort[]>(activeCohortsQueryKey, (cohorts) =>
          cohorts?.map((c) => (c.tag === tag ? { ...c, ballotCount, teamCount } : c)),
        );
      };
      // Quiet on purpose: a missing endpoint or a dropped connection is retried by the browser.
      source.onerror = () => {};
      return source;
    });
    return () => {
      for (const source of sources) source.close();
    };
  }, [key, queryClient]);
}
