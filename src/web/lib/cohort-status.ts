import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CohortEvent, CohortStatus } from '@shared/schemas/cohort';
import * as React from 'react';
import { ApiError, api } from './api-client';
import { subscribeToCohortEvents } from './cohort-event-source';
import { cohortKeys } from './query-keys';

/**
 * A cohort's public status, read by the showcase, the results page and the website-builder activity's
 * cohort panel, and kept live by the cohort's events.
 */

/** GET /api/cohorts/{tag}/status: null for an unknown cohort ('Cohort Not Found'). */
export function cohortStatusQueryOptions(tag: string | undefined) {
  return queryOptions({
    queryKey: cohortKeys.status(tag ?? ''),
    queryFn: async (): Promise<CohortStatus | null> => {
      try {
        return await api<CohortStatus>(`/api/cohorts/${encodeURIComponent(tag!)}/status`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(tag),
  });
}

type BallotCount = Extract<CohortEvent, { type: 'ballots' }>;

/**
 * The live classroom: ONE EventSource per page on `/api/cohorts/{tag}/events`. A 'cohort' event replaces
 * the cached cohort status, so a page reacts within a second when the instructor opens voting or releases
 * results. The browser reconnects a dropped stream by itself (the server asks for 3 s), and the stream
 * closes when the page unmounts. Pass a tag only once the cohort is known to exist.
 */
export function useCohortEvents(tag: string | undefined, onBallots?: (count: BallotCount) => void) {
  const queryClient = useQueryClient();
  const onBallotsRef = React.useRef(onBallots);
  React.useEffect(() => {
    onBallotsRef.current = onBallots;
  });

  React.useEffect(() => {
    if (!tag) return;
    return subscribeToCohortEvents(tag, (event) => {
      if (event.type === 'cohort') {
        const { name, competitionEnabled, votingOpen, resultsVisible, revealedAt } = event.cohort;
        queryClient.setQueryData(
          cohortStatusQueryOptions(tag).queryKey,
          (previous): CohortStatus => ({
            ballotCount: previous?.ballotCount ?? 0,
            teamCount: previous?.teamCount ?? 0,
            name,
            competitionEnabled,
            votingOpen,
            resultsVisible,
            revealedAt,
          }),
        );
      } else if (event.type === 'ballots') {
        onBallotsRef.current?.(event);
      }
    });
  }, [tag, queryClient]);
}
