import type { LiveMessage } from '@shared/schemas/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionEnvironment,
  HEARTBEAT_EVENT,
  openLiveConnection,
  PAUSED_AFTER_MS,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  SILENCE_LIMIT_MS,
} from './live-connection';

/** An EventSource the test drives: messages, heartbeats, the browser reconnecting or giving up. */
class FakeSource {
  readyState = 0;
  closed = false;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, () => void>();
  constructor(readonly url: string) {}
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  message(message: LiveMessage | string) {
    this.readyState = 1;
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.({ data } as MessageEvent<string>);
  }
  heartbeat() {
    this.listeners.get(HEARTBEAT_EVENT)?.();
  }
  /** The connection dropped; the browser will reconnect by itself. */
  dropped() {
    this.readyState = 0;
    this.onerror?.();
  }
  /** The browser gave up (the server could not be reached, or refused the stream). */
  gaveUp() {
    this.readyState = 2;
    this.onerror?.();
  }
}

function fakeEnvironment() {
  const sources: FakeSource[] = [];
  let online: (() => void) | undefined;
  const env: ConnectionEnvironment = {
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (timer) => clearTimeout(timer),
    onOnline(callback) {
      online = callback;
      return () => {
        online = undefined;
      };
    },
  };
  return { env, sources, goOnline: () => online?.() };
}

const ballots = (n: number): LiveMessage => ({
  sub: 'cohort:spring',
  event: { type: 'ballots', ballotCount: n, teamCount: 5 },
});

describe('the live stream connection', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  function open() {
    const fake = fakeEnvironment();
    const messages: LiveMessage[] = [];
    const states: string[] = [];
    const connection = openLiveConnection(
      '/api/events?cohort=spring',
      { onMessage: (m) => messages.push(m), onState: (s) => states.push(s) },
      fake.env,
    );
    return { ...fake, messages, states, connection };
  }

  it('a stream the server refuses as a whole is paused, given up and opened again after a growing wait', () => {
    const { sources, messages, states, connection } = open();
    const full: LiveMessage = {
      sub: 'stream',
      refused: { status: 429, message: 'Too many live connections are open. Close some tabs and try again.' },
    };
    sources[0]!.message(full);
    // Not handed on as a subscription's refusal: the connection itself is refused.
    expect(messages).toEqual([]);
    expect(states).toEqual(['refused']);
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MIN_MS - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]!.message(full);
    vi.advanceTimersByTime(RECONNECT_MIN_MS * 2 - 1);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    // Taken at last: live again.
    sources[2]!.message(ballots(1));
    expect(states.at(-1)).toBe('open');
    expect(messages).toEqual([ballots(1)]);
    connection.close();
  });

  it("a stream refused because the team's places are taken says so, and is asked for again no more often", () => {
    const { sources, messages, states, connection } = open();
    const teamFull: LiveMessage = {
      sub: 'stream',
      refused: {
        status: 429,
        message:
          "Too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.",
        reason: 'team-full',
      },
    };
    sources[0]!.message(teamFull);
    expect(messages).toEqual([]);
    expect(states).toEqual(['team-full']);
    expect(sources[0]!.closed).toBe(true);
    // The same growing wait as any refusal: 3 s, then 6 s.
    vi.advanceTimersByTime(RECONNECT_MIN_MS - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    sources[1]!.message(teamFull);
    vi.advanceTimersByTime(RECONNECT_MIN_MS * 2 - 1);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    // A reason this build does not know is a refusal all the same, without the team's words.
    sources[2]!.message(
      JSON.stringify({ sub: 'stream', refused: { status: 429, message: 'Later', reason: 'new' } }),
    );
    expect(states).toEqual(['team-full', 'refused']);
    expect(sources[2]!.closed).toBe(true);
    connection.close();
  });

  it('hands on each well-formed message, refusals included, and drops malformed ones', () => {
    const { sources, messages, states } = open();
    const source = sources[0]!;
    source.message(ballots(1));
    source.message('{"sub":"cohort:spring","event":{"type":"ballots"}}');
    source.message('not json');
    source.message({ sub: 'admin', refused: { status: 401, message: 'Admin session required.' } });
    expect(messages).toEqual([
      ballots(1),
      { sub: 'admin', refused: { status: 401, message: 'Admin session required.' } },
    ]);
    expect(states).toEqual(['open']);
    // Logged, once.
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('leaves a dropped connection to the browser, which reconnects by itself', async () => {
    const { sources, states } = open();
    sources[0]!.message(ballots(1));
    sources[0]!.dropped();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sources).toHaveLength(1);
    expect(states).toEqual(['open', 'connecting']);
  });

  it('when the browser gives up, opens the stream again after 3 s, 6 s ... up to 30 s, and at once when online', async () => {
    const { sources, goOnline } = open();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = sources.length;
      sources.at(-1)!.gaveUp();
      let waited = 0;
      while (sources.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([
      RECONNECT_MIN_MS,
      2 * RECONNECT_MIN_MS,
      4 * RECONNECT_MIN_MS,
      8 * RECONNECT_MIN_MS,
      RECONNECT_MAX_MS,
      RECONNECT_MAX_MS,
    ]);
    // A message resets the wait; and a browser back online does not wait at all.
    sources.at(-1)!.message(ballots(2));
    sources.at(-1)!.gaveUp();
    const before = sources.length;
    goOnline();
    expect(sources).toHaveLength(before + 1);
    expect(sources[before - 1]!.closed).toBe(true);
  });

  it('gives up a stream silent for too long (a laptop that slept) and opens it again; heartbeats keep it', async () => {
    const { sources } = open();
    sources[0]!.message(ballots(1));
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    sources[0]!.heartbeat();
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sources[0]!.closed).toBe(true);
    expect(sources).toHaveLength(2);
  });

  it('is paused once nothing, not even a heartbeat, has arrived for a little over one heartbeat, and open when something does', async () => {
    const { sources, states } = open();
    const source = sources[0]!;
    source.message(ballots(1));
    await vi.advanceTimersByTimeAsync(PAUSED_AFTER_MS - 1);
    expect(states).toEqual(['open']);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['open', 'paused']);
    source.heartbeat();
    expect(states).toEqual(['open', 'paused', 'open']);
    await vi.advanceTimersByTimeAsync(PAUSED_AFTER_MS);
    source.message('not json');
    // Any bytes say the stream lives, even a message it cannot read.
    expect(states).toEqual(['open', 'paused', 'open', 'paused', 'open']);
    // Still given up at its limit, the pause on the way.
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS);
    expect(states).toEqual(['open', 'paused', 'open', 'paused', 'open', 'paused', 'connecting']);
    expect(source.closed).toBe(true);
    sources[1]!.message(ballots(2));
    expect(states.at(-1)).toBe('open');
    expect(PAUSED_AFTER_MS).toBeGreaterThan(20_000);
    expect(PAUSED_AFTER_MS).toBeLessThan(SILENCE_LIMIT_MS / 2);
  });

  it('a connection that never answers is told paused after the same silence; one known lost stays connecting', async () => {
    const silent = open();
    await vi.advanceTimersByTimeAsync(PAUSED_AFTER_MS);
    expect(silent.states).toEqual(['paused']);
    silent.connection.close();

    const lost = open();
    lost.sources[0]!.message(ballots(1));
    lost.sources[0]!.dropped();
    await vi.advanceTimersByTimeAsync(PAUSED_AFTER_MS * 2);
    expect(lost.states).toEqual(['open', 'connecting']);
    lost.sources[0]!.message(ballots(2));
    expect(lost.states).toEqual(['open', 'connecting', 'open']);
    lost.connection.close();
  });

  it('close() closes the source and stops every timer', async () => {
    const { sources, connection, states } = open();
    connection.close();
    expect(sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS * 3);
    expect(sources).toHaveLength(1);
    expect(states).toEqual([]);
  });
});
