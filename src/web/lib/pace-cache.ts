import type { QueryClient } from '@tanstack/react-query';
import { NO_PACE, type PaceState } from '@shared/schemas/pace';
import { paceKeys } from './query-keys';

/**
 * The room's pace as this page holds it (docs/decisions/035-pacing-and-joining.md), written by live events
 * only: the team stream's (features/pace), a cohort's (`useCohortEvents`, the room screen), the
 * instructors' (the dashboard). The server's state and when this page received it (`Date.now()`), so the
 * time left is counted by the server's clock (`paceMillisLeft`), whatever this device's clock says.
 */
export type HeldPace = PaceState & { receivedAt: number };

/** The cache's entries are written by live events only: nothing fetches them. */
export function holdPace(
  queryClient: QueryClient,
  key: readonly unknown[],
  state: PaceState,
  receivedAt = Date.now(),
): void {
  queryClient.setQueryData<HeldPace>(key, { ...state, receivedAt });
}

/** A team's pace, or none until its stream has said. */
export const teamPaceQuery = (teamId: string) => ({
  queryKey: paceKeys.team(teamId),
  queryFn: (): HeldPace => ({ pace: NO_PACE, now: new Date().toISOString(), receivedAt: Date.now() }),
  enabled: false,
  staleTime: Number.POSITIVE_INFINITY,
});

/** A cohort's pace, or none until its stream has said. */
export const cohortPaceQuery = (tag: string) => ({
  queryKey: paceKeys.cohort(tag),
  queryFn: (): HeldPace => ({ pace: NO_PACE, now: new Date().toISOString(), receivedAt: Date.now() }),
  enabled: false,
  staleTime: Number.POSITIVE_INFINITY,
});
