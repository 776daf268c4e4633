import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config.ts';
import { upsertAdmin } from '../auth/queries.ts';
import {
  buildTestApp,
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
} from '../../../testing/api/test-app.ts';

const DAY = 24 * 60 * 60;

function sessionCookie(response: LightMyRequestResponse, name: string) {
  const cookie = response.cookies.find((c) => c.name === name);
  expect(cookie, `${name} set`).toBeDefined();
  return cookie!;
}

/** httpOnly, SameSite=Lax, Path=/, the kind's lifetime, Secure exactly over HTTPS. */
function expectSessionFlags(
  response: LightMyRequestResponse,
  name: string,
  maxAge: number,
  secure: boolean,
): void {
  const cookie = sessionCookie(response, name);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge });
  expect(Boolean(cookie.secure), `${name} Secure`).toBe(secure);
  expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
  expect(cookie.domain, 'host-only cookie').toBeUndefined();
}

/** A team session's readable hint: "1", not httpOnly, otherwise the session cookie's flags and lifetime. */
function expectHint(response: LightMyRequestResponse, secure: boolean): void {
  const hint = sessionCookie(response, 'genai_team_hint');
  expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', maxAge: 30 * DAY });
  expect(Boolean(hint.httpOnly), 'readable by the page').toBe(false);
  expect(Boolean(hint.secure), 'hint Secure').toBe(secure);
  expect(hint.domain, 'host-only cookie').toBeUndefined();
}

describeApi('session cookies', (ctx) => {
  async function issueAll(headers: Record<string, string> = {}) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers,
      payload: { name: 'C' },
    });
    const teamLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/team/login',
      headers,
      payload: { access_token: created.json().accessToken },
    });
    await upsertAdmin(ctx.app.db, 'cookie-admin', 'cookie password');
    const adminLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers,
      payload: { username: 'cookie-admin', password: 'cookie password' },
    });
    return { created, teamLogin, adminLogin };
  }

  it('are httpOnly, SameSite=Lax, Path=/, 30 days (team) and 12 hours (admin), not Secure over plain http', async () => {
    const { created, teamLogin, adminLogin } = await issueAll();
    expectSessionFlags(created, 'genai_team', 30 * DAY, false);
    expectSessionFlags(teamLogin, 'genai_team', 30 * DAY, false);
    expectSessionFlags(adminLogin, 'genai_admin', DAY / 2, false);
  });

  it('a team session comes with a hint the page can read; an admin session without one', async () => {
    const { created, teamLogin, adminLogin } = await issueAll();
    expectHint(created, false);
    expectHint(teamLogin, false);
    expect(adminLogin.cookies.map((c) => c.name)).toEqual(['genai_admin']);
  });

  it('are Secure when the request came over HTTPS through a trusted proxy', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { trustProxy: '127.0.0.1' });
    const { created, teamLogin, adminLogin } = await issueAll({ 'x-forwarded-proto': 'https' });
    expectSessionFlags(created, 'genai_team', 30 * DAY, true);
    expectSessionFlags(teamLogin, 'genai_team', 30 * DAY, true);
    expectSessionFlags(adminLogin, 'genai_admin', DAY / 2, true);
    expectHint(created, true);
    expectHint(teamLogin, true);
  });

  it('ignore X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const { created } = await issueAll({ 'x-forwarded-proto': 'https' });
    expectSessionFlags(created, 'genai_team', 30 * DAY, false);
  });

  it('are cleared on logout with the same Path and flags, and the old value opens nothing', async () => {
    const { teamLogin, adminLogin } = await issueAll();
    for (const [kind, login] of [
      ['team', teamLogin],
      ['admin', adminLogin],
    ] as const) {
      const cookie = cookiesFrom(login);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/${kind}/logout`,
        headers: { cookie },
      });
      const cleared = sessionCookie(logout, `genai_${kind}`);
      expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
      if (kind === 'team') {
        const hint = sessionCookie(logout, 'genai_team_hint');
        expect(hint).toMatchObject({ value: '', path: '/', sameSite: 'Lax' });
        expect(hint.expires!.getTime()).toBeLessThanOrEqual(Date.now());
      }
      const status = await ctx.app.inject({ url: `/api/auth/${kind}/status`, headers: { cookie } });
      if (kind === 'team') expect(status.statusCode).toBe(401);
      else expect(status.json().isAuthenticated).toBe(false);
    }
  });

  it('of a team session that ended elsewhere are cleared by the status call, which still answers 401', async () => {
    const { cookie } = await createTeamSession(ctx.app, 'Ended');
    expect(cookie).toContain('genai_team_hint=1');
    // The session ends on the server only (another device logged out, a new code, expiry).
    await ctx.app.inject({ method: 'POST', url: '/api/auth/team/logout', headers: { cookie } });
    const status = await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie } });
    expect(status.statusCode).toBe(401);
    expect(status.json()).toEqual({ message: 'Team session required. Open your workspace first.' });
    for (const name of ['genai_team', 'genai_team_hint']) {
      expect(sessionCookie(status, name)).toMatchObject({ value: '', path: '/', sameSite: 'Lax' });
    }
    // A hint alone (its session cookie gone) goes the same way; a live session and no cookies set nothing.
    const hintOnly = await ctx.app.inject({
      url: '/api/auth/team/status',
      headers: { cookie: 'genai_team_hint=1' },
    });
    expect(sessionCookie(hintOnly, 'genai_team_hint').value).toBe('');
    const none = await ctx.app.inject({ url: '/api/auth/team/status' });
    expect(none.statusCode).toBe(401);
    expect(none.cookies).toEqual([]);
    const live = await ctx.app.inject({
      url: '/api/auth/team/status',
      headers: { cookie: (await createTeamSession(ctx.app, 'Live')).cookie },
    });
    expect(live.statusCode).toBe(200);
    expect(live.cookies).toEqual([]);
  });
});

describeApi('security headers', (ctx) => {
  it('send a CSP without inline or remote script, and the other headers, on API and page responses', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'genai-csp-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { webRoot });
    for (const url of ['/api/health', '/', '/phase/1', '/api/nothing']) {
      const response = await ctx.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, url).toBe("'self'");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('the page the CSP guards has no inline script of its own', () => {
    const html = readFileSync(path.join(PROJECT_ROOT, 'src/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describeApi('answers carrying a code or a token', (ctx) => {
  it('are Cache-Control: no-store, so no browser or proxy cache keeps a copy', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Cached' } });
    const team = created.json();
    const cookie = cookiesFrom(created);
    const admin = await createAdminSession(ctx.app);
    const responses: [string, LightMyRequestResponse][] = [
      ['POST /api/teams', created],
      ['GET /api/teams/:code', await ctx.app.inject({ url: `/api/teams/${team.code}` })],
      ['GET /api/teams/:code (unknown)', await ctx.app.inject({ url: '/api/teams/NONE' })],
      [
        'POST /api/auth/team/login',
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/team/login',
          payload: { access_token: team.accessToken },
        }),
      ],
      [
        'GET /api/auth/team/status',
        await ctx.app.inject({ url: '/api/auth/team/status', headers: { cookie } }),
      ],
      [
        'PATCH /api/teams/:teamId/avatar',
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/teams/${team.id}/avatar`,
          headers: { cookie },
          payload: { avatarIcon: 'fox.svg' },
        }),
      ],
      [
        'PATCH /api/teams/:teamId/website',
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/teams/${team.id}/website`,
          headers: { cookie },
          payload: { websiteUrl: 'cached.example' },
        }),
      ],
      [
        'GET /api/teams (admin)',
        await ctx.app.inject({ url: '/api/teams', headers: { cookie: admin.cookie } }),
      ],
      [
        'POST /api/admin/teams/:teamId/rotate-code',
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/teams/${team.id}/rotate-code`,
          headers: { cookie: admin.cookie },
        }),
      ],
    ];
    for (const [call, response] of responses) {
      expect(response.statusCode, call).toBeLessThan(500);
      expect(response.headers['cache-control'], call).toBe('no-store');
    }
    // Answers without a secret keep their own caching.
    const config = await ctx.app.inject({ url: '/api/configs/phase-1' });
    expect(config.headers['cache-control']).not.toBe('no-store');
  });
});
