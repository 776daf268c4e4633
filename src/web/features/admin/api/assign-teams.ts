import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamAssignmentResult } from '@shared/schemas/admin';
import type { AdminCohort } from '@shared/schemas/cohort';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys } from '@/lib/query-keys';
import { useRefreshAdminLists } from './refresh-admin-lists';

/** Moves teams into a cohort, out of any other. */
export function assignTeams(tag: string, teamIds: string[]): Promise<TeamAssignmentResult> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/teams`, { method: 'POST', body: { teamIds } });
}

/** "Assign": says how many teams moved into which cohort (or why not); the lists are read again either way. */
export function useAssignTeams() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: ({ tag, teamIds }: { tag: string; teamIds: string[] }) => assignTeams(tag, teamIds),
    onSuccess: (result, { tag }) => {
      const cohorts = queryClient.getQueryData<AdminCohort[]>(cohortKeys.active());
      toast({
        variant: 'success',
        ...messages.participantsAssigned(result.updated, cohorts?.find((c) => c.tag === tag)?.name ?? tag),
      });
    },
    onError: (error) => toast({ variant: 'destructive', ...messages.assignFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
}
