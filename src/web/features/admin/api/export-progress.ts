import { apiErrorFrom } from '@/lib/api-client';

/**
 * GET /api/admin/export, saved through a blob so a failure can say why (a plain link would download the
 * error). The file name comes from the server's Content-Disposition.
 */
export async function downloadProgressExport(): Promise<string> {
  const response = await fetch('/api/admin/export', { credentials: 'include' });
  if (!response.ok) throw await apiErrorFrom(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    `team-progress-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
