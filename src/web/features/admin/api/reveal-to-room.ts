import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { revealToRoom } from '@/lib/cohort-status';
import { messages } from '@/lib/messages';
import { cohortKeys } from '@/lib/query-keys';

/**
 * "And the winners are..." on a cohort's card (`mutate(tag)`; the call is the results page's too, in
 * lib/cohort-status): the card shows "Revealed" with the stored moment, or a toast says why not.
 */
export function useRevealToRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) => revealToRoom(tag),
    onSuccess: ({ revealedAt, revealStep }, tag) =>
      queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (list) =>
        list?.map((c) => (c.tag === tag ? { ...c, revealedAt, revealStep } : c)),
      ),
    onError: (error) => toast({ variant: 'destructive', ...messages.revealFailed(serverMessageOf(error)) }),
  });
}
