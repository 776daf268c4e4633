import { queryOptions } from '@tanstack/react-query';
import type { Team } from '@shared/schemas/team';
import { ApiError, api } from '@/lib/api-client';

export const teamSessionQueryKey = ['/api/auth/team/status'] as const;

/** GET /api/auth/team/status: the team of this browser's team session, or null (401). */
export const teamSessionQueryOptions = queryOptions({
  queryKey: teamSessionQueryKey,
  queryFn: async (): Promise<Team | null> => {
    try {
      return (await api<{ team: Team }>('/api/auth/team/status')).team;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  // The session changes outside this page (workspace dialog, secure link): ask again on each visit.
  staleTime: 0,
});
