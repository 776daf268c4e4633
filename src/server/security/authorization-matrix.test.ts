import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeApi } from '../../../testing/api/test-app.ts';
import { fakeModelForFile } from '../../../testing/api/fake-model-hooks.ts';

/** Running prompts is set up (on a fake model on loopback), so its routes are in the table's app too. */
const model = fakeModelForFile();
import {
  CALLERS,
  type Caller,
  ROUTE_TABLE,
  type RouteRow,
  isMutation,
  methodOf,
  normaliseRoute,
  pathOf,
  registeredRoutes,
  seedWorld,
  type World,
} from '../../../testing/security/route-table.ts';

/** The status a caller gets; a stream is opened over a real socket and closed after its status line. */
async function call(app: FastifyInstance, row: RouteRow, world: World, caller: Caller): Promise<number> {
  const { url, payload } = row.request(world);
  const cookie = world.cookies[caller];
  if (row.stream) {
    const address = app.server.listening ? undefined : await app.listen({ port: 0, host: '127.0.0.1' });
    const base = address ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const controller = new AbortController();
    const response = await fetch(`${base}${url}`, {
      headers: cookie ? { cookie } : {},
      signal: controller.signal,
    });
    if (!row.refusedInStream || response.status !== 200) {
      controller.abort();
      return response.status;
    }
    // A refusal comes with the stream's first bytes (the retry line and the refusals, written at once); a
    // granted stream's first bytes are its retry line alone (an instructor's progress stream has no state
    // to start from).
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const { value = '' } = await reader.read();
    controller.abort();
    const data = /^data: (.*)$/m.exec(value)?.[1];
    const refused = data ? (JSON.parse(data) as { refused?: { status: number } }).refused : undefined;
    return refused?.status ?? 200;
  }
  const response = await app.inject({
    method: methodOf(row.route),
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode >= 500) throw new Error(`${row.route}: ${response.statusCode} ${response.body}`);
  return response.statusCode;
}

const title = (row: RouteRow) => `${row.route}${row.variant ? ` (${row.variant})` : ''}`;

describeApi(
  'authorization matrix',
  (ctx) => {
    it('has a row for every API route, and every row names a route that exists', () => {
      const registered = registeredRoutes(ctx.app).filter((r) => r.split(' ')[1]!.startsWith('/api/'));
      expect(registered.length).toBeGreaterThan(30);
      const inTable = new Set(ROUTE_TABLE.map((row) => normaliseRoute(row.route)));
      const missing = registered.filter((route) => !inTable.has(normaliseRoute(route)));
      expect(missing, 'API routes without a row in ROUTE_TABLE (testing/security/route-table.ts)').toEqual(
        [],
      );
      const live = new Set(registered.map(normaliseRoute));
      const stale = ROUTE_TABLE.filter((row) => !live.has(normaliseRoute(row.route))).map((row) => row.route);
      expect(stale, 'rows in ROUTE_TABLE for routes that no longer exist').toEqual([]);
      // find-my-way's hasRoute does not match a wildcard pattern; the tree above covers that one.
      for (const row of ROUTE_TABLE.filter((r) => !r.route.endsWith('*'))) {
        expect(ctx.app.hasRoute({ method: methodOf(row.route), url: pathOf(row.route) }), row.route).toBe(
          true,
        );
      }
    });

    for (const row of ROUTE_TABLE) {
      const rule = CALLERS.map((c) => `${c} ${row.expect[c]}`).join(', ');
      it(`${title(row)}: ${rule}`, async () => {
        const world = await seedWorld(ctx.app, row.world);
        const actual: Partial<Record<Caller, number | 'any'>> = {};
        // In this order, so only the last callers' successes change the state the earlier ones met.
        for (const caller of CALLERS) {
          const status = await call(ctx.app, row, world, caller);
          actual[caller] = row.expect[caller] === 'any' ? 'any' : status;
        }
        expect(actual).toEqual(row.expect);
      });
    }

    // Mutations from a foreign Origin are refused, whoever the caller is.
    for (const row of ROUTE_TABLE.filter((r) => isMutation(r.route) && !r.variant)) {
      const caller = CALLERS.find((c) => row.expect[c] === 200 || row.expect[c] === 201)!;
      it(`${title(row)}: refuses a foreign Origin and a cross-site fetch (403) even for ${caller}`, async () => {
        const world = await seedWorld(ctx.app, row.world);
        const { url, payload } = row.request(world);
        const cookie = world.cookies[caller];
        const send = (headers: Record<string, string>) =>
          ctx.app.inject({
            method: methodOf(row.route),
            url,
            headers: { host: 'lab.example:3000', ...(cookie ? { cookie } : {}), ...headers },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
        const foreign: Record<string, string>[] = [
          { origin: 'https://evil.example' },
          { origin: 'http://lab.example:3001' },
          { origin: 'http://lab.example.evil.example:3000' },
          { origin: 'null' },
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'http://lab.example:3000', 'sec-fetch-site': 'cross-site' },
        ];
        for (const headers of foreign) {
          const refused = await send(headers);
          expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
          expect(refused.json()).toEqual({ message: 'Cross-site request refused.' });
          expect(refused.headers['set-cookie'], 'a refused call starts no session').toBeUndefined();
        }
        // The same call from the app's own origin goes through: the refusal was the Origin's doing.
        const same = await send({ origin: 'http://lab.example:3000', 'sec-fetch-site': 'same-origin' });
        expect(same.statusCode).toBe(row.expect[caller]);
      });
    }
  },
  { config: model.appConfig },
);
