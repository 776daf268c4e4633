import { queryOptions } from '@tanstack/react-query';
import type { Vote } from '@shared/schemas/showcase';
import { api } from '@/lib/api-client';
import { showcaseKeys } from '@/lib/query-keys';

/** GET /api/showcase/{tag}/vote?team_id=: the team's ballot, empty when it has not voted. */
export function ballotQueryOptions(tag: string, teamId: string | undefined) {
  return queryOptions({
    queryKey: showcaseKeys.ballot(tag, teamId ?? ''),
    queryFn: async () => {
      const { votes } = await api<{ votes: Vote[] }>(
        `/api/showcase/${encodeURIComponent(tag)}/vote?team_id=${encodeURIComponent(teamId!)}`,
      );
      return votes;
    },
    enabled: Boolean(teamId),
  });
}
