import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FailureLimiter, MemoryFailureLimiter, SharedFailureLimiter } from '../lib/failure-limiter.ts';
import { badRequest, forbidden } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed code look-ups and token logins per IP (20 a minute). */
    lookupFailures: FailureLimiter;
    /** Failed admin logins per IP (10 a minute). */
    loginFailures: FailureLimiter;
  }
}

export type SecurityOptions = {
  /** Requests a minute per IP for all API calls; a classroom often shares one IP. */
  requestsPerMinute: number;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host the browser talked to, as the Origin header would name it. */
function requestHost(request: FastifyRequest): string | undefined {
  return request.host?.toLowerCase();
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

    await app.register(rateLimit, {
      max: options.requestsPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });

    // On PostgreSQL the failure counters live in the database, so several instances share one limit
    // (docs/decisions/006); PGlite is one process and keeps them in memory.
    const shared = app.database?.kind === 'postgres';
    const limiter = (scope: string, max: number): FailureLimiter =>
      shared ? new SharedFailureLimiter(app.db, scope, max) : new MemoryFailureLimiter(max);
    app.decorate('lookupFailures', limiter('lookup', 20));
    app.decorate('loginFailures', limiter('login', 10));

    // Text the database cannot store is refused up front with the field named (400, never 500).
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      for (const part of [request.params, request.query, request.body]) {
        const found = findUnstorable(part);
        if (found) throw badRequest(`${(found.path || 'body').slice(0, 200)}: ${found.problem}`);
      }
    });

    // Cookies are SameSite=Lax, and mutations from another site's page are refused outright.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused.');
      const origin = request.headers.origin;
      if (!origin) return;
      let originHost: string;
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        throw forbidden('Cross-site request refused.');
      }
      if (originHost !== requestHost(request)) throw forbidden('Cross-site request refused.');
    });
  },
  { name: 'security', dependencies: ['db'] },
);
