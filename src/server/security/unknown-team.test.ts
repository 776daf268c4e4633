import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { addressOf } from '../../../testing/api/live.ts';
import { describeApi } from '../../../testing/api/test-app.ts';
import { fakeModelForFile } from '../../../testing/api/fake-model-hooks.ts';

/** Running prompts is set up (on a fake model on loopback), so its routes are in the table's app too. */
const model = fakeModelForFile();
import {
  type Caller,
  methodOf,
  ROUTE_TABLE,
  type RouteRow,
  seedWorld,
  type World,
} from '../../../testing/security/route-table.ts';

/**
 * Every call that names a team goes through one guard (`requireTeamAccess`, plugins/sessions.ts): the caller
 * may act for that team, and the team exists. Here each such route of the authorization matrix is called
 * with the id of a team that does not exist.
 */
const NAMES_A_TEAM = (row: RouteRow) =>
  row.route.includes(':teamId') ||
  ['POST /api/phase-data', 'GET /api/showcase/:tag/vote'].includes(row.route) ||
  (row.route === 'GET /api/events' && row.variant === "a page of the team's workspace");

/** The row's request with every team of the world replaced by one that does not exist. */
function forUnknownTeam(row: RouteRow, world: World, unknown: string) {
  const { url, payload } = row.request(world);
  const ids = [world.own, ...world.mates, world.other].map((member) => member.team.id);
  const replace = (text: string) => ids.reduce((result, id) => result.replaceAll(id, unknown), text);
  return {
    url: replace(url),
    payload: payload === undefined ? undefined : JSON.parse(replace(JSON.stringify(payload))),
  };
}

/** Status and message of the call; a stream's refusal as the stream tells it. */
async function call(
  app: FastifyInstance,
  row: RouteRow,
  request: { url: string; payload?: unknown },
  cookie: string | undefined,
): Promise<{ status: number; message?: string }> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (row.stream) {
    const controller = new AbortController();
    const response = await fetch(`${await addressOf(app)}${request.url}`, {
      headers,
      signal: controller.signal,
    });
    try {
      if (response.status !== 200)
        return { status: response.status, message: ((await response.json()) as { message: string }).message };
      // A refusal on `GET /api/events` comes with the stream's first bytes.
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const { value = '' } = await reader.read();
      const data = /^data: (.*)$/m.exec(value)?.[1];
      const refused = data
        ? (JSON.parse(data) as { refused?: { status: number; message: string } }).refused
        : undefined;
      return { status: refused?.status ?? 200, message: refused?.message };
    } finally {
      controller.abort();
    }
  }
  const response = await app.inject({
    method: methodOf(row.route),
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
  return { status: response.statusCode, message: response.json().message };
}

describeApi(
  'a call naming a team that does not exist',
  (ctx) => {
    const rows = ROUTE_TABLE.filter(NAMES_A_TEAM);

    it('is checked on every route that names a team', () => {
      expect(rows.map((row) => row.route)).toEqual(
        expect.arrayContaining([
          'POST /api/phase-data',
          'GET /api/phase-data/:teamId',
          'GET /api/phase-data/:teamId/:phase',
          'GET /api/teams/:teamId/facts',
          'POST /api/teams/:teamId/facts',
          'PATCH /api/teams/:teamId/avatar',
          'PATCH /api/teams/:teamId/website',
          'DELETE /api/teams/:teamId',
          'GET /api/teams/:teamId/events',
          'GET /api/events',
          'GET /api/teams/:teamId/feedback',
          'POST /api/teams/:teamId/help',
          'GET /api/showcase/:tag/vote',
        ]),
      );
      expect(rows.length).toBeGreaterThanOrEqual(19);
    });

    for (const row of rows) {
      it(`${row.route}${row.variant ? ` (${row.variant})` : ''}: an admin 404 "Workspace not found.", a team as for another team's, nobody 401`, async () => {
        const world = await seedWorld(ctx.app, row.world);
        const request = forUnknownTeam(row, world, randomUUID());
        const answers: Partial<Record<Caller, number>> = {};
        for (const caller of ['anonymous', 'ownTeam', 'admin'] as const) {
          const answer = await call(ctx.app, row, request, world.cookies[caller]);
          answers[caller] = answer.status;
          if (caller === 'admin') expect(answer.message).toBe('Workspace not found.');
        }
        // A team session learns nothing of which teams exist: the answer it gets for any other team.
        expect(answers).toEqual({ anonymous: 401, ownTeam: row.expect.otherTeam, admin: 404 });
      });
    }
  },
  { config: model.appConfig },
);
