import { useMutation } from '@tanstack/react-query';
import type { Cohort } from '@shared/schemas/cohort';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRefreshAdminLists } from './refresh-admin-lists';

export function restoreCohort(tag: string): Promise<Cohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/unarchive`, { method: 'POST' });
}

/** "Restore" of an archived cohort (`mutate(tag)`): says so, or why not; the lists are read again either way. */
export function useRestoreCohort() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (tag: string) => restoreCohort(tag),
    onSuccess: (cohort) => toast({ variant: 'success', ...messages.cohortRestored(cohort.name) }),
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.restoreCohortFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
}
