import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CohortEvent, CohortStatus } from '@shared/schemas/cohort';
import { NO_PACE } from '@shared/schemas/pace';
import { ApiError, api } from './api-client';
import { listenTo, useLiveEvents } from './live/use-live-events';
import { holdPace } from './pace-cache';
import { cohortKeys, paceKeys } from './query-keys';

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
 * POST /api/admin/cohorts/{tag}/reveal (instructors): starts the reveal on every open results page of the
 * cohort. Answers when it was stored; a repeat answers the first time. 409 before results are released.
 */
export function revealToRoom(tag: string): Promise<{ revealedAt: string }> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/reveal`, { method: 'POST' });
}

/** Writes a cohort's `revealedAt` into its cached status (after the reveal call, or its event). */
export function setCachedRevealedAt(queryClient: QueryClient, tag: string, revealedAt: string | null) {
  queryClient.setQueryData(cohortStatusQueryOptions(tag).queryKey, (current) =>
    current ? { ...current, revealedAt } : current,
  );
}

/**
 * The live classroom, on the browser's one live stream: a 'cohort' event replaces the cached cohort's
 * switches, a 'ballots' event its counts ("N of M teams voted"), a 'reveal' event its `revealedAt` (null:
 * hidden again), a 'pace' event the room's pace (lib/pace-cache.ts), so a page reacts within a second when
 * the instructor opens voting, releases results or reveals them. The stream reconnects by itself, and the
 * subscription ends when the page unmounts. Pass a tag only once the cohort is known to exist.
 */
export function useCohortEvents(tag: string | undefined, onBallots?: (count: BallotCount) => void) {
  const queryClient = useQueryClient();
  useLiveEvents(
    tag
      ? [
          listenTo({
            subscription: { kind: 'cohort', tag },
            onEvent: (event) => applyCohortEvent(queryClient, tag, event, onBallots),
          }),
        ]
      : [],
  );
}

/** What one cohort event does to the cohort's cached status. */
function applyCohortEvent(
  queryClient: QueryClient,
  tag: string,
  event: CohortEvent,
  onBallots?: (count: BallotCount) => void,
) {
  const key = cohortStatusQueryOptions(tag).queryKey;
  if (event.type === 'cohort') {
    const { name, competitionEnabled, votingOpen, resultsVisible, revealedAt } = event.cohort;
    queryClient.setQueryData(
      key,
      (current): CohortStatus => ({
        ballotCount: 0,
        teamCount: 0,
        pace: NO_PACE,
        clock: new Date().toISOString(),
        ...current,
        name,
        competitionEnabled,
        votingOpen,
        resultsVisible,
        revealedAt,
      }),
    );
  } else if (event.type === 'ballots') {
    const { ballotCount, teamCount } = event;
    queryClient.setQueryData(key, (current) => (current ? { ...current, ballotCount, teamCount } : current));
    onBallots?.(event);
  } else if (event.type === 'reveal') {
    setCachedRevealedAt(queryClient, tag, event.revealedAt);
  } else if (event.type === 'pace') {
    // The room's pace, for a presentation of the page that shows it (features/pace).
    holdPace(queryClient, paceKeys.cohort(tag), { pace: event.pace, now: event.now });
  }
}
