import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedTeam } from '@shared/schemas/data-deletion';
import type { AdminTeam } from '@shared/schemas/team';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { teamKeys } from '@/lib/query-keys';
import { useRefreshAdminLists } from './refresh-admin-lists';

/** Deletes a team with its answers, ballot and sessions; `confirmName` is its name, typed. */
export function deleteTeam(teamId: string, confirmName: string): Promise<DeletedTeam> {
  return api(`/api/teams/${encodeURIComponent(teamId)}`, { method: 'DELETE', body: { confirmName } });
}

/**
 * "Delete team": the team leaves the list at once, "Team deleted" is said, and the lists are read again
 * (the cohort cards count teams and ballots). A refusal is the dialog's to show.
 */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: ({ teamId, confirmName }: { teamId: string; confirmName: string }) =>
      deleteTeam(teamId, confirmName),
    onSuccess: (deleted) => {
      queryClient.setQueryData<AdminTeam[]>(teamKeys.adminList(), (list) =>
        list?.filter((t) => t.id !== deleted.id),
      );
      toast({ variant: 'success', ...messages.teamDeleted(deleted.name) });
      refresh();
    },
  });
}
