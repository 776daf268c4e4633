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
 * When an event of the instructors' stream makes the list of open requests read again: a request asked,
 * answered or withdrawn at once (a raised hand must not wait); a (re)connection, a team deleted (its request
 * goes with it) or moved to another cohort (the list shows the cohort) soon, folded with others; a team's
 * other changes (a save, a vote, an avatar...) not at all, since no request shows them.
 */
export function helpQueueReading(event: AdminEvent): 'now' | 'soon' | null {
  if (event.type === 'help') return 'now';
  if (event.type === 'catch-up') return 'soon';
  if (event.type !== 'team') return null;
  return event.reason === 'deleted' || event.reason === 'cohort' ? 'soon' : null;
}
