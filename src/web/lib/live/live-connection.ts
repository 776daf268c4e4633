import { type LiveMessage, parseLiveMessage, STREAM_SUB } from '@shared/schemas/live';

/**
 * One Server-Sent Events stream of `GET /api/events` (docs/decisions/021-one-live-stream-per-browser.md).
 * EventSource reconnects by itself after a dropped connection (after the server's `retry`); when it gives up
 * instead (the server could not be reached, or refused the stream: too many, or a malformed request), the
 * stream opens again after a growing wait, 3 s, 6 s ... 30 s, or at once when the browser comes back online.
 * A stream silent for longer than three of the server's heartbeats (a laptop that slept, a dead network
 * path) is given up and opened again; one silent for a little over one heartbeat is told `paused`
 * (docs/decisions/032-live-protocol-between-tabs.md), so pages can say so long before. Each (re)connection
 * starts with each subscription's current state, so a page reads again what it missed. A refused
 * subscription is told on the stream itself; so is a refusal of the whole stream (`{ sub: 'stream' }`: the
 * server has no place for it now), which is `refused` here and tried again after the same growing wait.
 */

/**
 * `open`: something (an event, a heartbeat) arrived; `paused`: nothing has for PAUSED_AFTER_MS; `connecting`:
 * the connection was lost and is being opened again; `refused`: the server refused the stream for now (too
 * many open) and it is tried again later; `team-full`: refused because other devices hold every place of the
 * team's Workspace Code (docs/decisions/042-settled-streams-keep-their-place.md), tried again later just the
 * same. A new connection is none of these until something arrives or the silence says so.
 */
export type LiveConnectionState = 'open' | 'paused' | 'connecting' | 'refused' | 'team-full';

export type LiveConnectionHandlers = {
  onMessage(message: LiveMessage): void;
  /** The connection's state changed. */
  onState?(state: LiveConnectionState): void;
};

export type LiveConnection = { close(): void };

type Timer = ReturnType<typeof setTimeout>;

export type ConnectionEnvironment = {
  open(url: string): EventSource;
  setTimeout(callback: () => void, ms: number): Timer;
  clearTimeout(timer: Timer | undefined): void;
  /** Calls back when the browser comes back online; returns the unsubscribe. */
  onOnline(callback: () => void): () => void;
};

export const RECONNECT_MIN_MS = 3000;
export const RECONNECT_MAX_MS = 30_000;
/**
 * The server sends a heartbeat every 20 s (EVENT_STREAM_HEARTBEAT_MS), on time to the millisecond unless its
 * event loop stalls: one missed by 5 s more means bytes are not getting through (a network dropping them),
 * so the pages say live updates are paused, within half a minute rather than after the 65 s below.
 */
export const PAUSED_AFTER_MS = 25_000;
/** Silence for this long (three heartbeats: a laptop that slept) means the connection is dead. */
export const SILENCE_LIMIT_MS = 65_000;
/** The name of the heartbeat event the server sends on `/api/events`. */
export const HEARTBEAT_EVENT = 'heartbeat';

const browserEnvironment = (): ConnectionEnvironment => ({
  open: (url) => new EventSource(url, { withCredentials: true }),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer),
  onOnline(callback) {
    window.addEventListener('online', callback);
    return () => window.removeEventListener('online', callback);
  },
});

export function openLiveConnection(
  url: string,
  handlers: LiveConnectionHandlers,
  env: ConnectionEnvironment = browserEnvironment(),
): LiveConnection {
  let source: EventSource | undefined;
  let closed = false;
  let reopenTimer: Timer | undefined;
  let watchdog: Timer | undefined;
  let pausedTimer: Timer | undefined;
  let wait = RECONNECT_MIN_MS;
  let state: LiveConnectionState | undefined;
  let warned = false;

  const tell = (next: LiveConnectionState) => {
    if (next === state) return;
    state = next;
    handlers.onState?.(next);
  };

  /** Counts the silence from now: paused after PAUSED_AFTER_MS, given up after SILENCE_LIMIT_MS. */
  const watch = () => {
    env.clearTimeout(watchdog);
    env.clearTimeout(pausedTimer);
    // A connection known lost stays `connecting`: that says more than the silence does.
    pausedTimer = env.setTimeout(() => state !== 'connecting' && tell('paused'), PAUSED_AFTER_MS);
    watchdog = env.setTimeout(() => {
      // Silent too long: as good as gone.
      tell('connecting');
      open();
    }, SILENCE_LIMIT_MS);
  };

  const heard = () => {
    tell('open');
    watch();
  };

  function open() {
    if (closed) return;
    env.clearTimeout(reopenTimer);
    reopenTimer = undefined;
    source?.close();
    const current = env.open(url);
    source = current;
    let answered = false;
    watch();
    current.onmessage = (event: MessageEvent<string>) => {
      const message = parseLiveMessage(event.data);
      if (message && 'refused' in message && message.sub === STREAM_SUB) {
        refused(current, message.refused.reason === 'team-full' ? 'team-full' : 'refused');
        return;
      }
      heard();
      if (!message) {
        // Dropped, never thrown: once is enough to see what is wrong (a server of another build).
        if (!warned) console.warn('Live updates: dropped a malformed message (logged once).', event.data);
        warned = true;
        return;
      }
      if (!answered) {
        answered = true;
        wait = RECONNECT_MIN_MS;
      }
      handlers.onMessage(message);
    };
    current.addEventListener(HEARTBEAT_EVENT, heard);
    current.onerror = () => {
      if (closed || current !== source) return;
      answered = false;
      tell('connecting');
      // CONNECTING: the browser reconnects by itself. CLOSED: it gave up; try again after a while.
      if (current.readyState !== 2 || reopenTimer !== undefined) return;
      env.clearTimeout(watchdog);
      env.clearTimeout(pausedTimer);
      reopenTimer = env.setTimeout(open, wait);
      wait = Math.min(RECONNECT_MAX_MS, wait * 2);
    };
  }

  /**
   * The server refused the whole stream: give it up, and open it again after a growing wait (a refused page
   * asks again, never more often, so it takes nobody's place by insisting).
   */
  function refused(current: EventSource, why: 'refused' | 'team-full') {
    if (closed || current !== source) return;
    current.close();
    env.clearTimeout(watchdog);
    env.clearTimeout(pausedTimer);
    tell(why);
    env.clearTimeout(reopenTimer);
    reopenTimer = env.setTimeout(open, wait);
    wait = Math.min(RECONNECT_MAX_MS, wait * 2);
  }

  const stopOnline = env.onOnline(() => {
    if (reopenTimer !== undefined) open();
  });
  open();
  return {
    close() {
      closed = true;
      env.clearTimeout(reopenTimer);
      env.clearTimeout(watchdog);
      env.clearTimeout(pausedTimer);
      stopOnline();
      source?.close();
    },
  };
}
