import { CircleCheck, CloudOff, LoaderCircle, RefreshCw } from 'lucide-react';
import { ApiError, RequestTimeoutError } from '@/lib/api-client';
import type { AutosaveState } from '../lib/autosave-queue';

/** Why the server refused a save, when retrying will not help by itself; undefined for network trouble. */
export function saveRefusalText(error: unknown): string | undefined {
  if (error instanceof RequestTimeoutError) return 'Not saved – the server is not answering, will retry';
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 413) return 'Not saved – answers too long (max 64 KiB)';
  if (error.status === 401 || error.status === 403) return 'Not saved – open your workspace again';
  if (error.status >= 400 && error.status < 500) return 'Not saved – will retry';
  return undefined;
}

// Made on first use, not when the page's code loads: building a date format loads locale data.
let timeFormat: Intl.DateTimeFormat | undefined;
function savedAt(time: Date): string {
  timeFormat ??= new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return timeFormat.format(time);
}

/** The autosave indicator: Auto-saving, Saving…, Saved (with the time), or offline and retrying. */
export function SaveStatus({ state, local }: { state: AutosaveState; local: boolean }) {
  let content: React.ReactNode;
  let tone = 'text-muted-foreground';
  switch (state.status) {
    case 'pending':
    case 'saving':
      content = (
        <>
          <LoaderCircle className="size-4 animate-spin" aria-hidden /> Saving…
        </>
      );
      break;
    case 'saved':
      tone = 'text-success';
      content = (
        <>
          <CircleCheck className="size-4" aria-hidden />
          {local ? 'Saved in this browser' : 'Saved'}
          {state.lastSavedAt && <span className="text-muted-foreground">{savedAt(state.lastSavedAt)}</span>}
        </>
      );
      break;
    case 'error':
      tone = 'text-warning';
      content = local ? (
        <>
          <CloudOff className="size-4" aria-hidden /> Not saved – browser storage unavailable
        </>
      ) : (
        <>
          <CloudOff className="size-4" aria-hidden />{' '}
          {saveRefusalText(state.lastError) ?? 'Offline – will retry'}
        </>
      );
      break;
    default:
      content = (
        <>
          <RefreshCw className="size-4" aria-hidden /> Auto-saving
        </>
      );
  }
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={state.status}
      className={`inline-flex items-center gap-1.5 text-sm font-medium ${tone}`}
    >
      {content}
    </p>
  );
}
