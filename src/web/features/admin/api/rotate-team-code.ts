import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTeam, Team } from '@shared/schemas/team';
import { api } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';

/** A leaked code: the team gets a new Workspace Code and access token; its sessions end, its answers stay. */
export function rotateTeamCode(teamId: string): Promise<Team> {
  return api(`/api/admin/teams/${encodeURIComponent(teamId)}/rotate-code`, { method: 'POST' });
}

/**
 * "Create New Code": the team list takes the new code at once, then is read again. A refusal is the
 * dialog's to show.
 */
export function useRotateTeamCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => rotateTeamCode(teamId),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminTeam[]>(teamKeys.adminList(), (list) =>
        list?.map((t) => (t.id === updated.id ? { ...t, ...updated } : t)),
      );
      void queryClient.invalidateQueries({ queryKey: teamKeys.adminList() });
    },
  });
}
