import { useMutation } from '@tanstack/react-query';
import type { TeamAssignmentResult } from '@shared/schemas/admin';
import { toast } from '@/components/ui/use-toast';
import { api, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRefreshAdminLists } from './refresh-admin-lists';

/** Takes teams out of their cohorts. */
export function unassignTeams(teamIds: string[]): Promise<TeamAssignmentResult> {
  return api('/api/admin/cohorts/unassign-teams', { method: 'PATCH', body: { teamIds } });
}

/** "Unassign": says how many teams left their cohort (or why not); the lists are read again either way. */
export function useUnassignTeams() {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (teamIds: string[]) => unassignTeams(teamIds),
    onSuccess: (result) => toast({ variant: 'success', ...messages.participantsUnassigned(result.updated) }),
    onError: (error) => toast({ variant: 'destructive', ...messages.unassignFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
}
