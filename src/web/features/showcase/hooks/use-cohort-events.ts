import { useQueryClient } from '@tanstack/react-query';
import type { CohortEvent, CohortStatus } from '@shared/schemas/cohort';
import * as React from 'react';
import { subscribeToCohortEvents } from '@/lib/cohort-event-source';
import { cohortStatusQueryOptions } from '../api/get-cohort-status';

type BallotCount = Extract<CohortEvent, { type: 'ballots' }>;

/**
 * The live room (docs/product.md): ONE EventSource per page on `/api/cohorts/{tag}/events`. A
 * 'cohort' event replaces the cached cohort status, so a page reacts within a second when the instructor
 * opens voting or releases results. The browser reconnects a dropped stream by itself (the server asks
 * for 3 s), and the stream closes when the page unmounts. Pass a tag only once the cohort is known to exist.
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
        const { name, competitionEnabled, votingOpen, resultsVisible } = event.cohort;
        const next: CohortStatus = { name, competitionEnabled, votingOpen, resultsVisible };
        queryClient.setQueryData(cohortStatusQueryOptions(tag).queryKey, () => next);
      } else {
        onBallotsRef.current?.(event);
      }
    });
  }, [tag, queryClient]);
}
