import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../db/sessions.ts';
import { COOKIE_NAMES } from '../plugins/sessions.ts';
import { clientKey } from './client-key.ts';
import { HttpError } from './http-error.ts';
import type { LiveEvent, LiveEventBus } from './live-events.ts';
import { MESSAGES } from './messages.ts';

/** How long a browser waits before reconnecting a dropped stream. */
export const EVENT_STREAM_RETRY_MS = 3000;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;
/**
 * Open streams one instance accepts per session (one browser: its tabs, each with a workspace and a
 * cohort stream) and per address for callers without a session (a whole room's phones share one
 * address). Far above what a classroom opens; they stop one client from holding thousands of sockets.
 */
export const STREAMS_PER_SESSION = 32;
export const STREAMS_PER_ADDRESS = 1000;

/** Whose streams a new one counts against: a live session's, else the caller's address. */
export async function streamOwner(request: FastifyRequest): Promise<{ key: string; max: number }> {
  for (const kind of ['team', 'admin'] as const) {
    const token = request.cookies[COOKIE_NAMES[kind]];
    const valid = kind === 'team' ? await request.sessionTeam() : await request.sessionAdmin();
    if (token && valid) return { key: `${kind}:${hashToken(token)}`, max: STREAMS_PER_SESSION };
  }
  return { key: `address:${clientKey(request)}`, max: STREAMS_PER_ADDRESS };
}

/** This instance's open streams: counted per owner, and all ended before the server closes. */
export class EventStreamRegistry {
  private readonly open = new Set<ServerResponse>();
  private readonly perOwner = new Map<string, number>();

  get size(): number {
    return this.open.size;
  }

  /** Claims a place for `owner`'s new stream; 429 when it holds its maximum already. */
  claim(owner: { key: string; max: number }): () => void {
    const count = this.perOwner.get(owner.key) ?? 0;
    if (count >= owner.max) {
      throw new HttpError(429, MESSAGES.tooManyStreams, {
        'retry-after': String(Math.ceil(EVENT_STREAM_RETRY_MS / 1000)),
      });
    }
    this.perOwner.set(owner.key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.perOwner.get(owner.key) ?? 1) - 1;
      if (left <= 0) this.perOwner.delete(owner.key);
      else this.perOwner.set(owner.key, left);
    };
  }

  add(stream: ServerResponse): void {
    this.open.add(stream);
  }

  delete(stream: ServerResponse): void {
    this.open.delete(stream);
  }

  /** Open streams never finish on their own; close() would wait for them forever (SIGTERM, tests). */
  endAll(): void {
    for (const stream of this.open) stream.end();
    this.open.clear();
  }
}

export type StreamOptions = {
  bus: LiveEventBus;
  registry: EventStreamRegistry;
  /** The place claimed for this stream (`registry.claim`), given back when it closes. */
  release: () => void;
  channel: string;
  /** The state a new (or reconnecting) page starts from, sent before any live event. */
  initial(): Promise<LiveEvent[]>;
  /** Runs with every heartbeat (a presence refresh). */
  onHeartbeat?(): void;
  onClose?(): void;
};

/**
 * Turns the reply into a Server-Sent Events stream of `channel`: the retry line, the initial state, then
 * every live event. Written by hand to the socket: no compression, no buffering, no serializer between.
 */
export async function streamLiveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StreamOptions,
): Promise<void> {
  reply.hijack();
  const stream = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  stream.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
  const send = (event: LiveEvent) => {
    if (!stream.writableEnded) stream.write(`data: ${JSON.stringify(event)}\n\n`);
  };

  // Subscribe before reading the current state so nothing published meanwhile is lost; what arrives
  // before the state is sent waits behind it.
  let queued: LiveEvent[] | null = [];
  const unsubscribe = options.bus.subscribe(options.channel, (event) => {
    if (queued) queued.push(event);
    else send(event);
  });
  const heartbeat = setInterval(() => {
    if (stream.writableEnded) return;
    stream.write(': heartbeat\n\n');
    options.onHeartbeat?.();
  }, EVENT_STREAM_HEARTBEAT_MS);
  options.registry.add(stream);
  stream.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    options.registry.delete(stream);
    options.release();
    options.onClose?.();
  });

  try {
    for (const event of await options.initial()) send(event);
  } catch (error) {
    request.log.warn({ err: error }, 'could not read the initial state of an event stream');
  }
  const waiting = queued;
  queued = null;
  for (const event of waiting) send(event);
}
