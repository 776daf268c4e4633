import { queryOptions } from '@tanstack/react-query';
import { STANDARD_TEAM_PROGRAMME } from '@shared/schemas/programmes';
import type { AdminTeam } from '@shared/schemas/team';
import { api } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';

export const adminTeamsQueryOptions = queryOptions({
  queryKey: teamKeys.adminList(),
  // A server from before programmes sends no `programme`: its teams run the standard.
  queryFn: async () =>
    (await api<(Omit<AdminTeam, 'programme'> & Partial<Pick<AdminTeam, 'programme'>>)[]>('/api/teams')).map(
      (team) => ({ ...team, programme: team.programme ?? STANDARD_TEAM_PROGRAMME }),
    ),
});
