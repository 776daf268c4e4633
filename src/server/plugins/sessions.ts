import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import type { TeamRow, UserRow } from '../db/schema.ts';
import {
  SESSION_TTL_MS,
  type SessionKind,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findAdminForSession,
  findTeamForSession,
  hashToken,
} from '../auth/queries.ts';
import { TEAM_SESSION_HINT_COOKIE } from '../../shared/session-hint.ts';
import { findTeamById } from '../teams/queries.ts';
import { forbidden, notFound, unauthorized } from '../lib/http-error.ts';
import { KnownSessions } from '../lib/known-sessions.ts';
import { MESSAGES } from '../lib/messages.ts';

export const COOKIE_NAMES: Record<SessionKind, string> = { team: 'genai_team', admin: 'genai_admin' };

/** How often each instance deletes the sessions past their expiry (and once at start-up). */
export const EXPIRED_SESSION_SWEEP_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions recently proven valid on this instance: the flood limit counts them per session. */
    knownSessions: KnownSessions;
  }
  interface FastifyRequest {
    /** The team of the request's team session, looked up once per request. */
    sessionTeam(): Promise<TeamRow | undefined>;
    /** The admin of the request's admin session, looked up once per request. */
    sessionAdmin(): Promise<UserRow | undefined>;
  }
}

/**
 * The cookies a session of `kind` writes, with their flags, written here once: the session cookie itself
 * (httpOnly), and for a team the hint that tells the page a session may exist (readable, no secret in it:
 * src/shared/session-hint.ts). Both are set, sent and cleared together, with the same flags and lifetime.
 */
function sessionCookies(request: FastifyRequest, kind: SessionKind, token = '') {
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the request came over HTTPS, so plain http://localhost still works.
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS[kind] / 1000),
  };
  const session = { name: COOKIE_NAMES[kind], value: token, options };
  if (kind === 'admin') return [session];
  return [session, { name: TEAM_SESSION_HINT_COOKIE, value: '1', options: { ...options, httpOnly: false } }];
}

/** Whether the request sends any cookie of a `kind` session (a team's hint included). */
export function sendsSessionCookies(request: FastifyRequest, kind: SessionKind): boolean {
  return sessionCookies(request, kind).some(({ name }) => Boolean(request.cookies[name]));
}

export async function startSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  owner: { teamId?: string; userId?: string },
): Promise<void> {
  const previous = request.cookies[COOKIE_NAMES[kind]];
  if (previous) await forgetSession(db, request, previous);
  const { token } = await createSession(db, kind, owner);
  request.server.knownSessions.remember(token, (owner.teamId ?? owner.userId)!);
  for (const { name, value, options } of sessionCookies(request, kind, token)) {
    reply.setCookie(name, value, options);
  }
}

/** Clears a session's cookies (and for a team, its hint) with the flags they were set with. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): void {
  for (const { name, options } of sessionCookies(request, kind)) {
    const { maxAge: _, ...flags } = options;
    reply.clearCookie(name, flags);
  }
}

/** Ends a session: its row, this instance's memory of it, and every event stream it opened, everywhere. */
async function forgetSession(db: Database, request: FastifyRequest, token: string): Promise<void> {
  await deleteSession(db, token);
  request.server.knownSessions.forget(token);
  await request.server.announce.endStreams({ sessions: [hashToken(token)] });
}

export async function endSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  const token = request.cookies[COOKIE_NAMES[kind]];
  if (token) await forgetSession(db, request, token);
  clearSessionCookies(request, reply, kind);
}

/**
 * The guard of every team-scoped call: the caller may act for team `teamId`, and the team exists. That team's
 * own session proves both; an admin may act for any team, and naming one that does not exist is 404
 * "Workspace not found.". Nobody: 401; another team's session: 403, whether or not the named team exists.
 * Answers who called.
 */
export async function requireTeamAccess(request: FastifyRequest, teamId: string): Promise<'team' | 'admin'> {
  const team = await request.sessionTeam();
  if (team?.id === teamId) return 'team';
  if (await request.sessionAdmin()) {
    if (!(await findTeamById(request.server.db, teamId))) throw notFound(MESSAGES.workspaceNotFound);
    return 'admin';
  }
  if (team) throw forbidden(MESSAGES.otherTeamsWorkspace);
  throw unauthorized(MESSAGES.teamSessionRequired);
}

export async function requireTeam(request: FastifyRequest): Promise<TeamRow> {
  const team = await request.sessionTeam();
  if (!team) throw unauthorized(MESSAGES.teamSessionRequired);
  return team;
}

export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const admin = await request.sessionAdmin();
  if (!admin) throw unauthorized(MESSAGES.adminSessionRequired);
  return admin;
}

/**
 * The guard of an instructor-only route, as its `onRequest` hook: 401 before anything else is read (its
 * parameters and body included) for a caller without an admin session, a team session included.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireAdmin(request);
}

export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCookie);
    const known = new KnownSessions();
    app.decorate('knownSessions', known);
    /** Looks the session up once per request; a session found is remembered as proven. */
    const lookUp = async <T extends { id: string }>(token: string, find: () => Promise<T | undefined>) => {
      const owner = await find();
      if (owner) known.remember(token, owner.id);
      return owner;
    };
    app.decorateRequest('sessionTeam', function (this: FastifyRequest) {
      const token = this.cookies[COOKIE_NAMES.team];
      if (!token) return Promise.resolve(undefined);
      return memo(this, 'team', () => lookUp(token, () => findTeamForSession(app.db, token)));
    });
    app.decorateRequest('sessionAdmin', function (this: FastifyRequest) {
      const token = this.cookies[COOKIE_NAMES.admin];
      if (!token) return Promise.resolve(undefined);
      return memo(this, 'admin', () => lookUp(token, () => findAdminForSession(app.db, token)));
    });

    // Expired sessions are deleted at start-up and then every hour; look-ups ignore them meanwhile.
    const sweep = async () => {
      try {
        await deleteExpiredSessions(app.db);
      } catch (error) {
        app.log.warn({ err: error }, 'could not delete expired sessions');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      // Not awaited: a database that is slow to answer must not hold up start-up.
      void sweep();
      timer = setInterval(sweep, EXPIRED_SESSION_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'sessions', dependencies: ['db'] },
);

const cache = new WeakMap<FastifyRequest, Map<string, Promise<unknown>>>();
function memo<T>(request: FastifyRequest, key: string, load: () => Promise<T>): Promise<T> {
  let entries = cache.get(request);
  if (!entries) {
    entries = new Map();
    cache.set(request, entries);
  }
  let value = entries.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    entries.set(key, value);
  }
  return value;
}
