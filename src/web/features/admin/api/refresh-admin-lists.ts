import { useQueryClient } from '@tanstack/react-query';
import { cohortKeys, teamKeys } from '@/lib/query-keys';

/** After assigning, archiving or creating: the team list and both cohort lists are read again. */
export function useRefreshAdminLists(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.adminList() });
    void queryClient.invalidateQueries({ queryKey: cohortKeys.active() });
    void queryClient.invalidateQueries({ queryKey: cohortKeys.archived() });
  };
}
