import { useMutation } from '@tanstack/react-query';
import type { Cohort, CreateCohortBody } from '@shared/schemas/cohort';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRefreshAdminLists } from './refresh-admin-lists';

export function createCohort(body: CreateCohortBody): Promise<Cohort> {
  return api('/api/admin/cohorts', { method: 'POST', body });
}

/** "Create Cohort" (an empty description is none): says so, and the lists are read again; or says why not. */
export function useCreateCohort() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (body: CreateCohortBody) =>
      createCohort({ ...body, description: body.description || undefined }),
    onSuccess: (cohort) => {
      toast({ variant: 'success', ...messages.cohortCreated(cohort.name) });
      refresh();
    },
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.createCohortFailed(serverMessageOf(error)) }),
  });
}
