import { useMutation } from '@tanstack/react-query';
import type { Cohort } from '@shared/schemas/cohort';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRefreshAdminLists } from './refresh-admin-lists';

export function archiveCohort(tag: string): Promise<Cohort> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/archive`, { method: 'POST' });
}

/** "Archive" (`mutate(tag)`): says so, or why not; the lists are read again either way. */
export function useArchiveCohort() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (tag: string) => archiveCohort(tag),
    onSuccess: (cohort) => toast({ variant: 'success', ...messages.cohortArchived(cohort.name) }),
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.archiveCohortFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
}
