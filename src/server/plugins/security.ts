import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FailureLimiter } from '../lib/failure-limiter.ts';
import { forbidden } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed code look-ups and token logins per IP (DESIGN section 5: 20 a minute). */
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

    app.decorate('lookupFailures', new FailureLimiter(20));
    app.decorate('loginFailures', new FailureLimiter(10));

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
  { name: 'security' },
);
