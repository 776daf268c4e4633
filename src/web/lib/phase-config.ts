import { queryOptions } from '@tanstack/react-query';
import type { PhaseConfig } from '@shared/phase-config';
import { api } from './api-client';
import { phaseConfigKeys } from './query-keys';

/** GET /api/configs/phase-{n}: configs change only with a deploy, so they are cached for the session. */
export function phaseConfigQueryOptions(phase: number) {
  return queryOptions({
    queryKey: phaseConfigKeys.detail(phase),
    queryFn: () => api<PhaseConfig>(`/api/configs/phase-${phase}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
