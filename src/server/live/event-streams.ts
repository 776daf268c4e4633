import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveMessage, SubscriptionKey } from '../../shared/schemas/live.ts';
import { hashToken } from '../auth/queries.ts';
import { COOKIE_NAMES } from '../plugins/sessions.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import type { LiveEventBus, StreamEnd } from './event-bus.ts';
import { MESSAGES } from '../lib/messages.ts';

/** How long a browser waits before reconnecting a dropped stream. */
export const EVENT_STREAM_RETRY_MS = 3000;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;

/**
 * Open streams one instance accepts (docs/decisions/021-one-live-stream-per-browser.md). A browser holds
 * one stream for all its tabs (one per tab where it cannot share), so:
 * - per session: a browser, with room for one that cannot share its stream;
 * - per team: a team is a handful of people and browsers; a leaked code cannot open more however many
 *   sessions it makes (each login is a new one);
 * - per address: a whole classroom behind one address, 200 teams with four browsers each, and then some;
 * - per instance: what its memory carries with every stream's buffer full (STREAM_BUFFER_MAX_BYTES).
 */
export const STREAM_LIMITS = { perSession: 32, perTeam: 24, perAddress: 1200, perInstance: 4000 } as const;

/**
 * What a stream may hold unsent once the socket's own buffer is full. A reader that falls further behind
 * (it stopped reading, or its network cannot keep up) is disconnected: its page reconnects and reads what
 * it missed from the stream's first events, so nothing is lost and its memory is bounded.
 */
export const STREAM_BUFFER_MAX_BYTES = 64 * 1024;

type StreamOwner = { key: string; max: number };

/** Whom a new stream counts against: its address, its session, each team whose session opened it, the instance. */
export function streamOwners(request: FastifyRequest, ties: StreamTies): StreamOwner[] {
  const owners: StreamOwner[] = [
    { key: 'instance', max: STREAM_LIMITS.perInstance },
    { key: `address:${clientKey(request)}`, max: STREAM_LIMITS.perAddress },
  ];
  for (const hash of ties.sessions) owners.push({ key: `session:${hash}`, max: STREAM_LIMITS.perSession });
  for (const teamId of ties.teamSessions) owners.push({ key: `team:${teamId}`, max: STREAM_LIMITS.perTeam });
  return owners;
}

/** The hash of the request's session cookie of `kind`, as the sessions table stores it. */
export function sessionHash(request: FastifyRequest, kind: 'team' | 'admin'): string | undefined {
  const token = request.cookies[COOKIE_NAMES[kind]];
  return token ? hashToken(token) : undefined;
}

/**
 * What a stream relies on. It ends the moment one of its sessions ends (logout, a new code, deletion,
 * expiry), and when a team or cohort it carries is deleted.
 */
export type StreamTies = {
  /** Hashes of the sessions that authorised its subscriptions. */
  sessions: string[];
  /** Teams whose events it carries. */
  teams: string[];
  /** Of those, the teams it carries on the strength of that team's own session. */
  teamSessions: string[];
  cohorts: string[];
  /** When the first of its sessions expires (ms since the epoch). */
  expiresAt?: number;
};

export function endsStream(end: StreamEnd, ties: StreamTies): boolean {
  if ('sessions' in end) return ties.sessions.some((hash) => end.sessions.includes(hash));
  if ('teamSessionsOf' in end) return ties.teamSessions.includes(end.teamSessionsOf);
  if ('team' in end) return ties.teams.includes(end.team);
  return ties.cohorts.includes(end.cohort);
}

type OpenStream = { ties: StreamTies; end(): void };

/** This instance's open streams: counted per owner, ended when what they rely on ends, and before close. */
export class EventStreamRegistry {
  private readonly open = new Set<OpenStream>();
  private readonly perOwner = new Map<string, number>();

  get size(): number {
    return this.open.size;
  }

  /** Claims a place for a new stream with every owner, or none: 429 when one holds its maximum already. */
  claim(owners: readonly StreamOwner[]): () => void {
    if (owners.some((owner) => (this.perOwner.get(owner.key) ?? 0) >= owner.max)) {
      throw new HttpError(429, MESSAGES.tooManyStreams, {
        'retry-after': String(Math.ceil(EVENT_STREAM_RETRY_MS / 1000)),
      });
    }
    for (const owner of owners) this.perOwner.set(owner.key, (this.perOwner.get(owner.key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const owner of owners) {
        const left = (this.perOwner.get(owner.key) ?? 1) - 1;
        if (left <= 0) this.perOwner.delete(owner.key);
        else this.perOwner.set(owner.key, left);
      }
    };
  }

  add(stream: OpenStream): void {
    this.open.add(stream);
  }

  delete(stream: OpenStream): void {
    this.open.delete(stream);
  }

  /** Ends every open stream that `end` concerns; how many. */
  end(end: StreamEnd): number {
    return this.endWhere((ties) => endsStream(end, ties));
  }

  endWhere(match: (ties: StreamTies) => boolean): number {
    let ended = 0;
    for (const stream of [...this.open]) {
      if (!match(stream.ties)) continue;
      stream.end();
      ended++;
    }
    return ended;
  }

  /** The sessions the open streams rely on. */
  sessionHashes(): string[] {
    return [...new Set([...this.open].flatMap((stream) => stream.ties.sessions))];
  }

  /** Open streams never finish on their own; close() would wait for them forever (SIGTERM, tests). */
  endAll(): void {
    for (const stream of [...this.open]) stream.end();
    this.open.clear();
  }
}

type StreamOptions = {
  bus: LiveEventBus;
  registry: EventStreamRegistry;
  /** The places claimed for this stream (`registry.claim`), given back when it closes. */
  release: () => void;
  /** The bus channel of each subscription. */
  channels: { sub: SubscriptionKey; channel: string }[];
  /** `{ sub, event }` messages (`/api/events`), or each event bare (the one-subscription paths). */
  envelope: boolean;
  ties: StreamTies;
  /** The state a new (or reconnecting) page starts from, sent before any live event. */
  initial(): Promise<LiveMessage[]>;
  /** Runs with every heartbeat (a presence refresh). */
  onHeartbeat?(): void;
  onClose?(): void;
};

/**
 * Turns the reply into a Server-Sent Events stream of its subscriptions' channels: the retry line, the
 * initial state, then every live event. Written by hand to the socket: no compression, no buffering, no
 * serializer between. It ends when its client goes, when its ties end (`registry.end`), or when its
 * reader falls STREAM_BUFFER_MAX_BYTES behind.
 */
/**
 * A stream whose every subscription was refused: the refusals, then its end. Answered with 200 rather than
 * the refusal's status, so a browser reads why (and logs no failed request); the one-subscription paths
 * answer with the status itself.
 */
export function streamRefusals(reply: FastifyReply, refusals: LiveMessage[]): void {
  reply.hijack();
  const stream: ServerResponse = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    'x-content-type-options': 'nosniff',
  });
  stream.end(
    `retry: ${EVENT_STREAM_RETRY_MS}\n\n${refusals.map((message) => `data: ${JSON.stringify(message)}\n\n`).join('')}`,
  );
}

export async function streamLiveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StreamOptions,
): Promise<void> {
  reply.hijack();
  const stream: ServerResponse = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  // Ended: nothing more is written (a session that ended hears nothing after); what was written before
  // goes out, and the stream ends cleanly, so the browser reconnects without an error.
  const end = () => {
    if (!stream.writableEnded) stream.end();
  };
  const write = (text: string) => {
    if (stream.destroyed || stream.writableEnded) return;
    stream.write(text);
    if (stream.writableLength > STREAM_BUFFER_MAX_BYTES) {
      // A reader this far behind is not waited for: its buffer is dropped at once.
      request.log.info({ buffered: stream.writableLength }, 'event stream fell behind; disconnected');
      stream.destroy();
    }
  };
  const send = (message: LiveMessage) => {
    if ('refused' in message && !options.envelope) return;
    write(`data: ${JSON.stringify(options.envelope ? message : (message as { event: unknown }).event)}\n\n`);
  };
  write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);

  // Subscribe before reading the current state so nothing published meanwhile is lost; what arrives
  // before the state is sent waits behind it.
  let queued: LiveMessage[] | null = [];
  const unsubscribers = options.channels.map(({ sub, channel }) =>
    options.bus.subscribe(channel, (event) => {
      const message = { sub, event } as LiveMessage;
      if (queued) queued.push(message);
      else send(message);
    }),
  );
  // On `/api/events` an event the page sees (its connection gives up a stream silent for too long); a
  // comment elsewhere.
  const beat = options.envelope ? 'event: heartbeat\ndata: 1\n\n' : ': heartbeat\n\n';
  const heartbeat = setInterval(() => {
    write(beat);
    options.onHeartbeat?.();
  }, EVENT_STREAM_HEARTBEAT_MS);
  const open: OpenStream = { ties: options.ties, end };
  let expiry: NodeJS.Timeout | undefined;
  const untilExpiry = options.ties.expiresAt === undefined ? undefined : options.ties.expiresAt - Date.now();
  // Timers hold at most 2^31 - 1 ms (24.8 days); a later expiry is caught by the sessions check.
  if (untilExpiry !== undefined && untilExpiry < 2 ** 31 - 1)
    expiry = setTimeout(end, Math.max(0, untilExpiry));
  options.registry.add(open);
  stream.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(expiry);
    for (const unsubscribe of unsubscribers) unsubscribe();
    options.registry.delete(open);
    options.release();
    options.onClose?.();
  });

  try {
    for (const message of await options.initial()) send(message);
  } catch (error) {
    request.log.warn({ err: error }, 'could not read the initial state of an event stream');
  }
  const waiting = queued;
  queued = null;
  for (const message of waiting) send(message);
}
