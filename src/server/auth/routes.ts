import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLoginBodySchema,
  AdminLoginResponseSchema,
  AdminStatusSchema,
} from '../../shared/schemas/auth.ts';
import { ErrorResponseSchema, OkResponseSchema } from '../../shared/schemas/common.ts';
import { TeamLoginBodySchema, TeamSchema, TeamStatusSchema } from '../../shared/schemas/team.ts';
import { findTeamByAccessToken, toTeam } from '../teams/queries.ts';
import { findUserByUsername, setPasswordHash } from './queries.ts';
import { guarded } from '../lib/attempt-limiter.ts';
import { clientKey } from '../lib/client-key.ts';
import { unauthorized } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { noStore } from '../lib/no-store.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../lib/password.ts';
import {
  clearSessionCookies,
  endSession,
  requireTeam,
  sendsSessionCookies,
  startSession,
} from '../plugins/sessions.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/team/login',
    { onRequest: noStore, schema: { body: TeamLoginBodySchema, response: { 200: TeamSchema, ...errors } } },
    async (request, reply) => {
      const team = await guarded(app.lookupAttempts, clientKey(request), () =>
        findTeamByAccessToken(app.db, request.body.access_token),
      );
      if (!team) throw unauthorized(MESSAGES.invalidAccessToken);
      await startSession(app.db, request, reply, 'team', { teamId: team.id });
      return toTeam(team);
    },
  );

  app.get(
    '/api/auth/team/status',
    { onRequest: noStore, schema: { response: { 200: TeamStatusSchema, 401: ErrorResponseSchema } } },
    async (request, reply) => {
      // A session that ended elsewhere (logout on another device, a new code, deletion, expiry): its
      // cookies go with the 401, so this browser stops asking.
      if (sendsSessionCookies(request, 'team') && !(await request.sessionTeam())) {
        clearSessionCookies(request, reply, 'team');
      }
      return { team: toTeam(await requireTeam(request)) };
    },
  );

  app.post(
    '/api/auth/team/logout',
    { schema: { response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      await endSession(app.db, request, reply, 'team');
      return { ok: true as const };
    },
  );

  app.get('/api/auth/admin/status', { schema: { response: { 200: AdminStatusSchema } } }, async (request) => {
    const admin = await request.sessionAdmin();
    return admin
      ? { isAuthenticated: true, user: { username: admin.username, role: 'admin' as const } }
      : { isAuthenticated: false, user: null };
  });

  app.post(
    '/api/auth/admin/login',
    { schema: { body: AdminLoginBodySchema, response: { 200: AdminLoginResponseSchema, ...errors } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await guarded(app.loginAttempts, clientKey(request), async () => {
        const found = await findUserByUsername(app.db, username);
        // Unknown user and wrong password take the same time and say the same words.
        const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyPasswordHash()));
        return found && valid ? found : undefined;
      });
      if (!user) throw unauthorized(MESSAGES.invalidCredentials);
      // A hash made with weaker parameters than today's is replaced now that the password is known.
      if (needsRehash(user.passwordHash)) {
        await setPasswordHash(app.db, user.id, user.passwordHash, await hashPassword(password));
      }
      await startSession(app.db, request, reply, 'admin', { userId: user.id });
      return { user: { username: user.username, role: 'admin' as const } };
    },
  );

  app.post(
    '/api/auth/admin/logout',
    { schema: { response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      await endSession(app.db, request, reply, 'admin');
      return { ok: true as const };
    },
  );
};
