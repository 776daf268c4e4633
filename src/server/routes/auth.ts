import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLoginBodySchema,
  AdminLoginResponseSchema,
  AdminStatusSchema,
} from '../../shared/schemas/auth.ts';
import { ErrorResponseSchema, OkResponseSchema } from '../../shared/schemas/common.ts';
import { TeamLoginBodySchema, TeamSchema, TeamStatusSchema } from '../../shared/schemas/team.ts';
import { findTeamByAccessToken, toTeam } from '../db/teams.ts';
import { findUserByUsername } from '../db/users.ts';
import { HttpError, unauthorized } from '../lib/http-error.ts';
import { dummyPasswordHash, verifyPassword } from '../lib/password.ts';
import { endSession, requireTeam, startSession } from '../plugins/sessions.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/team/login',
    { schema: { body: TeamLoginBodySchema, response: { 200: TeamSchema, ...errors } } },
    async (request, reply) => {
      await app.lookupFailures.assertAllowed(request.ip);
      const team = await findTeamByAccessToken(app.db, request.body.access_token);
      if (!team) {
        await app.lookupFailures.recordFailure(request.ip);
        throw unauthorized('Invalid access token.');
      }
      await startSession(app.db, request, reply, 'team', { teamId: team.id });
      return toTeam(team);
    },
  );

  app.get(
    '/api/auth/team/status',
    { schema: { response: { 200: TeamStatusSchema, 401: ErrorResponseSchema } } },
    async (request) => ({ team: toTeam(await requireTeam(request)) }),
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
      await app.loginFailures.assertAllowed(request.ip);
      const { username, password } = request.body;
      const user = await findUserByUsername(app.db, username);
      // Unknown user and wrong password take the same time and say the same words.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await app.loginFailures.recordFailure(request.ip);
        throw new HttpError(401, 'Invalid credentials');
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
