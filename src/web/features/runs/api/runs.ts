import { queryOptions } from '@tanstack/react-query';
import type { AdminRuns, CohortRunSettings, RunLine, TeamRuns } from '@shared/schemas/runs';
import { RunLineSchema } from '@shared/schemas/runs';
import { api, apiErrorFrom } from '@/lib/api-client';
import { runKeys } from '@/lib/query-keys';

const path = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/runs`;

/** `GET /api/teams/{teamId}/runs`: the team's runs, newest first, and its allowance. */
export function teamRunsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: runKeys.team(teamId),
    queryFn: () => api<TeamRuns>(path(teamId)),
  });
}

/**
 * Runs a prompt (`POST`): each line of the answer to `onLine` as it arrives, validated (a line that is not
 * one is dropped). A refusal throws an ApiError with the server's words; `signal` stops the run (the server
 * keeps what was written).
 */
export async function runPrompt(
  teamId: string,
  body: { phaseNumber: number; prompt: string },
  signal: AbortSignal,
  onLine: (line: RunLine) => void,
): Promise<void> {
  const response = await fetch(path(teamId), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await apiErrorFrom(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n');
    while (end !== -1) {
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf('\n');
      try {
        const line = RunLineSchema.safeParse(JSON.parse(text));
        if (line.success) onLine(line.data);
        else console.warn('run: a line that is not one was dropped');
      } catch {
        console.warn('run: a line that is not JSON was dropped');
      }
    }
  }
}

/** `GET /api/admin/runs` (instructors). */
export function adminRunsQueryOptions() {
  return queryOptions({ queryKey: runKeys.admin(), queryFn: () => api<AdminRuns>('/api/admin/runs') });
}

export function setCohortRuns(
  tag: string,
  change: { on?: boolean; budgetTokens?: number; runsPerMinute?: number },
): Promise<CohortRunSettings> {
  return api(`/api/admin/cohorts/${encodeURIComponent(tag)}/runs`, { method: 'PATCH', body: change });
}

export function setTeamPaused(teamId: string, paused: boolean): Promise<{ paused: boolean }> {
  return api(`/api/admin/teams/${encodeURIComponent(teamId)}/runs`, { method: 'PATCH', body: { paused } });
}
