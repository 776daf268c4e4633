import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AVATAR_ICONS } from '../../shared/avatars.ts';
import { teams } from '../db/schema.ts';
import { LOOKUP_BUCKET } from '../plugins/security.ts';
import {
  buildTestApp,
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  setAvatar,
} from '../../../testing/api/test-app.ts';

describeApi('workspaces', (ctx) => {
  it('creates a workspace with a generated code, an access token and a team session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: '  Solar Squad  ' },
    });
    expect(response.statusCode).toBe(201);
    const team = response.json();
    expect(team).toMatchObject({ name: 'Solar Squad', currentPhase: 1, cohortTag: null });
    // A new workspace starts with one of the 36 avatars (the next test: drawn at random).
    expect(AVATAR_ICONS).toContain(team.avatarIcon);
    expect(team.code).toMatch(/^[A-Z0-9]{4}$/);
    expect(team.accessToken.length).toBeGreaterThanOrEqual(32);
    const cookie = response.cookies.find((c) => c.name === 'genai_team')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();

    const status = await ctx.app.inject({
      url: '/api/auth/team/status',
      headers: { cookie: cookiesFrom(response) },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().team.id).toBe(team.id);
  });

  it('sets a Secure cookie when the request came over HTTPS through a trusted proxy', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { trustProxy: '127.0.0.1' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { name: 'Behind a proxy' },
    });
    expect(response.cookies.find((c) => c.name === 'genai_team')?.secure).toBe(true);
  });

  it('accepts an explicit code in any case and refuses a taken one with 409', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'A', code: 'ab12' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().code).toBe('AB12');
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'B', code: 'AB12' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already taken/);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ name: 'Ok', code: 'ABC' }, 'code'],
    [{ name: 'Ok', code: 'AB-1' }, 'code'],
  ])('refuses %j with 400 naming the field', async (payload, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('refuses malformed JSON with 400 and a body over the limit with 413', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Request body is not valid JSON.' });
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'x'.repeat(40_000) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('looks a workspace up by code, case-insensitively', async () => {
    const { team } = await createTeamSession(ctx.app, 'Lookup Team');
    const response = await ctx.app.inject({ url: `/api/teams/${team.code.toLowerCase()}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: team.id, code: team.code, accessToken: team.accessToken });
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'accessToken',
        'avatarIcon',
        'code',
        'cohortTag',
        'createdAt',
        'currentPhase',
        'id',
        'name',
        'submittedWebsiteUrl',
        'updatedAt',
      ].sort(),
    );
  });

  it('answers 404 for an unknown code and, once the bucket of misses is empty, 429 saying when to retry', async () => {
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const miss = await ctx.app.inject({ url: `/api/teams/Z${String(i).padStart(3, '0')}` });
      expect(miss.statusCode).toBe(404);
    }
    const limited = await ctx.app.inject({ url: '/api/teams/ZZZZ' });
    expect(limited.statusCode).toBe(429);
    // One try comes back every 60 / 12 = 5 seconds.
    expect(limited.headers['retry-after']).toBe('5');
    expect(limited.json()).toEqual({
      message: 'Too many wrong codes from this network. Try again in 5 seconds.',
    });
  });

  it('counts taken explicit codes as failed look-ups', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'A', code: 'TAKN' } });
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'B', code: 'TAKN' } });
    }
    const limited = await ctx.app.inject({ url: '/api/teams/TAKN' });
    expect(limited.statusCode).toBe(429);
  });

  it('limits creation to 60 a minute per address: a burst of 80 gives 60 workspaces and 20 clear 429s', async () => {
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/teams',
          remoteAddress: '198.51.100.7',
          payload: { name: `Burst ${i}` },
        }),
      ),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect([created.length, refused.length]).toEqual([60, 20]);
    for (const response of refused) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(response.json()).toEqual({
        message: expect.stringMatching(
          /^Too many workspaces were created from this network\. Please wait \d+ seconds/,
        ),
      });
      expect(response.headers['set-cookie'], 'a refused creation starts no session').toBeUndefined();
    }
    const [row] = await ctx.app.db.select({ n: count() }).from(teams);
    expect(Number(row?.n)).toBe(60);
    // Another address, and an IPv6 neighbour outside the /64 of the first, are not limited.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      remoteAddress: '198.51.100.8',
      payload: { name: 'Elsewhere' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('counts IPv6 creations by /64: the 61st from another address of the same /64 is refused', async () => {
    const create = (address: string, i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        remoteAddress: address,
        payload: { name: `Six ${i}` },
      });
    for (let i = 0; i < 60; i++)
      expect((await create(`2001:db8:aa:bb::${i.toString(16)}`, i)).statusCode).toBe(201);
    expect((await create('2001:db8:aa:bb:ffff::1', 60)).statusCode).toBe(429);
    expect((await create('2001:db8:aa:bc::1', 61)).statusCode).toBe(201);
  });

  it('a creation that creates nothing (a taken code) gives its creation slot back', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'A', code: 'TAKN' } });
    for (let i = 0; i < 15; i++) {
      const taken = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        payload: { name: 'B', code: 'TAKN' },
      });
      expect(taken.statusCode).toBe(409);
    }
    for (let i = 0; i < 59; i++) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        payload: { name: `C ${i}` },
      });
      expect(created.statusCode, `creation ${i}`).toBe(201);
    }
  });

  it('gives each new workspace an avatar drawn at random among the 36', async () => {
    const drawn = new Set<string | null>();
    for (let i = 0; i < 12; i++) drawn.add((await createTeamSession(ctx.app, `Team ${i}`)).team.avatarIcon);
    for (const avatar of drawn) expect(AVATAR_ICONS).toContain(avatar);
    // Twelve draws all alike: one chance in 36^11 for a fair draw; a fixed avatar would always fail here.
    expect(drawn.size).toBeGreaterThan(1);
    const stored = await ctx.app.db.select({ avatar: teams.avatarIcon }).from(teams);
    expect(new Set(stored.map((row) => row.avatar))).toEqual(drawn);
  });

  // Who may change it (nobody 401, another team 403) is the authorization matrix's.
  it('changes the avatar for its own team and an admin; refuses an unknown avatar', async () => {
    const own = await createTeamSession(ctx.app, 'Own');
    // Another avatar than the one the workspace was given, so the change is one.
    const [chosen, byAdminChoice] = AVATAR_ICONS.filter((icon) => icon !== own.team.avatarIcon);

    const ok = await setAvatar(ctx.app, own.cookie, own.team.id, chosen!);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().avatarIcon).toBe(chosen);

    const invalid = await setAvatar(ctx.app, own.cookie, own.team.id, '../secret.svg');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('avatarIcon');

    const admin = await createAdminSession(ctx.app);
    const byAdmin = await setAvatar(ctx.app, admin.cookie, own.team.id, byAdminChoice!);
    expect(byAdmin.statusCode).toBe(200);

    const lookup = await ctx.app.inject({ url: `/api/teams/${own.team.code}` });
    expect(lookup.json().avatarIcon).toBe(byAdminChoice);
  });

  it('answers 400 for a malformed team id and 404 for an unknown one (admin)', async () => {
    const admin = await createAdminSession(ctx.app);
    const bad = await setAvatar(ctx.app, admin.cookie, 'not-a-uuid', 'fox.svg');
    expect(bad.statusCode).toBe(400);
    const missing = await setAvatar(ctx.app, admin.cookie, '00000000-0000-4000-8000-000000000000', 'fox.svg');
    expect(missing.statusCode).toBe(404);
  });
});
