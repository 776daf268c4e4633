import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { applySave, isRefused, type SaveRequest, type StoredAnswers } from '../../shared/answer-merge.ts';
import type { PhaseDataRecord } from '../../shared/schemas/phase-data.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import type { Team } from '../../shared/schemas/team.ts';
import { LIVE_EVENTS_CHANNEL } from '../live/postgres-event-bus.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  joinTeam,
} from '../../../testing/api/test-app.ts';
import { liveChannel } from '../live/event-bus.ts';

function saver(app: FastifyInstance, teamId: string) {
  return async (
    cookie: string,
    body: Omit<SaveRequest, 'data'> & {
      data: Record<string, unknown>;
      phaseNumber?: number;
      clientId?: string;
    },
  ) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie },
      payload: { teamId, phaseNumber: 1, ...body },
    });
    return response;
  };
}

async function storedAnswers(app: FastifyInstance, cookie: string, teamId: string, phase = 1) {
  const response = await app.inject({ url: `/api/phase-data/${teamId}/${phase}`, headers: { cookie } });
  return response.json() as PhaseDataRecord;
}

describeApi('saves from several devices merge field by field', (ctx) => {
  it('two devices editing different fields, sent together: both answers survive', async () => {
    const { team, cookie: laptopA } = await createTeamSession(ctx.app);
    const laptopB = await joinTeam(ctx.app, team);
    const save = saver(ctx.app, team.id);
    // Both opened the empty activity; A typed the company name, B the sector and the region.
    const [a, b] = await Promise.all([
      save(laptopA, {
        data: { company_name: 'BrightBlocks', sector: '', region: '' },
        changed: ['company_name'],
      }),
      save(laptopB, {
        data: { company_name: '', sector: 'STEM toys', region: 'the United Kingdom' },
        changed: ['sector', 'region'],
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const stored = await storedAnswers(ctx.app, laptopA, team.id);
    expect(stored.data).toEqual({
      company_name: 'BrightBlocks',
      sector: 'STEM toys',
      region: 'the United Kingdom',
    });
    expect(stored.version).toBe(2);
  });

  it("a stale whole copy with its base version does not overwrite a teammate's newer answer", async () => {
    const { team, cookie: laptopA } = await createTeamSession(ctx.app);
    const laptopB = await joinTeam(ctx.app, team);
    const save = saver(ctx.app, team.id);
    const first = await save(laptopA, { data: { company_name: 'BrightBlocks', sector: '' } });
    expect(first.json().version).toBe(1);
    // B loaded version 1 and then A saved version 2; B sends its whole (stale) copy based on version 1.
    await save(laptopA, { data: { company_name: 'BrightBlocks Ltd' }, changed: ['company_name'] });
    const b = await save(laptopB, {
      data: { company_name: 'BrightBlocks', sector: 'STEM toys' },
      baseVersion: 1,
    });
    expect(b.statusCode).toBe(200);
    expect(b.json().data).toEqual({ company_name: 'BrightBlocks Ltd', sector: 'STEM toys' });
  });

  it('the same field edited on two devices: the later save wins, and a named blank field clears', async () => {
    const { team, cookie: laptopA } = await createTeamSession(ctx.app);
    const laptopB = await joinTeam(ctx.app, team);
    const save = saver(ctx.app, team.id);
    await save(laptopA, { data: { goal: 'first', note: 'keep' }, changed: ['goal', 'note'] });
    await save(laptopB, { data: { goal: 'second' }, changed: ['goal'] });
    expect((await storedAnswers(ctx.app, laptopA, team.id)).data).toEqual({ goal: 'second', note: 'keep' });
    await save(laptopA, { data: { goal: '' }, changed: ['goal'] });
    await save(laptopA, { data: {}, changed: ['note'] });
    expect((await storedAnswers(ctx.app, laptopA, team.id)).data).toEqual({ goal: '' });
  });

  it('a device offline for a while, reconnecting with its edits, loses nothing and overwrites nothing else', async () => {
    const { team, cookie: online } = await createTeamSession(ctx.app);
    const offline = await joinTeam(ctx.app, team);
    const save = saver(ctx.app, team.id);
    await save(online, { data: { a: '1', b: '1', c: '1' }, changed: ['a', 'b', 'c'] });
    // The offline device edited c long ago (from version 1); meanwhile the online one saved a and b twice.
    await save(online, { data: { a: '2' }, changed: ['a'] });
    await save(online, { data: { b: '3' }, changed: ['b'] });
    const retried = await save(offline, {
      data: { a: '1', b: '1', c: 'offline edit' },
      changed: ['c'],
      baseVersion: 1,
    });
    expect(retried.json().data).toEqual({ a: '2', b: '3', c: 'offline edit' });
    // The retry of a save that did arrive (the answer was lost on the way back) changes nothing more.
    const again = await save(offline, {
      data: { a: '1', b: '1', c: 'offline edit' },
      changed: ['c'],
      baseVersion: 1,
    });
    expect(again.json().data).toEqual({ a: '2', b: '3', c: 'offline edit' });
  });

  it("an admin's edit merges the same way", async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const admin = await createAdminSession(ctx.app);
    const save = saver(ctx.app, team.id);
    await save(cookie, { data: { a: 'team', b: 'team' }, changed: ['a', 'b'] });
    const edited = await save(admin.cookie, { data: { a: 'team', b: 'admin' }, changed: ['b'] });
    expect(edited.statusCode).toBe(200);
    await save(cookie, { data: { a: 'team again', b: 'team' }, changed: ['a'] });
    expect((await storedAnswers(ctx.app, cookie, team.id)).data).toEqual({ a: 'team again', b: 'admin' });
  });

  it('twenty devices saving twenty different fields at once: every acknowledged answer is stored', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const devices = [
      cookie,
      ...(await Promise.all(Array.from({ length: 19 }, () => joinTeam(ctx.app, team)))),
    ];
    const save = saver(ctx.app, team.id);
    const responses = await Promise.all(
      devices.map((device, i) =>
        save(device, { data: { [`field_${i}`]: `answer ${i}` }, changed: [`field_${i}`] }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(devices.map(() => 200));
    // Each save got its own version: they were applied one after another, never lost to each other.
    expect(new Set(responses.map((r) => r.json().version)).size).toBe(20);
    const stored = await storedAnswers(ctx.app, cookie, team.id);
    expect(stored.data).toEqual(Object.fromEntries(devices.map((_, i) => [`field_${i}`, `answer ${i}`])));
    expect(stored.version).toBe(20);
  });

  it('refuses a malformed changed list, base version or page id with 400 and writes nothing', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const save = saver(ctx.app, team.id);
    for (const [body, message] of [
      [{ data: { a: 'x' }, changed: 'a' }, /changed/],
      [{ data: { a: 'x' }, changed: [''] }, /changed/],
      [{ data: { a: 'x' }, changed: Array.from({ length: 201 }, (_, i) => `f${i}`) }, /changed/],
      [{ data: { a: 'x' }, baseVersion: -1 }, /baseVersion/],
      [{ data: { a: 'x' }, baseVersion: 1.5 }, /baseVersion/],
      [{ data: { a: 'x' }, clientId: 'no spaces allowed' }, /clientId/],
    ] as const) {
      const response = await save(cookie, body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it('refuses with 413 a save that would make the merged activity larger than 64 KiB, changing nothing', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const save = saver(ctx.app, team.id);
    const big = 'x'.repeat(40 * 1024);
    expect((await save(cookie, { data: { a: big }, changed: ['a'] })).statusCode).toBe(200);
    const second = await save(cookie, { data: { b: big }, changed: ['b'] });
    expect(second.statusCode).toBe(413);
    expect(second.json().message).toMatch(/64 KiB/);
    const stored = await storedAnswers(ctx.app, cookie, team.id);
    expect(Object.keys(stored.data)).toEqual(['a']);
    expect(stored.version).toBe(1);
  });

  it('tells every open page of the team about a save, with the values it wrote; not other teams', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const other = await createTeamSession(ctx.app, 'Other Team');
    const teammate = await joinTeam(ctx.app, team);
    const stream = await openEventStream<TeamEvent>(
      ctx.app,
      `/api/teams/${team.id}/events?clientId=page-of-b1`,
      {
        cookie: teammate,
      },
    );
    const otherStream = await openEventStream<TeamEvent>(
      ctx.app,
      `/api/teams/${other.team.id}/events?clientId=page-of-o1`,
      { cookie: other.cookie },
    );
    await stream.waitUntil((e) => e.type === 'presence');
    await otherStream.waitUntil((e) => e.type === 'presence');
    const save = saver(ctx.app, team.id);
    await save(cookie, { data: { a: 'kept', b: 'new' }, changed: ['a', 'b'], clientId: 'page-of-a1' });
    await save(cookie, {
      data: { a: 'kept', b: 'newer' },
      changed: ['b'],
      clientId: 'page-of-a1',
      phaseNumber: 1,
    });
    const second = await stream.waitUntil((e) => e.type === 'answers' && e.version === 2);
    expect(second).toMatchObject({
      type: 'answers',
      teamId: team.id,
      phaseNumber: 1,
      version: 2,
      clientId: 'page-of-a1',
      changed: ['b'],
      values: { b: 'newer' },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(otherStream.events.filter((e) => e.type === 'answers')).toEqual([]);
    await stream.close();
    await otherStream.close();
  });
});

describeApi('merging saves, against its model', (ctx) => {
  const fields = ['company_name', 'sector', 'region', 'audience'];
  const value = fc.oneof(
    fc.constantFrom('', 'x', 'BrightBlocks', 'the United Kingdom'),
    fc.string({ maxLength: 8 }),
  );
  const saveOf = fc.record(
    {
      device: fc.integer({ min: 0, max: 2 }),
      data: fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 }),
      changed: fc.option(fc.subarray(fields, { minLength: 1 }), { nil: undefined }),
      baseVersion: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
    },
    { requiredKeys: ['device', 'data'] },
  );

  it('random saves, one after another, leave exactly what the model says (every mode)', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const devices = [cookie, await joinTeam(ctx.app, team), await joinTeam(ctx.app, team)];
    const save = saver(ctx.app, team.id);
    let phase = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(saveOf, { minLength: 1, maxLength: 8 }), async (saves) => {
        phase = (phase % 8) + 1;
        await ctx.database.db.execute(sql`delete from phase_data where team_id = ${team.id}::uuid`);
        let model: StoredAnswers | undefined;
        for (const s of saves) {
          const request = { data: s.data, changed: s.changed, baseVersion: s.baseVersion };
          const response = await save(devices[s.device]!, { ...request, phaseNumber: phase });
          expect(response.statusCode).toBe(200);
          const applied = applySave(model, request);
          if (isRefused(applied)) throw new Error('a save without text edits is never refused');
          model = applied.record;
          expect(response.json()).toMatchObject({ data: model.data, version: model.version });
        }
      }),
      { numRuns: 25 },
    );
  });

  it('random saves of random fields from several devices sent together: each field holds its last write', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const devices = [cookie, await joinTeam(ctx.app, team), await joinTeam(ctx.app, team)];
    const save = saver(ctx.app, team.id);
    let phase = 0;
    const changedSave = fc.record({
      device: fc.integer({ min: 0, max: 2 }),
      field: fc.constantFrom(...fields),
      text: fc.string({ maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(changedSave, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          phase = (phase % 8) + 1;
          await ctx.database.db.execute(sql`delete from phase_data where team_id = ${team.id}::uuid`);
          const acknowledged: { version: number; field: string; text: string }[] = [];
          for (const batch of batches) {
            // A batch is sent at once; the server applies it in an order of its own, which the versions tell.
            const responses = await Promise.all(
              batch.map((s) =>
                save(devices[s.device]!, {
                  data: { [s.field]: s.text },
                  changed: [s.field],
                  phaseNumber: phase,
                }),
              ),
            );
            responses.forEach((response, i) => {
              expect(response.statusCode).toBe(200);
              acknowledged.push({ version: response.json().version, ...batch[i]! });
            });
          }
          const lastWrite: Record<string, string> = {};
          for (const write of acknowledged.sort((a, b) => a.version - b.version))
            lastWrite[write.field] = write.text;
          const stored = await storedAnswers(ctx.app, cookie, team.id, phase);
          expect(stored.data).toEqual(lastWrite);
          expect(stored.version).toBe(acknowledged.length);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describeTwoInstances('saves heard across app instances', (apps) => {
  it('a save through one instance reaches a page streaming from the other, once, with its values', async () => {
    const { team, cookie } = await createTeamSession(apps.first);
    const teammate = await joinTeam(apps.second, team);
    const stream = await openEventStream<TeamEvent>(
      apps.second,
      `/api/teams/${team.id}/events?clientId=page-on-two`,
      {
        cookie: teammate,
      },
    );
    await stream.waitUntil((e) => e.type === 'presence');
    const saved = await saver(apps.first, team.id)(cookie, {
      data: { company_name: 'BrightBlocks' },
      changed: ['company_name'],
      clientId: 'page-on-one',
    });
    expect(saved.statusCode).toBe(200);
    const event = await stream.waitUntil((e) => e.type === 'answers');
    expect(event).toEqual({
      type: 'answers',
      teamId: team.id,
      phaseNumber: 1,
      version: 1,
      updatedAt: saved.json().updatedAt,
      clientId: 'page-on-one',
      changed: ['company_name'],
      values: { company_name: 'BrightBlocks' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events.filter((e) => e.type === 'answers')).toHaveLength(1);
    await stream.close();
  });

  it('sends no NOTIFY for a team with no page open on another instance', async () => {
    const { team, cookie } = await createTeamSession(apps.first);
    const pool = apps.first.database.pgPool!;
    const listener = await pool.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`listen ${LIVE_EVENTS_CHANNEL}`);
    // This connection hears NOTIFYs in its own time, in commit order: a marker published after the calls
    // under test has arrived only once everything they sent has.
    const settle = async (name: string) => {
      await apps.first.liveEvents.publish(liveChannel.cohort(`marker-${name}`), {
        type: 'ballots',
        ballotCount: 0,
        teamCount: 0,
      });
      await expect
        .poll(() => heard.some((p) => p.includes(`marker-${name}`)), { timeout: 10_000 })
        .toBe(true);
    };
    try {
      // A page of the team is open, but on the same instance as the save: memory reaches it.
      const stream = await openEventStream<TeamEvent>(
        apps.first,
        `/api/teams/${team.id}/events?clientId=page-on-one`,
        {
          cookie,
        },
      );
      await stream.waitUntil((e) => e.type === 'presence');
      const save = saver(apps.first, team.id);
      await save(cookie, { data: { a: '1' }, changed: ['a'], clientId: 'page-on-one' });
      expect(await stream.waitUntil((e) => e.type === 'answers')).toMatchObject({ values: { a: '1' } });
      await settle('same-instance');
      expect(heard.filter((p) => p.includes('"answers"'))).toEqual([]);
      // Once a page is open on the other instance, the save's own statement tells it.
      const remote = await openEventStream<TeamEvent>(
        apps.second,
        `/api/teams/${team.id}/events?clientId=page-on-two`,
        {
          cookie: await joinTeam(apps.second, team),
        },
      );
      await remote.waitUntil((e) => e.type === 'presence');
      await save(cookie, { data: { a: '2' }, changed: ['a'], clientId: 'page-on-one' });
      expect(await remote.waitUntil((e) => e.type === 'answers')).toMatchObject({
        version: 2,
        values: { a: '2' },
      });
      await settle('other-instance');
      expect(heard.filter((p) => p.includes('"answers"'))).toHaveLength(1);
      await stream.close();
      await remote.close();
    } finally {
      listener.release(true);
    }
  });

  it('a save too large for NOTIFY still reaches the other instance, without its values', async () => {
    const { team, cookie } = await createTeamSession(apps.first);
    const stream = await openEventStream<TeamEvent>(
      apps.second,
      `/api/teams/${team.id}/events?clientId=page-on-two`,
      {
        cookie: await joinTeam(apps.second, team),
      },
    );
    await stream.waitUntil((e) => e.type === 'presence');
    const big = 'y'.repeat(20_000);
    const saved = await saver(apps.first, team.id)(cookie, { data: { essay: big }, changed: ['essay'] });
    expect(saved.statusCode).toBe(200);
    const event = await stream.waitUntil((e) => e.type === 'answers');
    expect(event).toMatchObject({ type: 'answers', version: 1, changed: ['essay'] });
    expect(event).not.toHaveProperty('values');
    await stream.close();
  });
});
