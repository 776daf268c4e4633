import { expect, it } from 'vitest';
import { LOOKUP_BUCKET } from '../plugins/security.ts';
import { buildTestApp, describeApi } from '../../../testing/api/test-app.ts';

/**
 * Which address a per-address limit counts: the socket's, or the one a trusted proxy appended to
 * X-Forwarded-For (never an entry the client wrote itself); an IPv6 address by its /64.
 */

const miss = (i: number) => `/api/teams/Y${String(i).padStart(3, '0')}`;

describeApi('client addresses', (ctx) => {
  it('behind one trusted proxy, X-Forwarded-For entries the client wrote buy no new address', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { trustProxy: 1 });
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      // The client claims a new address each time; the proxy appends the one it saw.
      const response = await ctx.app.inject({
        url: miss(i),
        headers: { 'x-forwarded-for': `198.18.${i}.1, 203.0.113.50` },
      });
      expect(response.statusCode).toBe(404);
    }
    const limited = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst),
      headers: { 'x-forwarded-for': '198.18.99.1, 203.0.113.50' },
    });
    expect(limited.statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst + 1),
      headers: { 'x-forwarded-for': '203.0.113.51' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('a hop count trusts only hops on this machine or a private network, not a client from the internet', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { trustProxy: 1 });
    // Reaching the app directly from a public address, writing X-Forwarded-For itself: its own address counts.
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const response = await ctx.app.inject({
        url: miss(i),
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `198.18.${i}.1` },
      });
      expect(response.statusCode).toBe(404);
    }
    const limited = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst),
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': '198.18.77.1' },
    });
    expect(limited.statusCode).toBe(429);
    // The same through the proxy on a private address is another client.
    const viaProxy = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst + 1),
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.18.77.1' },
    });
    expect(viaProxy.statusCode).toBe(404);
  });

  it('a list of proxy addresses trusts exactly those', async () => {
    await ctx.app.close();
    ctx.app = await buildTestApp(ctx.database, { trustProxy: '10.0.0.0/8' });
    // Through a listed proxy: the address it forwards counts, whichever listed proxy forwarded it.
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      await ctx.app.inject({
        url: miss(i),
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
    }
    const sameClient = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst),
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(sameClient.statusCode).toBe(429);
    // A proxy outside the list is a client itself: what it forwards is ignored.
    const untrusted = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst + 1),
      remoteAddress: '192.0.2.44',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(untrusted.statusCode).toBe(404);
  });

  it('without a trusted proxy, X-Forwarded-For is ignored: the socket address counts', async () => {
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const response = await ctx.app.inject({
        url: miss(i),
        headers: { 'x-forwarded-for': `198.18.${i}.1` },
      });
      expect(response.statusCode).toBe(404);
    }
    const limited = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst),
      headers: { 'x-forwarded-for': '198.18.200.1' },
    });
    expect(limited.statusCode).toBe(429);
  });

  it('counts IPv6 callers by their /64 and IPv4-mapped callers as their IPv4 address', async () => {
    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const response = await ctx.app.inject({
        url: miss(i),
        remoteAddress: `2001:db8:5:6::${(i + 1).toString(16)}`,
      });
      expect(response.statusCode).toBe(404);
    }
    const sameSlash64 = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst),
      remoteAddress: '2001:db8:5:6:ffff:ffff:ffff:fffe',
    });
    expect(sameSlash64.statusCode).toBe(429);
    const nextSlash64 = await ctx.app.inject({
      url: miss(LOOKUP_BUCKET.burst + 1),
      remoteAddress: '2001:db8:5:7::1',
    });
    expect(nextSlash64.statusCode).toBe(404);

    for (let i = 0; i < LOOKUP_BUCKET.burst; i++) {
      const address = i % 2 ? '192.0.2.9' : '::ffff:192.0.2.9';
      expect((await ctx.app.inject({ url: miss(i), remoteAddress: address })).statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ url: miss(LOOKUP_BUCKET.burst), remoteAddress: '192.0.2.9' })).statusCode,
    ).toBe(429);
    expect(
      (await ctx.app.inject({ url: miss(LOOKUP_BUCKET.burst + 1), remoteAddress: '::ffff:192.0.2.9' }))
        .statusCode,
    ).toBe(429);
  });
});
