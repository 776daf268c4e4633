import { queryOptions } from '@tanstack/react-query';
import type { PhaseDataRecord, SavedPhaseData, SavePhaseDataBody } from '@shared/schemas/phase-data';
import { ApiError, api } from '@/lib/api-client';
import { phaseDataKeys } from '@/lib/query-keys';

/**
 * A workspace opened by its code on a new device gets its team session a moment after the team itself
 * loads; a 401 in that moment is retried briefly instead of showing an error.
 */
export const retryWhileSessionStarts = {
  retry: (failures: number, error: Error) =>
    error instanceof ApiError && error.status === 401 && failures < 4,
  retryDelay: (attempt: number) => 250 * 2 ** attempt,
};

/**
 * GET /api/phase-data/{teamId}: every activity the team has saved. One activity's answers are a `select`
 * of this list (`savedActivity` in store/answer-store.ts), not a call of their own: the single-phase call's 404 for an activity not
 * started yet would show in the browser's console as an error on every new activity.
 */
export function phaseDataListQueryOptions(teamId: string | undefined) {
  return queryOptions({
    queryKey: phaseDataKeys.list(teamId ?? ''),
    queryFn: () => api<PhaseDataRecord[]>(`/api/phase-data/${teamId}`),
    enabled: Boolean(teamId),
    ...retryWhileSessionStarts,
  });
}

/** What a save says besides the answers (docs/decisions/014-merging-saves.md). */
export type SaveContext = Pick<SavePhaseDataBody, 'changed' | 'baseVersion' | 'clientId' | 'text'> & {
  keepalive?: boolean;
};

/**
 * POST /api/phase-data. Every writer of this client names the fields it `changed` (only those are
 * written, so a teammate's answers saved meanwhile stay), the `baseVersion` its copy came from and its
 * page's `clientId` (its own save's event is then recognised as its own), and sends its text fields as
 * edits of their documents (`text`), merged with what teammates typed into them.
 */
export function savePhaseData(
  teamId: string,
  phaseNumber: number,
  data: Record<string, unknown>,
  { keepalive = false, ...context }: SaveContext = {},
) {
  const body: SavePhaseDataBody = { teamId, phaseNumber, data, ...context };
  return api<SavedPhaseData>('/api/phase-data', { method: 'POST', body, keepalive });
}
