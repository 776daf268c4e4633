import { queryOptions } from '@tanstack/react-query';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import { ApiError, api } from '@/lib/api-client';

/**
 * A workspace opened by its code on a new device gets its team session a moment after the team itself
 * loads; a 401 in that moment is retried briefly instead of showing an error.
 */
const retryWhileSessionStarts = {
  retry: (failures: number, error: Error) =>
    error instanceof ApiError && error.status === 401 && failures < 4,
  retryDelay: (attempt: number) => 250 * 2 ** attempt,
};

export function phaseDataListQueryOptions(teamId: string | undefined) {
  return queryOptions({
    queryKey: ['/api/phase-data', teamId],
    queryFn: () => api<PhaseDataRecord[]>(`/api/phase-data/${teamId}`),
    enabled: Boolean(teamId),
    ...retryWhileSessionStarts,
  });
}

/**
 * One phase's saved answers; null when the team has saved none for it yet. Read from the team's list
 * rather than the single-phase call, whose 404 for a phase not yet started would show in the browser's
 * console as an error on every new activity.
 */
export function phaseDataQueryOptions(teamId: string | undefined, phaseNumber: number) {
  return queryOptions({
    queryKey: ['/api/phase-data', teamId, phaseNumber],
    queryFn: async () => {
      const records = await api<PhaseDataRecord[]>(`/api/phase-data/${teamId}`);
      return records.find((record) => record.phaseNumber === phaseNumber) ?? null;
    },
    enabled: Boolean(teamId),
    ...retryWhileSessionStarts,
    // Always read fresh on open: another device may have saved since.
    staleTime: 0,
    gcTime: 0,
  });
}

export function savePhaseData(
  teamId: string,
  phaseNumber: number,
  data: Record<string, unknown>,
  keepalive = false,
) {
  return api<PhaseDataRecord>('/api/phase-data', {
    method: 'POST',
    body: { teamId, phaseNumber, data },
    keepalive,
  });
}
