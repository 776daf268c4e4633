import { queryOptions } from '@tanstack/react-query';
import { STANDARD_TEAM_PROGRAMME } from '@shared/programme-ref';
import type { AdminTeam } from '@shared/schemas/team';
import { api } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';

/** A row of `GET /api/teams` as any server sends it: one from before programmes sends no `programme`. */
export type AdminTeamRow = Omit<AdminTeam, 'programme' | 'openPhases'> &
  Partial<Pick<AdminTeam, 'programme' | 'openPhases'>>;

/**
 * The rows as the dashboard reads them: a team without a `programme` runs the standard; one without
 * `openPhases` (an older server) has no page known to be open.
 */
export function readAdminTeams(rows: readonly AdminTeamRow[]): AdminTeam[] {
  return rows.map((team) => ({
    ...team,
    programme: team.programme ?? STANDARD_TEAM_PROGRAMME,
    openPhases: team.openPhases ?? [],
  }));
}

export const adminTeamsQueryOptions = queryOptions({
  queryKey: teamKeys.adminList(),
  queryFn: async () => readAdminTeams(await api<AdminTeamRow[]>('/api/teams')),
});
