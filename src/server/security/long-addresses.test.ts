import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config.ts';
import { addressOf } from '../../../testing/api/live.ts';
import { buildTestApp, describeApi } from '../../../testing/api/test-app.ts';

/**
 * Errors have one shape, even before a route runs (docs/SECURITY.md, Input): what Node's HTTP parser refuses
 * (an address or headers past its 16 KB) and what the router refuses (a parameter past its limit) answer
 * `{ message }` with the right status, never Fastify's own shape. Over a real socket: `inject()` skips the
 * parser.
 */

type Raw = { status: number; contentType: string; body: string };

/** Sends `head` as written and reads the whole answer (the server closes the connection after it). */
async function rawRequest(base: string, head: string): Promise<Raw> {
  const { port } = new URL(base);
  const text = await new Promise<string>((resolve, reject) => {
    let answer = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(head));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
  const [headers = '', ...rest] = text.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
    contentType: /^content-type: (.*)$/im.exec(headers)?.[1] ?? '',
    // A chunked body: its one chunk.
    body: /^transfer-encoding: chunked$/im.test(headers) ? (body.split('\r\n')[1] ?? '') : body,
  };
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

describeApi('errors before a route runs', (ctx) => {
  it('a 70 KB query string is 414 { message }, not the framework shape', async () => {
    const answer = await rawRequest(await addressOf(ctx.app), get(`/api/teams?q=${'x'.repeat(70_000)}`));
    expect(answer.status).toBe(414);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request address is too long.' });
  });

  it('headers past 16 KB are 431 { message }', async () => {
    const answer = await rawRequest(
      await addressOf(ctx.app),
      get('/api/health', `X-Filler: ${'y'.repeat(20_000)}\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request headers are too large.' });
  });

  it('a 4 KB path: 414 { message } on the API, whether a parameter or no route; 404 for a page', async () => {
    const long = 'z'.repeat(4096);
    for (const path of [`/api/teams/${long}`, `/api/${long}/x/y`, `/api/teams/${long}?q=1`]) {
      const answer = await rawRequest(await addressOf(ctx.app), get(path));
      expect(answer.status, path.slice(0, 20)).toBe(414);
      expect(JSON.parse(answer.body)).toEqual({ message: 'The request address is too long.' });
    }
    const page = await rawRequest(await addressOf(ctx.app), get(`/phase/${long}`));
    expect(page.status).toBe(404);
    // Many short segments are a path like any other: no such API route, the path cut in the message.
    const many = await rawRequest(await addressOf(ctx.app), get(`/api/${'seg/'.repeat(1000)}`));
    expect(many.status).toBe(404);
    const { message } = JSON.parse(many.body) as { message: string };
    expect(message).toMatch(/^No API route GET \/api\/(seg\/)+s?e?g?…$/);
    expect(message.length).toBeLessThan(250);
  });

  it("the built client served too: a 4 KB path is 404 or 414, never the static files' 403", async () => {
    const webRoot = path.join(PROJECT_ROOT, 'dist/web');
    if (!existsSync(path.join(webRoot, 'index.html'))) return;
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { webRoot });
    const long = 'z'.repeat(4096);
    for (const [target, status] of [
      [`/${long}`, 404],
      [`/phase/${long}`, 404],
      [`/assets/${long}.js`, 404],
      [`/avatars/${long}`, 404],
      [`/api/teams/${long}`, 414],
      [`/api/${long}`, 414],
    ] as const) {
      const answer = await rawRequest(await addressOf(ctx.app), get(target));
      expect(answer.status, target.slice(0, 20)).toBe(status);
    }
  });

  it('a request line the parser cannot read is 400 { message }', async () => {
    const answer = await rawRequest(await addressOf(ctx.app), 'BREW /pot HTTP/9\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request could not be read.' });
  });
});
