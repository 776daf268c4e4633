import { queryOptions } from '@tanstack/react-query';
import type { AdminTeam } from '@shared/schemas/team';
import { api } from '@/lib/api-client';
import { teamKeys } from '@/lib/query-keys';

export const adminTeamsQueryOptions = queryOptions({
  queryKey: teamKeys.adminList(),
  queryFn: () => api<AdminTeam[]>('/api/teams'),
});
