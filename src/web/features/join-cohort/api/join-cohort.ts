import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CohortJoinPreview, CohortJoinResult } from '@shared/schemas/cohort';
import { api } from '@/lib/api-client';
import { joinKeys, teamKeys } from '@/lib/query-keys';

/** `GET /api/teams/:teamId/cohort-join/:code`: the cohort a join link names, and the team's own now. */
export const joinPreviewQueryOptions = (teamId: string, code: string) =>
  queryOptions({
    queryKey: joinKeys.preview(teamId, code),
    queryFn: ({ signal }) =>
      api<CohortJoinPreview>(
        `/api/teams/${encodeURIComponent(teamId)}/cohort-join/${encodeURIComponent(code)}`,
        { signal },
      ),
    // A refusal (unknown code, joining closed) is the answer: the page says it, with its own "Try again".
    retry: false,
    staleTime: 0,
  });

/** `POST /api/teams/:teamId/cohort-join`: joins, moving out of another cohort when `move` says so. */
export function joinCohort(teamId: string, code: string, move: boolean): Promise<CohortJoinResult> {
  return api(`/api/teams/${encodeURIComponent(teamId)}/cohort-join`, {
    method: 'POST',
    body: { code, move },
  });
}

/** Joining from the join link's page: the team's session is read again (its cohort changed). */
export function useJoinCohort(teamId: string, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: boolean) => joinCohort(teamId, code, move),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.session() });
      void queryClient.invalidateQueries({ queryKey: joinKeys.preview(teamId, code) });
    },
  });
}
