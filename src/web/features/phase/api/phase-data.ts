import { queryOptions } from '@tanstack/react-query';
import type { PhaseDataRecord } from '@shared/schemas/phase-data';
import { api } from '@/lib/api-client';

export function phaseDataListQueryOptions(teamId: string | undefined) {
  return queryOptions({
    queryKey: ['/api/phase-data', teamId],
    queryFn: () => api<PhaseDataRecord[]>(`/api/phase-data/${teamId}`),
    enabled: Boolean(teamId),
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
