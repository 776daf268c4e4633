import type { QueryClient } from '@tanstack/react-query';
import type { FeedbackNote, HelpQueueItem, HelpRequest } from '@shared/schemas/coaching';
import { coachingKeys } from '@/lib/query-keys';

/**
 * The coaching caches, written by the calls' answers and by the team's live events alike (the team's
 * pages and the instructors reading its work hear the same events), so every open screen shows the same.
 */

/** A note new or changed: put in its place, oldest first. */
export function upsertNote(queryClient: QueryClient, note: FeedbackNote) {
  queryClient.setQueryData<FeedbackNote[]>(coachingKeys.feedback(note.teamId), (notes) => {
    if (!notes) return notes;
    return [...notes.filter((n) => n.id !== note.id), note].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
  });
}

export function removeNote(queryClient: QueryClient, teamId: string, noteId: string) {
  queryClient.setQueryData<FeedbackNote[]>(coachingKeys.feedback(teamId), (notes) =>
    notes?.filter((n) => n.id !== noteId),
  );
}

/**
 * The team's request as it now stands. A request no longer open leaves the instructors' list here at once;
 * the dashboard's own `help` event reads the list again (and brings a new request, with its team's name), so
 * this does not read it as well.
 */
export function setHelpRequest(queryClient: QueryClient, request: HelpRequest) {
  queryClient.setQueryData<HelpRequest | null>(coachingKeys.help(request.teamId), request);
  if (request.status !== 'open') {
    queryClient.setQueryData<HelpQueueItem[]>(coachingKeys.queue(), (queue) =>
      queue?.filter((item) => item.id !== request.id),
    );
  }
}
