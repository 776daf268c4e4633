import type { LiveMessage } from '@shared/schemas/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionEnvironment,
  openLiveConnection,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  SILENCE_LIMIT_MS,
} from './live-connection';

/** One request the connection made: answer it with a stream the test writes, or a refusal. */
type Call = {
  url: string;
  signal: AbortSignal;
  stream(): { write(text: string): void; end(): void };
  refuse(status: number, body: string, headers?: Record<string, string>): void;
  fail(): void;
};

function fakeEnvironment() {
  const calls: Call[] = [];
  let online: (() => void) | undefined;
  const env: ConnectionEnvironment = {
    fetch: ((url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({
          url,
          signal: init.signal!,
          stream() {
            let controller!: ReadableStreamDefaultController<Uint8Array>;
            const body = new ReadableStream<Uint8Array>({
              start: (c) => {
                controller = c;
              },
            });
            init.signal!.addEventListener('abort', () =>
              controller.error(new DOMException('aborted', 'AbortError')),
            );
            resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
            const encoder = new TextEncoder();
            return {
              write: (text) => controller.enqueue(encoder.encode(text)),
              end: () => controller.close(),
            };
          },
          refuse(status, body, headers = {}) {
            resolve(new Response(body, { status, headers }));
          },
          fail() {
            reject(new TypeError('Failed to fetch'));
          },
        });
      })) as typeof fetch,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (timer) => clearTimeout(timer),
    onOnline(callback) {
      online = callback;
      return () => {
        online = undefined;
      };
    },
  };
  return { env, calls, goOnline: () => online?.() };
}

const data = (message: LiveMessage) => `data: ${JSON.stringify(message)}\n\n`;
const ballots = (n: number): LiveMessage => ({
  sub: 'cohort:spring',
  event: { type: 'ballots', ballotCount: n, teamCount: 5 },
});

describe('the live stream connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function open() {
    const fake = fakeEnvironment();
    const messages: LiveMessage[] = [];
    const refusals: [number, string][] = [];
    const states: string[] = [];
    const connection = openLiveConnection(
      '/api/events?cohort=spring',
      {
        onMessage: (m) => messages.push(m),
        onRefused: (status, message) => refusals.push([status, message]),
        onState: (s) => states.push(s),
      },
      fake.env,
    );
    return { ...fake, messages, refusals, states, connection };
  }

  it('hands on each well-formed message, split across chunks or not, and drops malformed ones', async () => {
    const { calls, messages } = open();
    await vi.advanceTimersByTimeAsync(0);
    const stream = calls[0]!.stream();
    stream.write(`retry: 3000\n\n${data(ballots(1)).slice(0, 20)}`);
    stream.write(data(ballots(1)).slice(20));
    stream.write('data: {"sub":"cohort:spring","event":{"type":"ballots"}}\n\n');
    stream.write('data: not json\n\n: heartbeat\n\n');
    stream.write(data(ballots(2)));
    await vi.advanceTimersByTimeAsync(0);
    expect(messages).toEqual([ballots(1), ballots(2)]);
  });

  it('reconnects after the server ends the stream (a session ended, a restart), after its retry', async () => {
    const { calls, states } = open();
    await vi.advanceTimersByTimeAsync(0);
    const stream = calls[0]!.stream();
    stream.write(`retry: 3000\n\n${data(ballots(1))}`);
    await vi.advanceTimersByTimeAsync(0);
    stream.end();
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(states).toEqual(['open', 'connecting']);
  });

  it('a refusal is told with its status and message and not retried', async () => {
    const { calls, refusals } = open();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.refuse(401, JSON.stringify({ message: 'Team session required.' }), {
      'content-type': 'application/json',
    });
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2);
    expect(refusals).toEqual([[401, 'Team session required.']]);
    expect(calls).toHaveLength(1);
  });

  it('too many streams (429) waits as the server asks; a network failure waits 3 s, 6 s ... up to 30 s', async () => {
    const { calls } = open();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.refuse(429, '{"message":"Too many"}', { 'retry-after': '5' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = calls.length;
      calls.at(-1)!.fail();
      let waited = 0;
      while (calls.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([
      2 * RECONNECT_MIN_MS,
      4 * RECONNECT_MIN_MS,
      8 * RECONNECT_MIN_MS,
      RECONNECT_MAX_MS,
      RECONNECT_MAX_MS,
      RECONNECT_MAX_MS,
    ]);
  });

  it('reconnects at once when the browser comes back online', async () => {
    const { calls, goOnline } = open();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.fail();
    await vi.advanceTimersByTimeAsync(100);
    goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('gives up a stream silent for too long (a laptop that slept) and opens it again', async () => {
    const { calls } = open();
    await vi.advanceTimersByTimeAsync(0);
    const stream = calls[0]!.stream();
    stream.write(data(ballots(1)));
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    stream.write(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    expect(calls[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MIN_MS);
    expect(calls).toHaveLength(2);
  });

  it('close() ends the request and every timer', async () => {
    const { calls, connection } = open();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.stream();
    await vi.advanceTimersByTimeAsync(0);
    connection.close();
    expect(calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 3);
    expect(calls).toHaveLength(1);
  });
});
