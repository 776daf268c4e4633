import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TEAM_SESSION_HINT_COOKIE } from '../../shared/session-hint.ts';
import { PROJECT_ROOT } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { upsertAdmin } from '../auth/queries.ts';
import { redactUrl, serializeError } from '../lib/log-redaction.ts';
import { cookiesFrom, describeApi, withFailingInsert } from '../../../testing/api/test-app.ts';

const ADMIN_PASSWORD = 'log-test-secret-password-1234';
const CODE = 'Q7ZX';
const ENCODED_LOOKUPS = [`/%61pi/teams/${CODE}`, '/api/teams/%517ZX', '/api/%74eams/q%37zx'];

/** The app with pino writing every line, down to trace, into memory. */
async function appWithCapturedLogs(database: DatabaseHandle) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    config: {
      logLevel: 'trace',
      trustProxy: false,
      webRoot: undefined,
      contentDir: path.join(PROJECT_ROOT, 'content'),
      requestsPerMinute: 100_000,
    },
    database,
    closeDatabase: false,
    loggerStream: stream,
  });
  return { app, text: () => lines.join('') };
}

/** The values of every cookie a response set. */
/** The session cookies' values (the team-session hint, `1`, holds no secret). */
const cookieValues = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => !pair.startsWith(`${TEAM_SESSION_HINT_COOKIE}=`))
    .map((pair) => pair.slice(pair.indexOf('=') + 1));

describeApi('no secrets in logs', (ctx) => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('logs no session cookie, access token, code, password or password hash, at trace level', async () => {
    const captured = await appWithCapturedLogs(ctx.database);
    app = captured.app;

    // A team creates its workspace, opens it by code and logs in with its access token.
    const created = await app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Log Team', code: CODE },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    const lookup = await app.inject({ url: `/api/teams/${CODE.toLowerCase()}` });
    expect(lookup.statusCode).toBe(200);
    // The router decodes paths: these spellings are the same look-up, and must be redacted as well.
    for (const url of ENCODED_LOOKUPS) expect((await app.inject({ url })).statusCode, url).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/team/login',
      payload: { access_token: team.accessToken },
    });
    expect(login.statusCode).toBe(200);
    const teamCookie = cookiesFrom(login);

    // Its answers are saved.
    const save = await app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: teamCookie },
      payload: { teamId: team.id, phaseNumber: 1, data: { idea: 'answers' } },
    });
    expect(save.statusCode).toBe(200);

    // An instructor logs in (and once mistypes the password).
    await upsertAdmin(app.db, 'log-admin', ADMIN_PASSWORD);
    const [admin] = await app.db.select().from(users).where(eq(users.username, 'log-admin'));
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { username: 'log-admin', password: `${ADMIN_PASSWORD}-typo` },
    });
    expect(wrong.statusCode).toBe(401);
    const adminLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { username: 'log-admin', password: ADMIN_PASSWORD },
    });
    expect(adminLogin.statusCode).toBe(200);
    const adminCookie = cookiesFrom(adminLogin);
    await app.inject({ url: '/api/teams', headers: { cookie: adminCookie } });

    // The secure link and a shared workspace link carry the token and the code in their query.
    await app.inject({ url: `/phase/1?token=${team.accessToken}` });
    await app.inject({ url: `/?team_id=${CODE}` });
    await app.inject({ url: `/phase/1?%74oken=${team.accessToken}&%74eam_id=${CODE}` });
    await app.inject({
      url: `/api/showcase/none/vote?team_id=${team.id}`,
      headers: { cookie: `${teamCookie}; ${adminCookie}` },
    });

    const text = captured.text();
    // The capture works: every request was logged, and nothing below trace was held back.
    expect(app.log.level).toBe('trace');
    expect(text).toContain('incoming request');
    expect(text).toContain('request completed');
    expect(text).toContain('/api/phase-data');

    const secrets: [string, string][] = [
      ['access token', team.accessToken],
      ['workspace code', CODE],
      ...ENCODED_LOOKUPS.map((url): [string, string] => [
        'encoded code',
        url.slice(url.lastIndexOf('/') + 1),
      ]),
      ['admin password', ADMIN_PASSWORD],
      ['password hash', admin!.passwordHash],
      ['password hash (key part)', admin!.passwordHash.split('$').at(-1)!],
      ...cookieValues(cookiesFrom(created)).map((v): [string, string] => ['team cookie (created)', v]),
      ...cookieValues(teamCookie).map((v): [string, string] => ['team cookie (login)', v]),
      ...cookieValues(adminCookie).map((v): [string, string] => ['admin cookie', v]),
    ];
    for (const [name, secret] of secrets) {
      expect(secret.length, name).toBeGreaterThan(3);
      expect(text.includes(secret), `${name} appears in the log`).toBe(false);
    }
    expect(text).toContain('/api/teams/[redacted]');
    expect(text).toContain('token=[redacted]');
  });

  it('logs a failed query without its parameters or the driver detail', async () => {
    const secret = 'tok_do_not_log_0123456789';
    const failing = withFailingInsert(ctx.database, () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
        detail: `Key (access_token)=(${secret}) already exists.`,
      });
      return new DrizzleQueryError('insert into "teams" ("access_token") values ($1)', [secret], cause);
    });
    const captured = await appWithCapturedLogs(failing);
    app = captured.app;
    const response = await app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Boom' } });
    expect(response.statusCode).toBe(500);
    const text = captured.text();
    expect(text).toContain('unhandled error');
    expect(text).toContain('params: [redacted]');
    expect(text).toContain('23505');
    expect(text).not.toContain(secret);
  });
});

it('redacts codes and tokens from URLs and nothing else', () => {
  expect(redactUrl('/api/teams/AB12')).toBe('/api/teams/[redacted]');
  expect(redactUrl('/api/teams/AB12?x=1')).toBe('/api/teams/[redacted]?x=1');
  expect(redactUrl('/api/teams/0b0e/avatar')).toBe('/api/teams/0b0e/avatar');
  expect(redactUrl('/phase/2?team_id=AB12&token=abc&x=1')).toBe(
    '/phase/2?team_id=[redacted]&token=[redacted]&x=1',
  );
  expect(redactUrl('/api/health')).toBe('/api/health');
  // The router's pattern decides, whatever the spelling; query keys are read decoded.
  expect(redactUrl('/%61pi/teams/AB12', '/api/teams/:code')).toBe('/api/teams/[redacted]');
  expect(redactUrl('/api/teams/%41B12?x=1', '/api/teams/:code')).toBe('/api/teams/[redacted]?x=1');
  expect(redactUrl('/api/teams/0b0e/avatar', '/api/teams/:teamId/avatar')).toBe('/api/teams/0b0e/avatar');
  expect(redactUrl('/phase/2?%74oken=abc&TEAM_ID=AB12&x=1', '/*')).toBe(
    '/phase/2?%74oken=[redacted]&TEAM_ID=[redacted]&x=1',
  );
  const logged = serializeError(new DrizzleQueryError('select 1', ['p4ram-v4lue'], new Error('boom')));
  expect(JSON.stringify(logged)).not.toContain('p4ram-v4lue');
  expect(logged.cause).toMatchObject({ message: 'boom' });
});
