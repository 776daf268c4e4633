import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildTestApp, describeApi, withFailingInsert } from '../../testing/api/test-app.ts';

function fakeWebRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'genai-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Applied GenAI Lab</title><div id="root"></div>',
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  return dir;
}

describeApi('the server', (ctx) => {
  it('answers /api/health with ok once the database answers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on /api/health when the database does not answer', async () => {
    const broken = { ...ctx.database, ping: () => Promise.reject(new Error('connection refused')) };
    const app = await buildTestApp(broken);
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    await app.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No API route GET /api/nothing-here' });
  });

  it('serves the SPA for client routes, but not for API or file-like paths, with long-cached assets', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { webRoot: fakeWebRoot() });
    for (const url of ['/', '/phase/3?team_id=AB12', '/admin', '/no/such/page']) {
      const page = await ctx.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    const missingFile = await ctx.app.inject({ url: '/missing.png' });
    expect(missingFile.statusCode).toBe(404);
    expect(missingFile.body).not.toContain('<div id="root">');

    const asset = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    const avatar = await ctx.app.inject({ url: '/avatars/fox.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
  });

  it("serves the pre-rendered standard pages to a first-time visitor only, never to a team's browser", async () => {
    await ctx.app.close();
    const webRoot = fakeWebRoot();
    writeFileSync(
      path.join(webRoot, 'landing.html'),
      '<title>x</title><div id="root"><main>Landing</main></div>',
    );
    writeFileSync(
      path.join(webRoot, 'phase-3.html'),
      '<title>x</title><div id="root"><main>Standard 3</main></div>',
    );
    ctx.app = await buildTestApp(ctx.database, { webRoot });
    const firstTime = await ctx.app.inject({ url: '/phase/3' });
    expect(firstTime.body).toContain('<main>Standard 3</main>');
    expect(firstTime.headers.vary).toMatch(/cookie/i);
    expect((await ctx.app.inject({ url: '/' })).body).toContain('<main>Landing</main>');
    // A team's session, or a workspace link, gets the empty page: its programme may not be the standard's.
    const team = { cookie: 'genai_team=any-session' };
    for (const [url, headers] of [
      ['/phase/3', team],
      ['/', team],
      ['/phase/3?team_id=AB12', {}],
      ['/?token=abc', {}],
    ] as const) {
      const page = await ctx.app.inject({ url, headers });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('<main>');
    }
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never leaks a stack or SQL in a 5xx', async () => {
    const failing = withFailingInsert(
      ctx.database,
      () => new Error('relation "teams" does not exist at SELECT * FROM secrets'),
    );
    const app = await buildTestApp(failing);
    const response = await app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Boom' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toMatch(/SELECT|relation|at /);
    await app.close();
  });

  it('answers 400, never 500, for wrong types and hostile input', async () => {
    const payloads = [[], 'text', { name: { $gt: '' } }, { name: ['a'] }, { name: 'a\u0000b', code: null }];
    for (const payload of payloads) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/teams',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const traversal = await ctx.app.inject({ url: '/api/teams/..%2F..%2Fetc' });
    expect(traversal.statusCode).toBe(404);
  });
});
