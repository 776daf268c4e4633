import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackNote } from '@shared/schemas/coaching';
import { api } from '@/lib/api-client';
import { coachingKeys } from '@/lib/query-keys';
import { removeNote, upsertNote } from '../lib/feedback-cache';

const path = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/feedback`;

/** `GET /api/teams/{teamId}/feedback`: the instructors' notes on the team's activities, oldest first. */
export function feedbackQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: coachingKeys.feedback(teamId),
    queryFn: async () => (await api<{ notes: FeedbackNote[] }>(path(teamId))).notes,
  });
}

/** The notes on one activity of the team, from the team's one list. */
export function useActivityFeedback(teamId: string, phase: number) {
  return useQuery({
    ...feedbackQueryOptions(teamId),
    select: (all) => all.filter((note) => note.phaseNumber === phase),
  });
}

/** An instructor's note on one activity of the team (`POST`); the list takes it at once. */
export function useSendFeedback(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phaseNumber: number; body: string }) =>
      api<FeedbackNote>(path(teamId), { method: 'POST', body: input }),
    onSuccess: (note) => upsertNote(queryClient, note),
  });
}

/** An instructor takes a note back (`DELETE`). */
export function useRemoveFeedback(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      api<void>(`${path(teamId)}/${encodeURIComponent(noteId)}`, { method: 'DELETE' }),
    onSuccess: (_, noteId) => removeNote(queryClient, teamId, noteId),
  });
}

/** The team marks a note done, or not done after all (`PATCH`). */
export function useMarkFeedbackDone(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, done }: { noteId: string; done: boolean }) =>
      api<FeedbackNote>(`${path(teamId)}/${encodeURIComponent(noteId)}`, { method: 'PATCH', body: { done } }),
    onSuccess: (note) => upsertNote(queryClient, note),
  });
}
