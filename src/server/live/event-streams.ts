import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveMessage, StreamRefusalReason, SubscriptionKey } from '../../shared/schemas/live.ts';
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
 * docs/decisions/037-the-live-layer-under-attack-and-failure.md,
 * docs/decisions/042-settled-streams-keep-their-place.md). A browser holds one stream for all its tabs (one
 * per tab where it cannot share), so:
 * - per session: a browser, with room for one that cannot share its stream; well below the team's, so one
 *   session (a leaked code) never holds the team's every place;
 * - per team: a team is a handful of people and browsers; a leaked code cannot open more however many
 *   sessions it makes (each login is a new one). When the team is full, a place is taken only from a
 *   session holding more than its share, never from one holding a single stream: a newcomer is refused
 *   instead (`EventStreamRegistry.claim`);
 * - per address: a whole classroom behind one address, 200 teams with four browsers each, and then some;
 * - without a session (a cohort's public events): fewer per address (a room's projector and results pages
 *   opened by nobody signed in), and at most `withoutSession` on the instance, so the rest (three quarters)
 *   is held back for streams with one (a participant's or an instructor's browser sends its session, and
 *   its streams count as that session's);
 * - per instance: what its memory carries with every stream's buffer full (STREAM_BUFFER_MAX_BYTES).
 *
 * And two times. A team's stream open `settleMs` has settled: its page is in use, not a device in a loop of
 * opening and closing (more than three of the browser's 3 s retries). When a settled stream's connection ends
 * without its session ending (a reload, a dropped network, a restart of the streams), its team place is kept
 * for its session `holdMs`: long enough for the browser's reconnection (3 s, or 1 to 8 s after a restart)
 * and a reload on a busy machine, short enough that a page closed for good frees its place in time for a
 * refused newcomer's third try (3, 9 and 21 s after its first refusal).
 */
export const STREAM_LIMITS = {
  perSession: 8,
  perTeam: 24,
  perAddress: 1200,
  perAddressWithoutSession: 250,
  withoutSession: 1000,
  perInstance: 4000,
  settleMs: 10_000,
  holdMs: 15_000,
} as const;
export type StreamLimits = { [K in keyof typeof STREAM_LIMITS]: number };

/**
 * What a stream may hold unsent once the socket's own buffer is full. A reader that falls further behind
 * (it stopped reading, or its network cannot keep up) is disconnected: its page reconnects and reads what
 * it missed from the stream's first events, so nothing is lost and its memory is bounded.
 */
export const STREAM_BUFFER_MAX_BYTES = 64 * 1024;

/**
 * A stream's place with one of its owners; `evictable` owners (a team) make room when they fairly can rather
 * than refuse, and keep a settled stream's place a moment after its connection ends.
 */
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

/**
 * The places a stream holds: its owners' keys (`held`: those of them it may keep after its connection ends,
 * its teams), the pages it carries (`TEAM:CLIENT`), when it was claimed, and the function that gives them
 * back (once).
 */
export type StreamClaim = {
  keys: readonly string[];
  held: readonly string[];
  pages: readonly string[];
  since: number;
  release(): void;
};

/** A stream refused for want of a place (429); `reason` tells the page why when it has something to say. */
export class StreamRefused extends HttpError {
  constructor(
    message: string,
    readonly reason?: StreamRefusalReason,
  ) {
    super(429, message, { 'retry-after': String(Math.ceil(EVENT_STREAM_RETRY_MS / 1000)) });
  }
}

/** A team place a settled stream's session keeps after the stream's connection ended, until `until`. */
type HeldPlace = { key: string; session: string; ties: StreamTies; until: number; gone: boolean };

const sessionOf = (keys: readonly string[]) => keys.find((key) => key.startsWith('session:'));

/** A team's streams and held places of one session, oldest first. */
type Holding = { streams: OpenStream[]; held: HeldPlace[] };
const holds = (holding: Holding | undefined) => (holding ? holding.streams.length + holding.held.length : 0);

/**
 * This instance's open streams: counted per owner, ended when what they rely on ends, and before close; and
 * the team places settled streams keep a moment after their connections end. Each instance counts its own
 * (as every cap does): a page reconnecting to another instance arrives there as a newcomer.
 */
export class EventStreamRegistry {
  private readonly open = new Set<OpenStream>();
  private readonly perOwner = new Map<string, number>();
  /** In the order they end: every place is held `holdMs`. */
  private held: HeldPlace[] = [];
  private readonly heldPerKey = new Map<string, number>();

  /** The caps this instance applies (STREAM_LIMITS; tests give smaller ones), and its clock. */
  constructor(
    readonly limits: StreamLimits = STREAM_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /** Open streams counted against `key` (tests and the figures). */
  count(key: string): number {
    return this.perOwner.get(key) ?? 0;
  }

  /** Places of `key` held for sessions whose settled streams ended a moment ago. */
  heldCount(key: string): number {
    this.expire();
    return this.heldPerKey.get(key) ?? 0;
  }

  /** Open streams counted against `key` that have settled (tests wait for it). */
  settledCount(key: string): number {
    let settled = 0;
    for (const stream of this.open) {
      if (stream.claim?.keys.includes(key) && this.settled(stream.claim)) settled++;
    }
    return settled;
  }

  /**
   * Claims a place for a new stream with every owner, or none. A full owner refuses (429), except a full team
   * (an `evictable` owner), which makes room when it fairly can:
   * - the claimant's own place held since its stream's connection ended is its place again;
   * - a stream of the claimant's session carrying one of the new stream's pages gives it its place (the
   *   browser opening its stream again for new needs, or after a connection the server has not seen die);
   * - a session holding at least two more of the team's places than the claimant gives up one, a held one
   *   first, else its oldest stream.
   * So a session holding one stream is never taken from, and no two sessions take from each other in turn
   * (each taking evens the holdings out): a newcomer to a team full of single streams is refused
   * (`team-full`), and a page that holds its stream keeps it however many devices a leaked code opened.
   */
  claim(owners: readonly StreamOwner[], pages: readonly string[] = []): StreamClaim {
    this.expire();
    for (const owner of owners) {
      if (!owner.evictable && this.count(owner.key) >= owner.max)
        throw new StreamRefused(MESSAGES.tooManyStreams);
    }
    const session = sessionOf(owners.map((owner) => owner.key));
    const steps: (() => void)[] = [];
    for (const owner of owners) {
      if (!owner.evictable) continue;
      const own = session
        ? this.held.find((p) => !p.gone && p.key === owner.key && p.session === session)
        : undefined;
      // Taken back even with room to spare: a session never keeps a held place beside the stream it was for.
      if (own) steps.push(() => this.forget(own));
      else if (this.count(owner.key) + (this.heldPerKey.get(owner.key) ?? 0) >= owner.max) {
        const room = this.roomIn(owner.key, session, pages);
        if (!room) throw new StreamRefused(MESSAGES.teamStreamsFull, 'team-full');
        steps.push(room);
      }
    }
    for (const step of steps) step();
    for (const owner of owners) this.perOwner.set(owner.key, this.count(owner.key) + 1);
    let released = false;
    return {
      keys: owners.map((owner) => owner.key),
      held: owners.filter((owner) => owner.evictable).map((owner) => owner.key),
      pages,
      since: this.now(),
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

  /** How a full `key` makes room for `session`'s new stream of `pages`, if it fairly can (see `claim`). */
  private roomIn(
    key: string,
    session: string | undefined,
    pages: readonly string[],
  ): (() => void) | undefined {
    const bySession = new Map<string, Holding>();
    const holdingOf = (s: string) => {
      const holding = bySession.get(s) ?? { streams: [], held: [] };
      bySession.set(s, holding);
      return holding;
    };
    // Oldest first: the set keeps the order streams were added in, the list the order places were held in.
    for (const stream of this.open) {
      const keys = stream.claim?.keys ?? [];
      const owner = sessionOf(keys);
      if (owner && keys.includes(key)) holdingOf(owner).streams.push(stream);
    }
    for (const place of this.held)
      if (!place.gone && place.key === key) holdingOf(place.session).held.push(place);

    const mine = session ? bySession.get(session) : undefined;
    const samePage = mine?.streams.find((stream) => stream.claim?.pages.some((page) => pages.includes(page)));
    if (samePage) return () => this.take(samePage);

    let busiest: Holding | undefined;
    for (const [owner, holding] of bySession) {
      if (owner !== session && holds(holding) > holds(busiest)) busiest = holding;
    }
    if (!busiest || holds(busiest) < holds(mine) + 2) return undefined;
    const place = busiest.held[0];
    if (place) return () => this.forget(place);
    const oldest = busiest.streams[0]!;
    return () => this.take(oldest);
  }

  /** Ends a stream whose place another takes: given back now (its close comes later) and not held. */
  private take(stream: OpenStream): void {
    this.drop(stream);
    stream.end();
  }

  private settled(claim: StreamClaim): boolean {
    return this.now() - claim.since >= this.limits.settleMs;
  }

  private forget(place: HeldPlace): void {
    if (place.gone) return;
    place.gone = true;
    const left = (this.heldPerKey.get(place.key) ?? 0) - 1;
    if (left <= 0) this.heldPerKey.delete(place.key);
    else this.heldPerKey.set(place.key, left);
  }

  /** Forgets the held places whose time is up (they end in the order they were held). */
  private expire(): void {
    const now = this.now();
    let done = 0;
    while (done < this.held.length && (this.held[done]!.gone || this.held[done]!.until <= now)) {
      this.forget(this.held[done]!);
      done++;
    }
    if (done > 0) this.held = this.held.slice(done);
  }

  add(stream: OpenStream): void {
    this.open.add(stream);
  }

  /** A stream that ends for good (its session ended, or it was taken): its places are given back, none held. */
  drop(stream: OpenStream): void {
    this.open.delete(stream);
    stream.claim?.release();
  }

  /**
   * A stream's connection has closed: its places are given back, except that a settled stream still
   * registered (ended by its page, its network, a restart or falling behind; not taken, not ended with its
   * session) keeps its team places for its session `holdMs`, for its page to come back to.
   */
  closed(stream: OpenStream): void {
    const registered = this.open.delete(stream);
    const claim = stream.claim;
    if (!claim) return;
    const session = sessionOf(claim.keys);
    if (registered && session && claim.held.length > 0 && this.settled(claim)) {
      this.expire();
      const until = this.now() + this.limits.holdMs;
      for (const key of claim.held) {
        this.held.push({ key, session, ties: stream.ties, until, gone: false });
        this.heldPerKey.set(key, (this.heldPerKey.get(key) ?? 0) + 1);
      }
    }
    claim.release();
  }

  /** Ends every open stream that `end` concerns, and forgets the places held for them; how many streams. */
  end(end: StreamEnd): number {
    return this.endWhere((ties) => endsStream(end, ties));
  }

  endWhere(match: (ties: StreamTies) => boolean): number {
    let ended = 0;
    for (const stream of [...this.open]) {
      if (!match(stream.ties)) continue;
      this.drop(stream);
      stream.end();
      ended++;
    }
    for (const place of this.held) if (!place.gone && match(place.ties)) this.forget(place);
    return ended;
  }

  /** The sessions the open streams and the held places rely on. */
  sessionHashes(): string[] {
    this.expire();
    const ties = [...[...this.open].map((stream) => stream.ties), ...this.held.map((place) => place.ties)];
    return [...new Set(ties.flatMap((t) => t.sessions))];
  }

  /**
   * Ends every open stream, each page told to come back after a wait drawn between `retryMs.min` and
   * `retryMs.max` so they do not all at once: after the database came back, each page reconnects and starts
   * from the current state (what it missed, its place in the presence line; a settled stream's team place is
   * held for it meanwhile).
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
    for (const place of this.held) this.forget(place);
    this.held = [];
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
    options.registry.closed(open);
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
    options.registry.drop(open);
    end();
    return;
  }
  const untilExpiry = expiresAt === undefined ? undefined : expiresAt - Date.now();
  // Timers hold at most 2^31 - 1 ms (24.8 days); a later expiry is caught by the sessions check. An expired
  // session's stream keeps no place: the session cannot come back.
  if (untilExpiry !== undefined && untilExpiry < 2 ** 31 - 1)
    expiry = setTimeout(
      () => {
        options.registry.drop(open);
        end();
      },
      Math.max(0, untilExpiry),
    );

  try {
    for (const message of await options.initial()) send(message);
  } catch (error) {
    request.log.warn({ err: error }, 'could not read the initial state of an event stream');
  }
  const waiting = queued;
  queued = null;
  for (const message of waiting) send(message);
}
