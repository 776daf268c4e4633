import { isIP } from 'node:net';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AttemptLimiter,
  type BucketSize,
  MemoryAttemptLimiter,
  MemoryTokenBucket,
  type Refusal,
  SharedAttemptLimiter,
  SharedTokenBucket,
} from '../lib/attempt-limiter.ts';
import { clientKey } from '../lib/client-key.ts';
import { FloodStore } from '../lib/flood-store.ts';
import { badRequest, forbidden } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { COOKIE_NAMES } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed code look-ups and token logins per address: a bucket of 120, refilled at 12 a minute. */
    lookupAttempts: AttemptLimiter;
    /** Failed admin logins per address: 10 a minute. */
    loginAttempts: AttemptLimiter;
    /** Workspaces created per address: 60 a minute. */
    creationAttempts: AttemptLimiter;
    /** Requests for help asked or withdrawn per team: 6 a minute. */
    helpChanges: AttemptLimiter;
  }
}

/**
 * Failed code look-ups and token logins per address (docs/decisions/036 and docs/SECURITY.md have the
 * arithmetic), a token bucket: a room of 30 teams behind one address, each mistyping 3 times, makes 90
 * misses, and the burst holds them even all at once, with every team's own look-up in flight at the same
 * moment (90 + 30: a hit holds its try for one query, then gives it back); the refill
 * is the long-run rate of a guesser, 720 an hour, below the 1,200 a fixed 20 a minute allowed, so that
 * with the 32 characters of new codes finding one of 30 workspaces takes about 47 hours, as long as the
 * 45 hours it took with 36.
 */
export const LOOKUP_BUCKET: BucketSize = { burst: 120, perMinute: 12 };
/** Failed admin logins a minute per address. */
export const LOGIN_FAILURES_PER_MINUTE = 10;
/**
 * Workspaces created a minute per address: a classroom creating its workspaces together stays well under
 * it, and one address cannot use up the 1.68 million codes (at this rate that takes 19 days).
 */
export const CREATIONS_PER_MINUTE = 60;
/**
 * Requests for help asked or withdrawn a minute per team: a team asks, withdraws and asks again in a minute
 * with room to spare; a loop of them reaches no instructor's dashboard more often than that.
 */
export const HELP_CHANGES_PER_MINUTE = 6;

type SecurityOptions = {
  /** Requests a minute per session, or per address for calls without one (every API call). */
  requestsPerMinute: number;
  /** The origins a mutation may come from (PUBLIC_ORIGIN); empty: see `sameOrigin`. */
  publicOrigins: readonly string[];
  /** The time the look-up bucket reads, in milliseconds (tests hold it still); the real clock if absent. */
  clock?: () => number;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the request reached an API route. Decided on the route the router matched, never on the URL as
 * written: the router decodes `/%61pi/teams` into `/api/teams`, and a guard reading `request.url` would
 * take it for a page.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/**
 * The flood limit's key: the session when the request carries one this instance has seen proven valid,
 * else the caller's address (a forged or dead cookie buys no bucket of its own).
 */
function floodKey(request: FastifyRequest): string {
  const known = request.server.knownSessions;
  return (
    known.keyOf(request.cookies[COOKIE_NAMES.team]) ??
    known.keyOf(request.cookies[COOKIE_NAMES.admin]) ??
    `address:${clientKey(request)}`
  );
}

/**
 * Whether a mutation's `Origin` is the app's own. With the public origins configured, it must be one of
 * them, whatever the request's Host says: a page on `evil.example` whose name was pointed at the app's
 * address (DNS rebinding) sends `Host: evil.example` and `Origin: http://evil.example` alike. Without them,
 * the Origin must name the address the browser asked for, and that address must be an IP address or
 * `localhost`: names no other site can make resolve to the app (a laptop serving a room at
 * http://192.168.1.20:3000 needs no setting; a server reached by name needs PUBLIC_ORIGIN).
 */
export function sameOrigin(
  origin: string,
  request: FastifyRequest,
  publicOrigins: readonly string[],
): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (publicOrigins.length > 0) return publicOrigins.includes(url.origin);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (hostname !== 'localhost' && isIP(hostname) === 0) return false;
  return url.host === request.host?.toLowerCase();
}

/** NUL, or half of a surrogate pair (`\ud800` alone): text PostgreSQL refuses to store. */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
/** Far deeper than any answer the client sends; JSON.stringify recurses and overflows past thousands. */
export const MAX_INPUT_DEPTH = 64;

/**
 * Why the parsed input cannot be taken, with the field path: PostgreSQL refuses NUL in text and jsonb and
 * a lone surrogate in jsonb, and a body nested thousands deep overflows JSON.stringify; each gave a 500
 * before this guard. Iterative, so the walk itself cannot overflow.
 */
export function findUnstorable(root: unknown): { path: string; problem: string } | undefined {
  const stack: [unknown, string, number][] = [[root, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return { path, problem: 'must not contain NUL characters or broken unicode' };
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_INPUT_DEPTH) return { path, problem: `may nest at most ${MAX_INPUT_DEPTH} levels` };
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (unstorable(key)) {
          return { path: childPath, problem: 'must not contain NUL characters or broken unicode' };
        }
        stack.push([child, childPath, depth + 1]);
      }
    }
  }
  return undefined;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // HSTS only makes sense behind HTTPS; a proxy that terminates TLS sets it.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });

    // Cookies are SameSite=Lax, and mutations from another site's page are refused outright: every
    // mutation, whatever its path says (the app has no mutation outside the API), before anything else.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(MESSAGES.crossSite);
      const origin = request.headers.origin;
      if (!origin) return;
      if (!sameOrigin(origin, request, options.publicOrigins)) throw forbidden(MESSAGES.crossSite);
    });

    // The flood limit (docs/decisions/011): per session when the call carries a known one, per address
    // otherwise, so a classroom behind one address is never refused for being many. Added to each route
    // as it is declared, so it sees the matched route.
    await app.register(rateLimit, {
      max: options.requestsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: floodKey,
      store: FloodStore,
      allowList: (request) => !isApiRoute(request),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: MESSAGES.tooManyRequests(Math.ceil(context.ttl / 1000)),
      }),
    });

    // On PostgreSQL the counters live in the database, so several instances share one limit
    // (docs/decisions/006); PGlite is one process and keeps them in memory.
    const shared = app.database?.kind === 'postgres';
    const limiter = (scope: string, max: number, refusal: Refusal): AttemptLimiter =>
      shared ? new SharedAttemptLimiter(app.db, scope, max, refusal) : new MemoryAttemptLimiter(max, refusal);
    // Look-ups take a bucket, not a window: a room's burst of typos passes, a guesser's rate stays low.
    app.decorate<AttemptLimiter>(
      'lookupAttempts',
      shared
        ? new SharedTokenBucket(app.db, 'lookup', LOOKUP_BUCKET, MESSAGES.tooManyWrongCodes, options.clock)
        : new MemoryTokenBucket(LOOKUP_BUCKET, MESSAGES.tooManyWrongCodes, options.clock),
    );
    app.decorate('loginAttempts', limiter('login', LOGIN_FAILURES_PER_MINUTE, MESSAGES.tooManyFailures));
    app.decorate('creationAttempts', limiter('create', CREATIONS_PER_MINUTE, MESSAGES.tooManyCreations));
    app.decorate('helpChanges', limiter('help', HELP_CHANGES_PER_MINUTE, MESSAGES.tooManyHelpChanges));

    // Text the database cannot store is refused up front with the field named (400, never 500).
    app.addHook('preValidation', async (request) => {
      if (!isApiRoute(request)) return;
      for (const part of [request.params, request.query, request.body]) {
        const found = findUnstorable(part);
        if (found) throw badRequest(`${(found.path || 'body').slice(0, 200)}: ${found.problem}`);
      }
    });
  },
  { name: 'security', dependencies: ['db', 'sessions'] },
);
