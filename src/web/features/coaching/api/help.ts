import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpQueueItem, HelpRequest } from '@shared/schemas/coaching';
import { api } from '@/lib/api-client';
import { coachingKeys } from '@/lib/query-keys';
import { setHelpRequest } from '../lib/feedback-cache';

const path = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/help`;

/** `GET /api/teams/{teamId}/help`: the team's open request, else its latest (null: none yet). */
export function teamHelpQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: coachingKeys.help(teamId),
    queryFn: async () => (await api<{ request: HelpRequest | null }>(path(teamId))).request,
  });
}

/** The team asks for help from an activity, with an optional line (`POST`). */
export function useAskForHelp(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phaseNumber: number; message: string }) =>
      api<HelpRequest>(path(teamId), { method: 'POST', body: input }),
    onSuccess: (request) => setHelpRequest(queryClient, request),
  });
}

/** The team takes its open request back (`DELETE`). */
export function useWithdrawHelp(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<HelpRequest>(path(teamId), { method: 'DELETE' }),
    onSuccess: (request) => setHelpRequest(queryClient, request),
  });
}

/** `GET /api/admin/help-requests`: every open request, the longest waiting first (instructors). */
export function helpQueueQueryOptions() {
  return queryOptions({
    queryKey: coachingKeys.queue(),
    queryFn: async () => (await api<{ requests: HelpQueueItem[] }>('/api/admin/help-requests')).requests,
  });
}

/** An instructor marks a request answered; another instructor's screen hears it live. */
export function useAnswerHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    /** A request id marks it answered; with `answer`, the team reads that line on its page too. */
    mutationFn: (target: string | { requestId: string; answer: string }) => {
      const { requestId, answer } = typeof target === 'string' ? { requestId: target, answer: '' } : target;
      return api<HelpRequest>(`/api/admin/help-requests/${encodeURIComponent(requestId)}/answer`, {
        method: 'POST',
        ...(answer ? { body: { answer } } : {}),
      });
    },
    onSuccess: (request) => setHelpRequest(queryClient, request),
  });
}
