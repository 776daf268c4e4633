import { DOWNLOAD_TIMEOUT_MS, withTimeout } from './api-client';

/** Saves a blob as a file through a temporary object URL (no server round trip, no new tab). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file and checks it really is a PDF (a misrouted request would otherwise save an HTML page). */
export async function fetchPdf(href: string): Promise<Blob> {
  const blob = await withTimeout(DOWNLOAD_TIMEOUT_MS, undefined, async (signal) => {
    const response = await fetch(href, { credentials: 'include', signal });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    return response.blob();
  });
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  if (String.fromCharCode(...head) !== '%PDF-') throw new Error('Not a PDF');
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}
