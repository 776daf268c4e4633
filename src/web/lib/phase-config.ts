import { queryOptions } from '@tanstack/react-query';
import type { ActivityFields, PhaseConfig } from '@shared/phase-config';
import { api } from './api-client';
import { phaseConfigKeys } from './query-keys';

/** The standard programme's activity configs and fields (a team's own programme: `lib/team-programme.ts`). */
export const standardPhasePath = (phase: number) => `/api/configs/phase-${phase}`;
export const STANDARD_FIELDS_PATH = '/api/configs/fields';

/** GET /api/configs/phase-{n}: configs change only with a deploy, so they are cached for the session. */
export function phaseConfigQueryOptions(phase: number) {
  return queryOptions({
    queryKey: phaseConfigKeys.detail(phase),
    queryFn: () => api<PhaseConfig>(standardPhasePath(phase)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/configs/fields: each activity's fields and which are required (the done rule's input). */
export const activityFieldsQueryOptions = queryOptions({
  queryKey: phaseConfigKeys.fields(),
  queryFn: () => api<ActivityFields>(STANDARD_FIELDS_PATH),
  staleTime: Number.POSITIVE_INFINITY,
});
