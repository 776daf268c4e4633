import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CohortEvent, CohortStatus, RevealResponse } from '@shared/schemas/cohort';
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
 * POST /api/admin/cohorts/{tag}/reveal (instructors): moves the reveal on every open results page of the
 * cohort to `step` (1 3rd place, 2 2nd, 3 1st), or all of it (no step). Answers when it started and the step
 * reached; a repeat answers the same. 409 before results are released.
 */
export function revealToRoom(tag: string, step?: number): Promise<RevealResponse> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/reveal`, {
    method: 'POST',
    ...(step === undefined ? {} : { body: { step } }),
  });
}

/**
 * POST /api/admin/cohorts/{tag}/reveal/hold (instructors): the reveal is the big screen's: teams' pages
 * wait for it and get no result before it starts.
 */
export function holdRevealForRoom(tag: string): Promise<{ revealHeld: boolean }> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/reveal/hold`, { method: 'POST' });
}

/** Writes a cohort's reveal into its cached status (after the reveal call, or its event). */
export function setCachedReveal(
  queryClient: QueryClient,
  tag: string,
  reveal: { revealedAt: string | null; revealStep: number },
) {
  queryClient.setQueryData(cohortStatusQueryOptions(tag).queryKey, (current) =>
    current ? { ...current, ...reveal } : current,
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
    const { name, competitionEnabled, votingOpen, resultsVisible, revealedAt, revealStep, revealHeld } =
      event.cohort;
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
        revealStep,
        revealHeld,
      }),
    );
  } else if (event.type === 'ballots') {
    const { ballotCount, teamCount } = event;
    queryClient.setQueryData(key, (current) => (current ? { ...current, ballotCount, teamCount } : current));
    onBallots?.(event);
  } else if (event.type === 'reveal') {
    setCachedReveal(queryClient, tag, { revealedAt: event.revealedAt, revealStep: event.revealStep });
  } else if (event.type === 'pace') {
    // The room's pace, for a presentation of the page that shows it (features/pace).
    holdPace(queryClient, paceKeys.cohort(tag), { pace: event.pace, now: event.now });
  }
}
