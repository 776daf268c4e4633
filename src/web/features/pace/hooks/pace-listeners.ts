import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { NO_PACE, type PaceState } from '@shared/schemas/pace';
import * as React from 'react';
import { cohortStatusQueryOptions } from '@/lib/cohort-status';
import { listenTo, type LiveSpec, useLiveEvents } from '@/lib/live/use-live-events';
import { paceKeys } from '@/lib/query-keys';
import { cohortPaceQuery, type HeldPace, holdPace, teamPaceQuery } from '@/lib/pace-cache';

/**
 * The pace of the team's cohort on the team's stream (the page holding it adds this to its
 * `useLiveEvents`): sent on every change, and right after `versions` on every (re)connection while the
 * cohort has one, so a late page shows it too. `versions` starts a (re)connection: the pace held until then
 * is forgotten (one cleared meanwhile is not sent again).
 */
export function teamPaceListener(queryClient: QueryClient, teamId: string): LiveSpec {
  return listenTo({
    subscription: { kind: 'team', teamId },
    onEvent: (event) => {
      if (event.type === 'versions') {
        holdPace(queryClient, paceKeys.team(teamId), { pace: NO_PACE, now: new Date().toISOString() });
      } else if (event.type === 'pace') {
        holdPace(queryClient, paceKeys.team(teamId), { pace: event.pace, now: event.now });
      }
    },
  });
}

/** The pace a team's pages show, as the team's stream last said (none before it has). */
export function useTeamPace(teamId: string): HeldPace | undefined {
  return useQuery(teamPaceQuery(teamId)).data;
}

/**
 * A cohort's pace as this page last heard it (an instructor's own change, the dashboard's `pace` events),
 * without a subscription of its own.
 */
export function useHeldCohortPace(tag: string): HeldPace | undefined {
  return useQuery(cohortPaceQuery(tag)).data;
}

/**
 * A cohort's pace: the newer of what its stream said and what its status read. Both are needed: a tab that
 * joins a stream another tab of the browser already holds hears no first messages, only changes.
 */
export function useCohortPaceState(tag: string): HeldPace | undefined {
  const heard = useQuery(cohortPaceQuery(tag)).data;
  const status = useQuery(cohortStatusQueryOptions(tag));
  const { data, dataUpdatedAt } = status;
  const read = React.useMemo(
    () => (data ? { pace: data.pace, now: data.clock, receivedAt: dataUpdatedAt } : undefined),
    [data, dataUpdatedAt],
  );
  if (heard && read) return Date.parse(heard.now) >= Date.parse(read.now) ? heard : read;
  return heard ?? read;
}

/** A cohort's pace, live on its stream while the component is mounted (the room screen). */
export function useCohortPace(tag: string): HeldPace | undefined {
  const queryClient = useQueryClient();
  useLiveEvents([
    listenTo({
      subscription: { kind: 'cohort', tag },
      onEvent: (event) => {
        if (event.type === 'pace')
          holdPace(queryClient, paceKeys.cohort(tag), { pace: event.pace, now: event.now });
      },
    }),
  ]);
  return useCohortPaceState(tag);
}

/** An instructors' `pace` event (on their progress stream): what the cards show. */
export function holdCohortPace(queryClient: QueryClient, tag: string, state: PaceState): void {
  holdPace(queryClient, paceKeys.cohort(tag), state);
}
