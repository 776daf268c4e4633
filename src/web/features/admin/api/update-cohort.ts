import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCohort, Cohort, CohortSwitch } from '@shared/schemas/cohort';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys } from '@/lib/query-keys';

/** One switch per call (the server refuses two). */
export function updateCohort(tag: string, name: CohortSwitch, value: boolean): Promise<Cohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}`, { method: 'PATCH', body: { [name]: value } });
}

/**
 * A cohort's switch (competition, voting, results): applied at once, rolled back if the server says no
 * (docs/product.md, Instructor dashboard).
 */
export function useUpdateCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, name, value }: { tag: string; name: CohortSwitch; value: boolean }) =>
      updateCohort(tag, name, value),
    onMutate: async ({ tag, name, value }) => {
      await queryClient.cancelQueries({ queryKey: cohortKeys.active(), exact: true });
      const previous = queryClient.getQueryData<AdminCohort[]>(cohortKeys.active());
      queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (list) =>
        list?.map((c) => (c.tag === tag ? { ...c, [name]: value } : c)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(cohortKeys.active(), context.previous);
      toast({ variant: 'destructive', ...messages.updateCohortFailed(serverMessageOf(error)) });
    },
    onSuccess: (cohort) => {
      // The server's switches win; the counts stay as they are.
      queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (list) =>
        list?.map((c) => (c.tag === cohort.tag ? { ...c, ...cohort } : c)),
      );
    },
  });
}
