import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import type { PaceState, UpdatePaceBody } from '@shared/schemas/pace';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys, paceKeys } from '@/lib/query-keys';
import { holdPace } from '@/lib/pace-cache';

/** `PATCH /api/admin/cohorts/:tag/pace`: the parts given are set (null clears one), the others stay. */
export function updatePace(tag: string, body: UpdatePaceBody): Promise<PaceState> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/pace`, { method: 'PATCH', body });
}

/**
 * Pacing a cohort's room from its card: the card shows the server's answer at once (the cohort's stream
 * brings it to every other page); a refusal says why in a toast.
 */
export function useUpdatePace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, body }: { tag: string; body: UpdatePaceBody }) => updatePace(tag, body),
    onSuccess: (state, { tag }) => {
      holdPace(queryClient, paceKeys.cohort(tag), state);
      queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (list) =>
        list?.map((c) => (c.tag === tag ? { ...c, pace: state.pace } : c)),
      );
    },
    onError: (error) => toast({ variant: 'destructive', ...messages.paceFailed(serverMessageOf(error)) }),
  });
}
