import { useQueryClient } from '@tanstack/react-query';
import { type CohortEvent, CohortEventSchema, type CohortStatus } from '@shared/schemas/cohort';
import * as React from 'react';
import { cohortStatusQueryOptions } from '../api/get-cohort-status';

type BallotCount = Extract<CohortEvent, { type: 'ballots' }>;

/**
 * The live classroom (DESIGN section 6): ONE EventSource per page on `/api/cohorts/{tag}/events`. A
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
    if (!tag || typeof EventSource === 'undefined') return;
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
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'cohort') {
        const { name, competitionEnabled, votingOpen, resultsVisible } = event.cohort;
        const next: CohortStatus = { name, competitionEnabled, votingOpen, resultsVisible };
        queryClient.setQueryData(cohortStatusQueryOptions(tag).queryKey, () => next);
      } else {
        onBallotsRef.current?.(event);
      }
    };
    // Quiet on purpose: EventSource retries by itself after a drop.
    source.onerror = () => {};
    return () => source.close();
  }, [tag, queryClient]);
}
