import { expect, it } from 'vitest';
import { COHORT_TAG_MAX } from '../../shared/schemas/cohort.ts';
import { createCohort } from '../../../testing/api/cohorts.ts';
import { openEventStream } from '../../../testing/api/live.ts';
import { createAdminSession, describeApi } from '../../../testing/api/test-app.ts';

/**
 * The cohort tag has one rule (src/shared/schemas/cohort.ts). Creating a cohort with a tag that breaks it
 * is 400 (the admin cohort tests); a path or a query naming text that no cohort can have is answered like
 * an unknown tag, 404 "Cohort not found.", on every route.
 */
const NO_SUCH_TAG = [
  ['over-long', 'a'.repeat(COHORT_TAG_MAX + 1)],
  ['over-long, as a parameter the router still takes', 'a'.repeat(100)],
  ['with a double hyphen', 'spring--2026'],
  ['with a leading hyphen', '-spring'],
  ['with a space inside', 'spring%202026'],
  ['with punctuation', 'spring!'],
];

const LOOK_UPS: [string, string][] = [
  ['GET', '/api/cohorts/TAG'],
  ['GET', '/api/cohorts/TAG/status'],
  ['GET', '/api/showcase/TAG'],
  ['GET', '/api/showcase/TAG/vote'],
  ['POST', '/api/showcase/TAG/vote'],
  ['GET', '/api/showcase/TAG/results'],
  ['PATCH', '/api/admin/cohorts/TAG'],
  ['POST', '/api/admin/cohorts/TAG/reveal'],
  ['POST', '/api/admin/cohorts/TAG/teams'],
  ['POST', '/api/admin/cohorts/TAG/archive'],
  ['POST', '/api/admin/cohorts/TAG/unarchive'],
  ['DELETE', '/api/admin/cohorts/TAG'],
];

const BODIES: Record<string, object> = {
  'PATCH /api/admin/cohorts/TAG': { votingOpen: true },
  'POST /api/admin/cohorts/TAG/teams': { teamIds: ['00000000-0000-4000-8000-000000000000'] },
  'POST /api/showcase/TAG/vote': {
    votes: [{ voted_for_team_id: '00000000-0000-4000-8000-000000000000', rank: 1 }],
  },
};

describeApi('a path naming a cohort', (ctx) => {
  it.each(NO_SUCH_TAG)(
    'answers a tag %s with 404 "Cohort not found." on every route',
    async (_label, tag) => {
      const admin = await createAdminSession(ctx.app);
      for (const [method, path] of LOOK_UPS) {
        const payload = BODIES[`${method} ${path}`];
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: path.replace('TAG', tag),
          headers: { cookie: admin.cookie },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json(), `${method} ${path}`).toEqual({ message: 'Cohort not found.' });
      }
    },
  );

  it('finds a cohort whatever the case and surrounding spaces its tag is written in', async () => {
    await createCohort(ctx.app, 'spring-2026');
    for (const written of ['spring-2026', 'SPRING-2026', 'Spring-2026', '%20spring-2026%20']) {
      const response = await ctx.app.inject({ url: `/api/cohorts/${written}` });
      expect(response.statusCode, written).toBe(200);
      expect(response.json().tag).toBe('spring-2026');
    }
  });

  it("refuses the live stream's cohort that no cohort can have with 404, like an unknown one", async () => {
    await createCohort(ctx.app, 'spring');
    const over = 'a'.repeat(COHORT_TAG_MAX + 1);
    const stream = await openEventStream<{ sub: string; refused?: unknown }>(
      ctx.app,
      `/api/events?cohort=spring&cohort=${over}&cohort=not--a-tag`,
    );
    expect(stream.response.status).toBe(200);
    await stream.waitUntil((m) => m.sub === 'cohort:spring');
    const refusals = () => stream.events.filter((m) => m.refused);
    await expect.poll(() => refusals().length).toBe(2);
    expect(refusals()).toEqual([
      { sub: `cohort:${over}`, refused: { status: 404, message: 'Cohort not found.' } },
      { sub: 'cohort:not--a-tag', refused: { status: 404, message: 'Cohort not found.' } },
    ]);
    await stream.close();

    const alone = await ctx.app.inject({ url: `/api/cohorts/${over}/events` });
    expect(alone.statusCode).toBe(404);
    expect(alone.json()).toEqual({ message: 'Cohort not found.' });
  });
});
