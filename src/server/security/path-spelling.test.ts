import net from 'node:net';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { teams } from '../db/schema.ts';
import { buildTestApp, describeApi } from '../../../testing/api/test-app.ts';

/**
 * The router decodes a path before matching it, so `/%61pi/teams` runs `POST /api/teams`. Every guard must
 * decide on the route that runs, however its path was spelled.
 */

const SPELLINGS = ['/%61pi/teams', '/%61%70%69/teams', '/api/%74eams'];

async function teamCount(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(teams);
  return Number(row?.n ?? 0);
}

/** One request over a real socket, its path sent byte for byte (no client normalises it first). */
async function rawRequest(
  app: FastifyInstance,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return new Promise<number>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const lines = [`${method} ${path} HTTP/1.1`, 'host: lab.example:3000', 'connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      lines.push(`content-length: ${Buffer.byteLength(body)}`);
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk.toString();
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describeApi('guards decide on the matched route, however the path is spelled', (ctx) => {
  it.each(SPELLINGS)('%s: a cross-site POST is refused (403) and creates nothing', async (url) => {
    for (const headers of [
      { origin: 'https://evil.example', host: 'lab.example:3000' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url, headers, payload: { name: 'Planted' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused.' });
    }
    expect(await teamCount(ctx.app)).toBe(0);
    // The same spelling from the app's own page is the real call.
    const same = await ctx.app.inject({ method: 'POST', url, payload: { name: 'Ours' } });
    expect(same.statusCode).toBe(201);
  });

  it.each(SPELLINGS)('%s: a NUL byte in the body is 400 with the field named, not 500', async (url) => {
    const response = await ctx.app.inject({ method: 'POST', url, payload: { name: 'a\u0000b' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^name: must not contain NUL/);
    expect(await teamCount(ctx.app)).toBe(0);
  });

  it('a NUL byte in a parameter of an encoded path is 400, not 500', async () => {
    const response = await ctx.app.inject({ url: '/%61pi/teams/AB%00C' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^code: must not contain NUL/);
  });

  it('counts encoded paths against the flood limit like any API call', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { requestsPerMinute: 3 });
    const paths = ['/api/auth/admin/status', '/%61pi/auth/admin/status', '/api/auth/%61dmin/status'];
    for (const url of paths) expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const limited = await ctx.app.inject({ url: '/%61pi/auth/admin/status' });
    expect(limited.statusCode).toBe(429);
  });

  it('over a real socket, unusual spellings either reach the guarded route or no route at all', async () => {
    const crossSite = { origin: 'https://evil.example', 'content-type': 'application/json' };
    const body = JSON.stringify({ name: 'Planted' });
    for (const path of [
      '/%61pi/teams',
      '//api/teams',
      '/api/../api/teams',
      '/api/./teams',
      '/x/../%61pi/teams',
    ]) {
      const status = await rawRequest(ctx.app, 'POST', path, crossSite, body);
      expect([403, 404], path).toContain(status);
    }
    expect(await teamCount(ctx.app)).toBe(0);
  });
});
