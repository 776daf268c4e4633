import { type LiveMessage, parseLiveMessage } from '@shared/schemas/live';
import { createParser } from 'eventsource-parser';

/**
 * One Server-Sent Events stream of `GET /api/events` (docs/decisions/021-one-live-stream-per-browser.md),
 * read with fetch rather than EventSource so that a refusal's status and message reach the page. It
 * reconnects by itself: after the server's `retry` when the stream ends, after a growing wait (3 s, 6 s ...
 * 30 s) when it cannot connect, at once when the browser comes back online. A stream silent for longer than
 * three of the server's heartbeats (a laptop that slept, a dead network path) is given up and opened again.
 * Each (re)connection starts with each subscription's current state, so a page reads again what it missed.
 */

export type LiveConnectionHandlers = {
  onMessage(message: LiveMessage): void;
  /** The whole stream was refused (every subscription in it): 400, 401, 403, 404. Not retried. */
  onRefused(status: number, message: string): void;
  /** Connected (the first message of each connection arrived), or connecting again. */
  onState?(state: 'open' | 'connecting'): void;
};

export type LiveConnection = { close(): void };

type Timer = ReturnType<typeof setTimeout>;

export type ConnectionEnvironment = {
  fetch: typeof fetch;
  setTimeout(callback: () => void, ms: number): Timer;
  clearTimeout(timer: Timer | undefined): void;
  /** Calls back when the browser comes back online; returns the unsubscribe. */
  onOnline(callback: () => void): () => void;
};

export const RECONNECT_MIN_MS = 3000;
export const RECONNECT_MAX_MS = 30_000;
/** The server sends a comment every 20 s: silence for this long means the connection is dead. */
export const SILENCE_LIMIT_MS = 65_000;

const browserEnvironment = (): ConnectionEnvironment => ({
  fetch: (...args) => fetch(...args),
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
  let closed = false;
  let controller: AbortController | undefined;
  let timer: Timer | undefined;
  let watchdog: Timer | undefined;
  let waiting = false;
  let wait = RECONNECT_MIN_MS;
  let retryAfterEnd = RECONNECT_MIN_MS;

  const schedule = (ms: number) => {
    if (closed) return;
    env.clearTimeout(timer);
    waiting = true;
    timer = env.setTimeout(connect, ms);
  };
  /** A failed attempt: try again after a wait that doubles each time, up to 30 s. */
  const failed = (ms = wait) => {
    handlers.onState?.('connecting');
    schedule(ms);
    wait = Math.min(RECONNECT_MAX_MS, wait * 2);
  };
  const heard = () => {
    env.clearTimeout(watchdog);
    watchdog = env.setTimeout(() => controller?.abort(), SILENCE_LIMIT_MS);
  };

  async function connect() {
    if (closed) return;
    env.clearTimeout(timer);
    waiting = false;
    controller?.abort();
    const current = new AbortController();
    controller = current;
    let response: Response;
    try {
      response = await env.fetch(url, {
        credentials: 'include',
        headers: { accept: 'text/event-stream' },
        cache: 'no-store',
        signal: current.signal,
      });
    } catch {
      if (!closed && current === controller) failed();
      return;
    }
    if (closed || current !== controller) return;
    if (!response.ok || !response.body) {
      const retryAfter = Number(response.headers.get('retry-after'));
      const text = await response.text().catch(() => '');
      if (response.status === 429 || response.status >= 500 || !response.body) {
        failed(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.max(wait, retryAfter * 1000) : wait);
        return;
      }
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // Not JSON: the text itself.
      }
      handlers.onRefused(response.status, message);
      return;
    }

    let opened = false;
    const parser = createParser({
      onEvent(event) {
        const message = parseLiveMessage(event.data);
        if (!message) return;
        if (!opened) {
          opened = true;
          wait = RECONNECT_MIN_MS;
          handlers.onState?.('open');
        }
        handlers.onMessage(message);
      },
      onRetry(ms) {
        retryAfterEnd = ms;
      },
    });
    heard();
    try {
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
    } catch {
      // Aborted (closed, or silent too long) or the network failed: reconnect below unless closed.
    }
    env.clearTimeout(watchdog);
    if (closed || current !== controller) return;
    // The server ended it (a session ended, it is shutting down, this reader fell behind) or it broke.
    if (opened) {
      handlers.onState?.('connecting');
      schedule(retryAfterEnd);
    } else failed();
  }

  const stopOnline = env.onOnline(() => {
    if (waiting) void connect();
  });
  void connect();
  return {
    close() {
      closed = true;
      env.clearTimeout(timer);
      env.clearTimeout(watchdog);
      stopOnline();
      controller?.abort();
    },
  };
}
