import { apiErrorFrom, DOWNLOAD_TIMEOUT_MS, withTimeout } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';

/**
 * GET /api/admin/export, saved through a blob so a failure can say why (a plain link would download the
 * error). The file name comes from the server's Content-Disposition.
 */
export async function downloadProgressExport(): Promise<string> {
  const { blob, fileName } = await withTimeout(DOWNLOAD_TIMEOUT_MS, undefined, async (signal) => {
    const response = await fetch('/api/admin/export', { credentials: 'include', signal });
    if (!response.ok) throw await apiErrorFrom(response);
    const disposition = response.headers.get('content-disposition') ?? '';
    const name =
      /filename="([^"]+)"/.exec(disposition)?.[1] ??
      `team-progress-${new Date().toISOString().slice(0, 10)}.csv`;
    return { blob: await response.blob(), fileName: name };
  });
  saveBlob(blob, fileName);
  return fileName;
}
