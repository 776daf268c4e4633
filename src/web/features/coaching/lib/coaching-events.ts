import type { QueryClient } from '@tanstack/react-query';
import type { AdminEvent } from '@shared/schemas/admin';
import type { TeamEvent } from '@shared/schemas/team-events';
import { coachingKeys } from '@/lib/query-keys';
import { removeNote, setHelpRequest, upsertNote } from './feedback-cache';

/**
 * What coaching's live events do to its caches (docs/decisions/028-coaching.md). The team's stream carries
 * them beside the answers (which the phase feature applies); the instructors' stream carries `help`.
 */

/**
 * One event of a team's stream, for its feedback and its request for help. `versions` starts every
 * (re)connection: notes and requests changed while the stream was away were not heard, so both are read
 * again. The team's other events are the phase feature's.
 */
export function applyCoachingEvent(queryClient: QueryClient, teamId: string, event: TeamEvent): void {
  switch (event.type) {
    case 'feedback':
      upsertNote(queryClient, event.note);
      return;
    case 'feedback-removed':
      removeNote(queryClient, teamId, event.id);
      return;
    case 'help':
      setHelpRequest(queryClient, event.request);
      return;
    case 'versions':
      void queryClient.invalidateQueries({ queryKey: coachingKeys.feedback(teamId), exact: true });
      void queryClient.invalidateQueries({ queryKey: coachingKeys.help(teamId), exact: true });
      return;
  }
}

/**
 * Whether an event of the instructors' stream makes the list of open requests read again: a request asked,
 * answered or withdrawn, a (re)connection, a team deleted (its request goes with it) or moved to another
 * cohort (the list shows the cohort); a team's other changes (a save, a vote, an avatar...) not, since no
 * request shows them. The reads are throttled by the listener: however many arrive, one read per interval.
 */
export function readsHelpQueue(event: AdminEvent): boolean {
  if (event.type === 'help' || event.type === 'catch-up') return true;
  if (event.type !== 'team') return false;
  return event.reason === 'deleted' || event.reason === 'cohort';
}
