import { type TeamEvent, TeamEventSchema } from '@shared/schemas/team-events';

export type TeamStreamPage = { clientId: string; phase: number | null; label: string };

const REOPEN_MIN_MS = 3000;
const REOPEN_MAX_MS = 30_000;

/**
 * Opens a workspace's live stream (`GET /api/teams/{teamId}/events`, Server-Sent Events) as this page
 * (its id, activity and device label) and hands every well-formed event to `onEvent`; malformed messages
 * are dropped. EventSource reconnects by itself after a dropped connection; when the browser gives up
 * instead (it was offline, or the server refused), the stream opens again after a growing wait, or at
 * once when the browser is back online. Each (re)connection starts with a `versions` event, so the page
 * reads again what it missed. Returns the function that closes it.
 */
export function subscribeToTeamEvents(
  teamId: string,
  page: TeamStreamPage,
  onEvent: (event: TeamEvent) => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const query = new URLSearchParams({ clientId: page.clientId, label: page.label });
  if (page.phase !== null) query.set('phase', String(page.phase));
  const url = `/api/teams/${encodeURIComponent(teamId)}/events?${query}`;

  let source: EventSource | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let wait = REOPEN_MIN_MS;
  let closed = false;

  const open = () => {
    if (closed) return;
    if (reopenTimer !== null) clearTimeout(reopenTimer);
    reopenTimer = null;
    source?.close();
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.onopen = () => {
      wait = REOPEN_MIN_MS;
    };
    current.onmessage = (message) => {
      let parsed: ReturnType<typeof TeamEventSchema.safeParse>;
      try {
        parsed = TeamEventSchema.safeParse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (parsed.success) onEvent(parsed.data);
    };
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED || closed || reopenTimer !== null) return;
      reopenTimer = setTimeout(open, wait);
      wait = Math.min(REOPEN_MAX_MS, wait * 2);
    };
  };
  const onOnline = () => {
    if (source?.readyState === EventSource.CLOSED) open();
  };

  open();
  window.addEventListener('online', onOnline);
  return () => {
    closed = true;
    if (reopenTimer !== null) clearTimeout(reopenTimer);
    window.removeEventListener('online', onOnline);
    source?.close();
  };
}
