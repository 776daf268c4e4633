import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import type { TeamRow, UserRow } from '../db/schema.ts';
import {
  SESSION_TTL_MS,
  type SessionKind,
  createSession,
  deleteSession,
  findAdminForSession,
  findTeamForSession,
} from '../db/sessions.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

export const COOKIE_NAMES: Record<SessionKind, string> = { team: 'genai_team', admin: 'genai_admin' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The team of the request's team session, looked up once per request. */
    sessionTeam(): Promise<TeamRow | undefined>;
    /** The admin of the request's admin session, looked up once per request. */
    sessionAdmin(): Promise<UserRow | undefined>;
  }
}

function cookieOptions(request: FastifyRequest, kind: SessionKind) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the request came over HTTPS, so plain http://localhost still works.
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS[kind] / 1000),
  };
}

export async function startSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  owner: { teamId?: string; userId?: string },
): Promise<void> {
  const previous = request.cookies[COOKIE_NAMES[kind]];
  if (previous) await deleteSession(db, previous);
  const { token } = await createSession(db, kind, owner);
  reply.setCookie(COOKIE_NAMES[kind], token, cookieOptions(request, kind));
}

export async function endSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  const token = request.cookies[COOKIE_NAMES[kind]];
  if (token) await deleteSession(db, token);
  const { maxAge: _, ...options } = cookieOptions(request, kind);
  reply.clearCookie(COOKIE_NAMES[kind], options);
}

/** Team-scoped calls: that team's session or an admin's. Nobody: 401; another team: 403. */
export async function requireTeamAccess(request: FastifyRequest, teamId: string): Promise<'team' | 'admin'> {
  const team = await request.sessionTeam();
  if (team?.id === teamId) return 'team';
  if (await request.sessionAdmin()) return 'admin';
  if (team) throw forbidden('This workspace belongs to another team.');
  throw unauthorized('Team session required. Open your workspace first.');
}

export async function requireTeam(request: FastifyRequest): Promise<TeamRow> {
  const team = await request.sessionTeam();
  if (!team) throw unauthorized('Team session required. Open your workspace first.');
  return team;
}

export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const admin = await request.sessionAdmin();
  if (!admin) throw unauthorized('Admin session required.');
  return admin;
}

export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCookie);
    app.decorateRequest('sessionTeam', function (this: FastifyRequest) {
      const token = this.cookies[COOKIE_NAMES.team];
      if (!token) return Promise.resolve(undefined);
      return memo(this, 'team', () => findTeamForSession(app.db, token));
    });
    app.decorateRequest('sessionAdmin', function (this: FastifyRequest) {
      const token = this.cookies[COOKIE_NAMES.admin];
      if (!token) return Promise.resolve(undefined);
      return memo(this, 'admin', () => findAdminForSession(app.db, token));
    });
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
