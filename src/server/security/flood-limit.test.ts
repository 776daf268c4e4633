import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { upsertAdmin } from '../auth/queries.ts';
import { buildTestApp, cookiesFrom, describeApi } from '../../../testing/api/test-app.ts';

/**
 * The general flood limit counts calls per session when the call carries a session this instance knows is
 * valid, per address otherwise: a classroom behind one public address must never be refused for being
 * many, and a single client flooding still is.
 */

const ROOM = '203.0.113.5';

async function createTeams(app: FastifyInstance, count: number) {
  const created: { id: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    // Created from addresses of their own: only the saves below share one address.
    const response = await app.inject({
      method: 'POST',
      url: '/api/teams',
      remoteAddress: `10.1.${Math.floor(i / 50)}.${i % 50}`,
      payload: { name: `Room team ${i}` },
    });
    expect(response.statusCode).toBe(201);
    created.push({ id: response.json().id, cookie: cookiesFrom(response) });
  }
  return created;
}

const autosave = (app: FastifyInstance, team: { id: string; cookie: string }, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/phase-data',
    remoteAddress: ROOM,
    headers: { cookie: team.cookie },
    payload: { teamId: team.id, phaseNumber: 1 + (i % 8), data: { answer: `draft ${i}` } },
  });

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describeApi('flood limit per session', (ctx) => {
  it('a room of 200 teams behind one address saving past the per-address limit gets no 429', async () => {
    await ctx.app.close();
    const perMinute = loadConfig({}).requestsPerMinute;
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: perMinute });
    const room = await createTeams(ctx.app, 200);
    const rounds = Math.ceil((perMinute + 200) / room.length);
    const responses: LightMyRequestResponse[] = [];
    for (let round = 0; round < rounds; round++) {
      // Each round: every team saves at once.
      responses.push(...(await Promise.all(room.map((team, i) => autosave(ctx.app, team, round * 200 + i)))));
    }
    expect(responses.length).toBeGreaterThan(perMinute);
    expect(statuses(responses)).toEqual({ 200: responses.length });
  }, 120_000);

  it('a single session flooding gets 429 with Retry-After; another session and the address do not', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 30 });
    const [flooder, neighbour] = await createTeams(ctx.app, 2);
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => autosave(ctx.app, flooder!, i)));
    expect(statuses(flood)).toEqual({ 200: 30, 429: 10 });
    const refused = flood.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds/),
    });
    expect((await autosave(ctx.app, neighbour!, 0)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/admin/status', remoteAddress: ROOM })).statusCode).toBe(
      200,
    );
  });

  it('counts an admin session per session too', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 10 });
    await upsertAdmin(ctx.app.db, 'instructor', 'correct horse battery');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      remoteAddress: '10.200.0.2',
      payload: { username: 'instructor', password: 'correct horse battery' },
    });
    const cookie = cookiesFrom(login);
    const call = () => ctx.app.inject({ url: '/api/teams', remoteAddress: ROOM, headers: { cookie } });
    for (let i = 0; i < 10; i++) expect((await call()).statusCode, `call ${i}`).toBe(200);
    expect((await call()).statusCode).toBe(429);
    expect((await ctx.app.inject({ url: '/api/auth/admin/status', remoteAddress: ROOM })).statusCode).toBe(
      200,
    );
  });

  it('forged session cookies buy no bucket of their own: they count against the address', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 20 });
    const forged = () => `genai_team=${randomBytes(32).toString('base64url')}`;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        ctx.app.inject({ url: '/api/auth/admin/status', remoteAddress: ROOM, headers: { cookie: forged() } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 20, 429: 10 });
  });

  it('a session ended by logout counts against the address again', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 5 });
    const [team] = await createTeams(ctx.app, 1);
    // Four saves and the logout: the session's five calls.
    for (let i = 0; i < 4; i++) expect((await autosave(ctx.app, team!, i)).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/team/logout',
      remoteAddress: '10.200.0.1',
      headers: { cookie: team!.cookie },
    });
    expect(logout.statusCode).toBe(200);
    // The dead cookie is an anonymous caller now: refused by the session check, counted by address (had it
    // stayed the session's, the first call would be over its limit).
    for (let i = 0; i < 5; i++) expect((await autosave(ctx.app, team!, i)).statusCode).toBe(401);
    expect((await autosave(ctx.app, team!, 5)).statusCode).toBe(429);
  });
});
