import { apiErrorFrom, DOWNLOAD_TIMEOUT_MS, withTimeout } from '@/lib/api-client';
import { programmePath } from './programme-path';

/** `GET .../export`: the programme as one JSON file, and the name the server gives it. */
export async function fetchProgrammeExport(programmeId: string): Promise<{ blob: Blob; fileName: string }> {
  return withTimeout(DOWNLOAD_TIMEOUT_MS, undefined, async (signal) => {
    const response = await fetch(`${programmePath(programmeId)}/export`, { credentials: 'include', signal });
    if (!response.ok) throw await apiErrorFrom(response);
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'programme.json';
    return { blob: await response.blob(), fileName };
  });
}
