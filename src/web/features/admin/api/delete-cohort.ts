import { useMutation } from '@tanstack/react-query';
import type { DeletedCohort } from '@shared/schemas/data-deletion';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRefreshAdminLists } from './refresh-admin-lists';

/** Deletes an archived cohort: its teams stay, in no cohort; its ballots go. */
export function deleteCohort(tag: string): Promise<DeletedCohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}`, { method: 'DELETE' });
}

/**
 * "Delete cohort" (`mutate(tag)`): says what went; the lists are read again either way. A refusal is the
 * dialog's to show.
 */
export function useDeleteCohort() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (tag: string) => deleteCohort(tag),
    onSuccess: (deleted) =>
      toast({
        variant: 'success',
        ...messages.cohortDeleted(deleted.name, deleted.teamsUnassigned, deleted.ballotsDeleted),
      }),
    onSettled: refresh,
  });
}
