import type { NewRunBody, RunLine } from '@shared/schemas/runs';
import { apiErrorFrom } from '@/lib/api-client';
import { readRunLines } from '../lib/run-lines';
import { runsPath } from './runs-path';

/**
 * Runs an activity's prompt (`POST`): the server renders it from the team's saved answers (the page names
 * the activity, never the text); each line of the answer to `onLine` as it arrives. A refusal throws an
 * ApiError with the server's words; `signal` stops the run (the server keeps what was written).
 */
export async function runActivity(
  teamId: string,
  body: NewRunBody,
  signal: AbortSignal,
  onLine: (line: RunLine) => void,
): Promise<void> {
  const response = await fetch(runsPath(teamId), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await apiErrorFrom(response);
  await readRunLines(response.body.pipeThrough(new TextDecoderStream()), onLine);
}
