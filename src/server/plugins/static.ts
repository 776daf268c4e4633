import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../lib/messages.ts';
import { createIndexPages, type Visitor } from './route-preloads.ts';
import { COOKIE_NAMES } from './sessions.ts';

type StaticOptions = {
  webRoot: string | undefined;
  contentDir: string;
  /** Running prompts on a model is set up: every page says so in its head, and only then loads its part. */
  modelRuns?: boolean;
};

/** What tells a page that running prompts is set up (src/web/lib/model-runs.ts reads it). */
export const MODEL_RUNS_META = '<meta name="model-runs" content="on">';

/** The page with the model-runs mark in its head, each distinct page marked once. */
function markingModelRuns(pages: (pathname: string, visitor?: Visitor) => string) {
  const marked = new Map<string, string>();
  return (pathname: string, visitor?: Visitor): string => {
    const page = pages(pathname, visitor);
    let result = marked.get(page);
    if (result === undefined) {
      result = page.replace('</head>', `  ${MODEL_RUNS_META}\n  </head>`);
      marked.set(page, result);
    }
    return result;
  };
}

const FILE_LIKE = /\/[^/]+\.[a-z0-9]{1,8}$/i;

/** The longest file name a file system holds, in bytes: a path segment past it names no file or page. */
const NAME_MAX_BYTES = 255;

/** Whether a segment of the path, decoded, is longer than any file name can be. */
function hasOverlongSegment(pathname: string): boolean {
  return pathname.split('/').some((segment) => Buffer.byteLength(safeDecode(segment)) > NAME_MAX_BYTES);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A browser that holds a team's workspace, or opens one from a workspace link, is no first-time visitor. */
function visitorOf(request: FastifyRequest): Visitor {
  if (request.cookies[COOKIE_NAMES.team]) return 'team';
  const query = request.query as Record<string, unknown> | undefined;
  return query && ('team_id' in query || 'token' in query) ? 'team' : 'first-time';
}

/**
 * Serves the built SPA (hashed assets cached for a year, index.html never), the avatar and download
 * files, and the SPA fallback: any other GET that is not an API path and not a file-like path gets
 * index.html so the client router can answer it (its 404 page included).
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, options: StaticOptions) => {
    const webRoot =
      options.webRoot && existsSync(path.join(options.webRoot, 'index.html')) ? options.webRoot : undefined;

    for (const [folder, maxAge] of [
      ['avatars', '7d'],
      ['downloads', '1d'],
    ] as const) {
      const root = path.join(options.contentDir, folder);
      if (existsSync(root)) {
        await app.register(fastifyStatic, { root, prefix: `/${folder}/`, decorateReply: false, maxAge });
      }
    }
    if (webRoot) {
      await app.register(fastifyStatic, {
        root: webRoot,
        prefix: '/',
        index: false,
        wildcard: true,
        // The cache rule is this one alone: send's own `public, max-age=0` would replace what it sets.
        cacheControl: false,
        setHeaders: (response, filePath) => {
          const cacheControl = filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : filePath.endsWith('index.html')
              ? 'no-cache'
              : 'public, max-age=3600';
          response.setHeader('cache-control', cacheControl);
        },
      });
    }

    // A path with a segment past any file name's length (a 4 KB path) names nothing here: an API path is
    // 414 like a parameter past the router's limit, a page 404. Without this, the static files' spelling
    // check refused it as unverifiable (403).
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (!hasOverlongSegment(pathname)) return;
      const decoded = safeDecode(pathname);
      if (decoded === '/api' || decoded.startsWith('/api/')) {
        return reply.status(414).send({ message: MESSAGES.addressTooLong });
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    });

    const pages = webRoot ? createIndexPages(webRoot) : undefined;
    const indexPage = pages && options.modelRuns ? markingModelRuns(pages) : pages;
    const sendIndex = (request: FastifyRequest, reply: FastifyReply, pathname: string) =>
      reply
        .header('cache-control', 'no-cache')
        // The page depends on the team's session (route-preloads.ts, `Visitor`): a cache must not share it.
        .header('vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(indexPage!(pathname, visitorOf(request)));
    // The static wildcard would answer '/' as a directory listing (403); the root is the SPA.
    if (webRoot) app.get('/', (request, reply) => sendIndex(request, reply, '/'));

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // Decoded as the router would (`/%61pi/x` is an API path too); a broken escape is just a page path.
      const decoded = safeDecode(pathname);
      if (decoded === '/api' || decoded.startsWith('/api/')) {
        // The path named as written, within reason: a 4 KB path is not echoed back whole.
        const named = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
        return reply.status(404).send({ message: MESSAGES.noApiRoute(request.method, named) });
      }
      if (!webRoot || (request.method !== 'GET' && request.method !== 'HEAD') || FILE_LIKE.test(pathname)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return sendIndex(request, reply, pathname);
    });
  },
  { name: 'static' },
);
