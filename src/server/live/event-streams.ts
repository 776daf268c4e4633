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
 * Open streams one instance accepts (docs/decisions/021-one-live-stream-per-browser.md,
 * docs/decisions/037-the-live-layer-under-attack-and-failure.md). A browser holds one stream for all its
 * tabs (one per tab where it cannot share), so:
 * - per session: a browser, with room for one that cannot share its stream; well below the team's, so one
 *   session (a leaked code) never holds the team's every place;
 * - per team: a team is a handful of people and browsers; a leaked code cannot open more however many
 *   sessions it makes (each login is a new one), and when the team is full, the session holding the most of
 *   its streams gives up its oldest to a session holding fewer (`EventStreamRegistry.claim`);
 * - per address: a whole classroom behind one address, 200 teams with four browsers each, and then some;
 * - without a session (a cohort's public events): fewer per address (a room's projector and results pages
 *   opened by nobody signed in), and at most `withoutSession` on the instance, so the rest (three quarters)
 *   is held back for streams with one (a participant's or an instructor's browser sends its session, and
 *   its streams count as that session's);
 * - per instance: what its memory carries with every stream's buffer full (STREAM_BUFFER_MAX_BYTES).
 */
export const STREAM_LIMITS = {
  perSession: 8,
  perTeam: 24,
  perAddress: 1200,
  perAddressWithoutSession: 250,
  withoutSession: 1000,
  perInstance: 4000,
} as const;
export type StreamLimits = { [K in keyof typeof STREAM_LIMITS]: number };

/**
 * What a stream may hold unsent once the socket's own buffer is full. A reader that falls further behind
 * (it stopped reading, or its network cannot keep up) is disconnected: its page reconnects and reads what
 * it missed from the stream's first events, so nothing is lost and its memory is bounded.
 */
export const STREAM_BUFFER_MAX_BYTES = 64 * 1024;

/** A stream's place with one of its owners; `evictable` owners make room rather than refuse (a team). */
export type StreamOwner = { key: string; max: number; evictable?: boolean };

/**
 * Whom a new stream counts against: the instance, its address, its session (the ones that authorised it, or
 * for a cohort's events the caller's own when it has one), each team whose session opened it; a stream with
 * no session at all also against the places without one.
 */
export function streamOwners(
  request: FastifyRequest,
  ties: StreamTies,
  limits: StreamLimits = STREAM_LIMITS,
  caller?: string,
): StreamOwner[] {
  const address = clientKey(request);
  const owners: StreamOwner[] = [
    { key: 'instance', max: limits.perInstance },
    { key: `address:${address}`, max: limits.perAddress },
  ];
  const sessions = ties.sessions.length > 0 ? ties.sessions : caller ? [caller] : [];
  if (sessions.length === 0) {
    owners.push(
      { key: 'without-session', max: limits.withoutSession },
      { key: `without-session:${address}`, max: limits.perAddressWithoutSession },
    );
  }
  for (const hash of sessions) owners.push({ key: `session:${hash}`, max: limits.perSession });
  for (const teamId of ties.teamSessions)
    owners.push({ key: `team:${teamId}`, max: limits.perTeam, evictable: true });
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
};

export function endsStream(end: StreamEnd, ties: StreamTies): boolean {
  if ('sessions' in end) return ties.sessions.some((hash) => end.sessions.includes(hash));
  if ('teamSessionsOf' in end) return ties.teamSessions.includes(end.teamSessionsOf);
  if ('team' in end) return ties.teams.includes(end.team);
  return ties.cohorts.includes(end.cohort);
}

/** An open stream as the registry knows it: what it relies on, whom it counts against, how to end it. */
export type OpenStream = { ties: StreamTies; claim?: StreamClaim; end(retryMs?: number): void };

/** The places a stream holds: its owners' keys, and the function that gives them back (once). */
export type StreamClaim = { keys: readonly string[]; release(): void };

/** This instance's open streams: counted per owner, ended when what they rely on ends, and before close. */
export class EventStreamRegistry {
  private readonly open = new Set<OpenStream>();
  private readonly perOwner = new Map<string, number>();

  /** The caps this instance applies (STREAM_LIMITS; tests give smaller ones). */
  constructor(readonly limits: StreamLimits = STREAM_LIMITS) {}

  get size(): number {
    return this.open.size;
  }

  /** Open streams counted against `key` (tests and the figures). */
  count(key: string): number {
    return this.perOwner.get(key) ?? 0;
  }

  /**
   * Claims a place for a new stream with every owner, or none: 429 when one holds its maximum already. A full
   * team (an `evictable` owner) makes room instead when it can: the session holding the most of the team's
   * open streams, when it holds more than the claiming session, gives up its oldest, so a team's own people
   * always get a stream however many a leaked code opened.
   */
  claim(owners: readonly StreamOwner[]): StreamClaim {
    const full = owners.filter((owner) => this.count(owner.key) >= owner.max);
    if (full.length > 0 && !full.every((owner) => owner.evictable && this.makeRoom(owner.key, owners))) {
      throw new HttpError(429, MESSAGES.tooManyStreams, {
        'retry-after': String(Math.ceil(EVENT_STREAM_RETRY_MS / 1000)),
      });
    }
    for (const owner of owners) this.perOwner.set(owner.key, this.count(owner.key) + 1);
    let released = false;
    return {
      keys: owners.map((owner) => owner.key),
      release: () => {
        if (released) return;
        released = true;
        for (const owner of owners) {
          const left = this.count(owner.key) - 1;
          if (left <= 0) this.perOwner.delete(owner.key);
          else this.perOwner.set(owner.key, left);
        }
      },
    };
  }

  /** Ends the oldest stream of `key`'s busiest session when it is busier than the claimant's; whether it did. */
  private makeRoom(key: string, owners: readonly StreamOwner[]): boolean {
    const sessionOf = (keys: readonly string[]) => keys.find((k) => k.startsWith('session:'));
    const claimant = sessionOf(owners.map((owner) => owner.key));
    const bySession = new Map<string, OpenStream[]>();
    // Oldest first: the set keeps the order streams were added in.
    for (const stream of this.open) {
      const keys = stream.claim?.keys ?? [];
      const session = sessionOf(keys);
      if (!session || !keys.includes(key)) continue;
      bySession.set(session, [...(bySession.get(session) ?? []), stream]);
    }
    let busiest: OpenStream[] = [];
    for (const streams of bySession.values()) if (streams.length > busiest.length) busiest = streams;
    const claimantHolds = claimant ? (bySession.get(claimant)?.length ?? 0) : 0;
    const oldest = busiest[0];
    if (!oldest || busiest.length <= claimantHolds) return false;
    // Its places are given back now (the stream's close, which releases them too, comes later).
    oldest.claim?.release();
    this.open.delete(oldest);
    oldest.end();
    return true;
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

  /**
   * Ends every open stream, each page told to come back after a wait drawn between `retryMs.min` and
   * `retryMs.max` so they do not all at once: after the database came back, each page reconnects and starts
   * from the current state (what it missed, its place in the presence line).
   */
  restartAll(retryMs: { min: number; max: number }): number {
    const streams = [...this.open];
    for (const stream of streams) stream.end(retryMs.min + Math.random() * (retryMs.max - retryMs.min));
    return streams.length;
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
  claim: StreamClaim;
  /** The bus channel of each subscription. */
  channels: { sub: SubscriptionKey; channel: string }[];
  /** `{ sub, event }` messages (`/api/events`), or each event bare (the one-subscription paths). */
  envelope: boolean;
  ties: StreamTies;
  /**
   * Checks, once the stream is registered, that every session it relies on is still live: when the first of
   * them expires (undefined: no session, or none expires), or `false` when one has ended. An end heard before
   * the registration was written to the database before it was published, so this read sees it; one heard
   * after ends the registered stream. Either way no stream outlives its session, whatever the timing.
   */
  confirm(): Promise<number | undefined | false>;
  /** The state a new (or reconnecting) page starts from, sent before any live event. */
  initial(): Promise<LiveMessage[]>;
  /** Runs with every heartbeat (a presence refresh). */
  onHeartbeat?(): void;
  onClose?(): void;
};

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-store, no-transform',
  'x-content-type-options': 'nosniff',
};

/**
 * A stream whose every subscription was refused: the refusals, then its end. Answered with 200 rather than
 * the refusal's status, so a browser reads why (and logs no failed request); the one-subscription paths
 * answer with the status itself.
 */
export function streamRefusals(reply: FastifyReply, refusals: LiveMessage[]): void {
  reply.hijack();
  const stream: ServerResponse = reply.raw;
  stream.writeHead(200, STREAM_HEADERS);
  stream.end(
    `retry: ${EVENT_STREAM_RETRY_MS}\n\n${refusals.map((message) => `data: ${JSON.stringify(message)}\n\n`).join('')}`,
  );
}

/**
 * Turns the reply into a Server-Sent Events stream of its subscriptions' channels: the retry line, the
 * initial state, then every live event. Written by hand to the socket: no compression, no buffering, no
 * serializer between. It ends when its client goes, when its ties end (`registry.end`), or when its
 * reader falls STREAM_BUFFER_MAX_BYTES behind.
 */
export async function streamLiveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StreamOptions,
): Promise<void> {
  reply.hijack();
  const stream: ServerResponse = reply.raw;
  stream.writeHead(200, { ...STREAM_HEADERS, connection: 'keep-alive', 'x-accel-buffering': 'no' });
  const write = (text: string) => {
    if (stream.destroyed || stream.writableEnded) return;
    stream.write(text);
    if (stream.writableLength > STREAM_BUFFER_MAX_BYTES) {
      // A reader this far behind is not waited for: its buffer is dropped at once.
      request.log.info({ buffered: stream.writableLength }, 'event stream fell behind; disconnected');
      stream.destroy();
    }
  };
  // Ended: nothing more is written (a session that ended hears nothing after); what was written before
  // goes out, and the stream ends cleanly, so the browser reconnects without an error, after `retryMs`
  // when given (spreading many reconnections out).
  const end = (retryMs?: number) => {
    if (retryMs !== undefined) write(`retry: ${Math.round(retryMs)}\n\n`);
    if (!stream.writableEnded) stream.end();
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
  const open: OpenStream = { ties: options.ties, claim: options.claim, end };
  let expiry: NodeJS.Timeout | undefined;
  // Registered first, then its sessions checked: an end heard from now on reaches it (below).
  options.registry.add(open);
  stream.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(expiry);
    for (const unsubscribe of unsubscribers) unsubscribe();
    options.registry.delete(open);
    options.claim.release();
    options.onClose?.();
  });

  let expiresAt: number | undefined | false;
  try {
    expiresAt = await options.confirm();
  } catch (error) {
    request.log.warn({ err: error }, 'could not check the sessions of a new event stream');
    expiresAt = false;
  }
  // A session ended (before or while it was registered): nothing is sent; the page's next connection is
  // refused with the reason.
  if (expiresAt === false || stream.writableEnded || stream.destroyed) {
    end();
    return;
  }
  const untilExpiry = expiresAt === undefined ? undefined : expiresAt - Date.now();
  // Timers hold at most 2^31 - 1 ms (24.8 days); a later expiry is caught by the sessions check.
  if (untilExpiry !== undefined && untilExpiry < 2 ** 31 - 1)
    expiry = setTimeout(end, Math.max(0, untilExpiry));

  try {
    for (const message of await options.initial()) send(message);
  } catch (error) {
    request.log.warn({ err: error }, 'could not read the initial state of an event stream');
  }
  const waiting = queued;
  queued = null;
  for (const message of waiting) send(message);
}
