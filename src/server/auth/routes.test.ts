import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it, onTestFinished } from 'vitest';
import { users } from '../db/schema.ts';
import { upsertAdmin } from './queries.ts';
import { hashPassword, needsRehash, SCRYPT_PARAMS, setPasswordCostForTests } from '../lib/password.ts';
import { LOOKUP_BUCKET } from '../plugins/security.ts';
import {
  cookiesFrom,
  createTeamSession,
  describeApi,
  loginTeam,
  TEST_PASSWORD_COST,
} from '../../../testing/api/test-app.ts';

/** The instructor's login call. */
const adminLogin = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { username, password } });

describeApi('team sessions', (ctx) => {
  it('logs a team in with its access token and out again, deleting the session', async () => {
    const { team } = await createTeamSession(ctx.app);
    const login = await loginTeam(ctx.app, team.accessToken);
    expect(login.statusCode).toBe(200);
    expect(login.json().id).toBe(team.id);
    const cookie = cookiesFrom(login);

    const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie } });
    expect(status.statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/team/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'genai_team')?.value).toBe('');

    // The old cookie no longer opens anything: the server-side row is gone.
    const after = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 for a forged session and an unknown token, saying what is needed', async () => {
    const forged = await ctx.app.inject({
      url: '/api/auth/team/status',
      headers: { cookie: 'genai_team=forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: expect.stringMatching(/Team session required/) });
    const unknown = await loginTeam(ctx.app, 'nope');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid access token.' });
    const blank = await ctx.app.inject({ method: 'POST', url: '/api/auth/team/login', payload: {} });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('access_token');
  });

  it('rate-limits failed token logins per IP', async () => {
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      await loginTeam(ctx.app, `wrong-${i}`);
    }
    const limited = await loginTeam(ctx.app, 'wrong');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describeApi('admin sessions', (ctx) => {
  it('reports not authenticated, logs in, reports the user, logs out', async () => {
    await upsertAdmin(ctx.app.db, 'instructor', 'correct horse');
    const before = await ctx.app.inject({ url: '/api/auth/admin/status' });
    expect(before.json()).toEqual({ isAuthenticated: false, user: null });

    const login = await adminLogin(ctx.app, 'instructor', 'correct horse');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ user: { username: 'instructor', role: 'admin' } });
    const cookie = cookiesFrom(login);
    const session = login.cookies.find((c) => c.name === 'genai_admin')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 12 * 60 * 60 });

    const status = await ctx.app.inject({ url: '/api/auth/admin/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: true, user: { username: 'instructor', role: 'admin' } });

    await ctx.app.inject({ method: 'POST', url: '/api/auth/admin/logout', headers: { cookie } });
    const after = await ctx.app.inject({ url: '/api/auth/admin/status', headers: { cookie } });
    expect(after.json().isAuthenticated).toBe(false);
  });

  it('says the same for an unknown user and a wrong password', async () => {
    await upsertAdmin(ctx.app.db, 'instructor', 'correct horse');
    const wrong = await adminLogin(ctx.app, 'instructor', 'nope');
    const unknown = await adminLogin(ctx.app, 'ghost', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses blank fields with 400 and limits failed logins to 10 a minute', async () => {
    const blank = await adminLogin(ctx.app, ' ', '');
    expect(blank.statusCode).toBe(400);
    for (let i = 0; i < 10; i++) {
      await adminLogin(ctx.app, 'x', 'y');
    }
    const limited = await adminLogin(ctx.app, 'x', 'y');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('replaces a hash made with the old, weaker scrypt parameters at the next successful login', async () => {
    // At the real cost for this test (the suites sign in at a lower one).
    setPasswordCostForTests(SCRYPT_PARAMS);
    onTestFinished(() => setPasswordCostForTests(TEST_PASSWORD_COST));
    const oldHash = await hashPassword('correct horse', { N: 2 ** 15, r: 8, p: 1 });
    await ctx.app.db.insert(users).values({ username: 'veteran', passwordHash: oldHash });
    const stored = async () =>
      (await ctx.app.db.select().from(users).where(eq(users.username, 'veteran')))[0]!.passwordHash;

    const wrong = await adminLogin(ctx.app, 'veteran', 'wrong horse');
    expect(wrong.statusCode).toBe(401);
    expect(await stored(), 'a failed login changes nothing').toBe(oldHash);

    const login = await adminLogin(ctx.app, 'veteran', 'correct horse');
    expect(login.statusCode).toBe(200);
    const upgraded = await stored();
    expect(upgraded.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(needsRehash(upgraded)).toBe(false);
    // The same password opens the upgraded hash.
    const again = await adminLogin(ctx.app, 'veteran', 'correct horse');
    expect(again.statusCode).toBe(200);
    expect(await stored()).toBe(upgraded);
    // Fixed work, not a wait: five scrypt runs at up to the real cost (128 MB each), which took over 20 s
    // beside two busy processes and a browser run on two cores.
  }, 120_000);

  it('does not treat a team session as an admin session', async () => {
    const { cookie } = await createTeamSession(ctx.app);
    const status = await ctx.app.inject({ url: '/api/auth/admin/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: false, user: null });
  });
});
