import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Fact } from '../../shared/schemas/facts.ts';
import type { PhaseDataRecord, SavedPhaseData } from '../../shared/schemas/phase-data.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';
import { TextCopy } from '../../shared/shared-text.ts';
import type { Team } from '../../shared/schemas/team.ts';
import { describeTwoInstances, openEventStream } from '../../../testing/api/live.ts';
import {
  cookiesFrom,
  createAdminSession,
  createTeamSession,
  describeApi,
  joinTeam,
} from '../../../testing/api/test-app.ts';
import { liveChannel } from '../live/event-bus.ts';

/**
 * Text typed into one field on several devices at once merges character by character
 * (docs/decisions/051-text-typed-together-merges.md): each device sends its edit of the field's document,
 * the store merges it with what others typed, answers with what the device lacks and tells every other
 * page what the save added.
 */

/** A device of the team typing into field `field` of activity `phase`, as a page does. */
function device(app: FastifyInstance, teamId: string, cookie: string, field: string, phase = 1) {
  let copy = new TextCopy(undefined, '');
  return {
    get text() {
      return copy.value;
    },
    /** Starts from the stored record, as a page opening the activity does. */
    async open() {
      const response = await app.inject({ url: `/api/phase-data/${teamId}`, headers: { cookie } });
      const record = (response.json() as PhaseDataRecord[]).find((r) => r.phaseNumber === phase);
      copy = new TextCopy(record?.text?.[field], String(record?.data[field] ?? ''));
    },
    /** Types `word` at the end. */
    typeAtEnd(word: string) {
      copy.type(copy.value + word, copy.value.length + word.length);
    },
    type(next: string, caret?: number) {
      copy.type(next, caret);
    },
    hear(update: string) {
      copy.hear(update);
    },
    async save(extra: Record<string, unknown> = {}) {
      const { edit, through } = copy.edit();
      const response = await app.inject({
        method: 'POST',
        url: '/api/phase-data',
        headers: { cookie },
        payload: {
          teamId,
          phaseNumber: phase,
          data: { [field]: copy.value },
          changed: [field],
          text: { [field]: edit },
          ...extra,
        },
      });
      if (response.statusCode === 200) {
        copy.acknowledge(through);
        const reply = (response.json() as SavedPhaseData).textUpdates?.[field];
        if (reply) copy.hear(reply);
      }
      return response;
    },
  };
}

async function stored(app: FastifyInstance, cookie: string, teamId: string, phase = 1) {
  const response = await app.inject({ url: `/api/phase-data/${teamId}/${phase}`, headers: { cookie } });
  return response.json() as PhaseDataRecord;
}

describeApi('text typed into one field on several devices merges', (ctx) => {
  it('two devices typing a word at the end of one field, saved together, 20 rounds: both words everywhere', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const laptop = device(ctx.app, team.id, cookie, 'assumptions');
    const phone = device(ctx.app, team.id, await joinTeam(ctx.app, team), 'assumptions');
    const events: TeamEvent[] = [];
    const unsubscribe = ctx.app.liveEvents.subscribe(liveChannel.team(team.id), (e) =>
      events.push(e as TeamEvent),
    );
    try {
      for (let round = 1; round <= 20; round++) {
        laptop.typeAtEnd(` laptop${round}`);
        phone.typeAtEnd(` phone${round}`);
        const [a, b] = await Promise.all([laptop.save(), phone.save()]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        // Each page hears what the other's save added (the later save's answer brought it already).
        for (const event of events.slice(-2)) {
          if (event.type !== 'answers') throw new Error(`unexpected ${event.type}`);
          laptop.hear(event.textUpdates!.assumptions!);
          phone.hear(event.textUpdates!.assumptions!);
        }
        const value = String((await stored(ctx.app, cookie, team.id)).data.assumptions);
        for (let r = 1; r <= round; r++) {
          expect(value).toContain(`laptop${r}`);
          expect(value).toContain(`phone${r}`);
        }
        expect(laptop.text).toBe(value);
        expect(phone.text).toBe(value);
      }
    } finally {
      unsubscribe();
    }
  });

  it('six devices each typing on without waiting for the others, 12 saves each: none refused, every word kept', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const cookies = [cookie, ...(await Promise.all([1, 2, 3, 4, 5].map(() => joinTeam(ctx.app, team))))];
    const devices = cookies.map((c) => device(ctx.app, team.id, c, 'assumptions'));
    // Each device saves as soon as its last save is answered (a closed loop, as a person typing does), so
    // the merges of one activity keep arriving together: none may make another give up (503).
    const statuses = await Promise.all(
      devices.map(async (d, i) => {
        const codes: number[] = [];
        for (let n = 1; n <= 12; n++) {
          d.typeAtEnd(` d${i}w${n}`);
          codes.push((await d.save()).statusCode);
        }
        return codes;
      }),
    );
    expect(statuses.flat().filter((code) => code !== 200)).toEqual([]);
    const value = String((await stored(ctx.app, cookie, team.id)).data.assumptions);
    for (let i = 0; i < devices.length; i++) {
      for (let n = 1; n <= 12; n++) expect(value).toContain(`d${i}w${n}`);
    }
  });

  it('devices offline with edits of the same text merge when they come back, in either order', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const a = device(ctx.app, team.id, cookie, 'assumptions');
    a.typeAtEnd('Buyers compare prices.');
    expect((await a.save()).statusCode).toBe(200);
    const b = device(ctx.app, team.id, await joinTeam(ctx.app, team), 'assumptions');
    await b.open();
    // Both go offline and edit the sentence, in different places.
    a.type('Small buyers compare prices.');
    b.type('Buyers compare prices online.', 28);
    expect((await b.save()).statusCode).toBe(200);
    expect((await a.save()).statusCode).toBe(200);
    const value = (await stored(ctx.app, cookie, team.id)).data.assumptions;
    expect(value).toBe('Small buyers compare prices online.');
    expect(a.text).toBe(value);
  });

  it('the stored record carries each document; a device opening it edits on from there', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const a = device(ctx.app, team.id, cookie, 'assumptions');
    a.typeAtEnd('First line.');
    await a.save();
    const record = await stored(ctx.app, cookie, team.id);
    expect(record.text?.assumptions).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    expect((list.json() as PhaseDataRecord[])[0]!.text).toEqual(record.text);
    const b = device(ctx.app, team.id, cookie, 'assumptions');
    await b.open();
    b.typeAtEnd(' Second line.');
    await b.save();
    expect((await stored(ctx.app, cookie, team.id)).data.assumptions).toBe('First line. Second line.');
  });

  it("answers saved before documents existed are their values' seeds: edits of them merge without doubling", async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    // A client that knows no documents writes the whole value; nothing is stored but the value.
    const whole = await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie },
      payload: {
        teamId: team.id,
        phaseNumber: 1,
        data: { assumptions: 'Old notes' },
        changed: ['assumptions'],
      },
    });
    expect(whole.statusCode).toBe(200);
    expect((await stored(ctx.app, cookie, team.id)).text).toBeUndefined();
    const [a, b] = [
      device(ctx.app, team.id, cookie, 'assumptions'),
      device(ctx.app, team.id, await joinTeam(ctx.app, team), 'assumptions'),
    ];
    await Promise.all([a.open(), b.open()]);
    a.typeAtEnd(' from A');
    b.type('B: Old notes', 3);
    await Promise.all([a.save(), b.save()]);
    expect((await stored(ctx.app, cookie, team.id)).data.assumptions).toBe('B: Old notes from A');
  });

  it('a value written whole over a text with a document is one edit of it: a device typing meanwhile keeps its words', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const a = device(ctx.app, team.id, cookie, 'assumptions');
    a.typeAtEnd('Draft');
    await a.save();
    a.typeAtEnd(' with more from the laptop');
    const admin = await createAdminSession(ctx.app);
    const whole = await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: admin.cookie },
      payload: {
        teamId: team.id,
        phaseNumber: 1,
        data: { assumptions: 'Draft v2' },
        changed: ['assumptions'],
      },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data.assumptions).toBe('Draft v2');
    await a.save();
    const value = (await stored(ctx.app, cookie, team.id)).data.assumptions;
    expect(value).toContain('v2');
    expect(value).toContain(' with more from the laptop');
    expect(a.text).toBe(value);
    // Removed whole, the text is empty to its document too: the device's old words do not come back.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: admin.cookie },
      payload: { teamId: team.id, phaseNumber: 1, data: {}, changed: ['assumptions'] },
    });
    a.typeAtEnd('!');
    await a.save();
    expect((await stored(ctx.app, cookie, team.id)).data.assumptions).toBe('!');
  });

  it('an edit made on a value replaced meanwhile is refused (409, naming the field), and nothing is written', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie },
      payload: { teamId: team.id, phaseNumber: 1, data: { assumptions: 'Before' }, changed: ['assumptions'] },
    });
    const stale = device(ctx.app, team.id, cookie, 'assumptions');
    await stale.open();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie },
      payload: {
        teamId: team.id,
        phaseNumber: 1,
        data: { assumptions: 'Replaced whole' },
        changed: ['assumptions'],
      },
    });
    const before = await stored(ctx.app, cookie, team.id);
    stale.typeAtEnd(' and typed on');
    const refused = await stale.save();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'text.assumptions: the text was replaced while you typed, so your edit no longer fits it. Nothing was saved: read the answer again and type your change on it.',
    );
    expect(await stored(ctx.app, cookie, team.id)).toEqual(before);
  });

  it('refuses a text edit that cannot be read (400) or is not an edit at all, and writes nothing', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const post = (text: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/phase-data',
        headers: { cookie },
        payload: {
          teamId: team.id,
          phaseNumber: 1,
          data: { assumptions: 'x' },
          changed: ['assumptions'],
          text,
        },
      });
    const garbage = await post({ assumptions: { update: 'AAECAwQF+/8=', sv: 'AA==' } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(
      'text.assumptions: the text edit could not be read. Nothing was saved.',
    );
    for (const bad of [
      { assumptions: { update: 'not base64!', sv: 'AA==' } },
      { assumptions: 'AA==' },
      ['AA=='],
      { assumptions: { update: 'AA==' } },
    ]) {
      const response = await post(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/text/);
    }
    const list = await ctx.app.inject({ url: `/api/phase-data/${team.id}`, headers: { cookie } });
    expect(list.json()).toEqual([]);
  });

  it("refuses another team's session (403) and no session (401) for a text edit, writing nothing", async () => {
    const owner = await createTeamSession(ctx.app);
    const other = await createTeamSession(ctx.app, 'Other');
    const copy = new TextCopy(undefined, '');
    copy.type('intruder');
    const payload = {
      teamId: owner.team.id,
      phaseNumber: 1,
      data: { assumptions: 'intruder' },
      changed: ['assumptions'],
      text: { assumptions: copy.edit().edit },
    };
    const asOther = await ctx.app.inject({
      method: 'POST',
      url: '/api/phase-data',
      headers: { cookie: other.cookie },
      payload,
    });
    expect(asOther.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/phase-data', payload });
    expect(anonymous.statusCode).toBe(401);
    const rows = await ctx.database.db.execute(sql`select count(*)::int as n from phase_data`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('tells every other page what the save added, and the saving page only what it lacks', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const a = device(ctx.app, team.id, cookie, 'assumptions');
    const b = device(ctx.app, team.id, cookie, 'assumptions');
    const events: TeamEvent[] = [];
    const unsubscribe = ctx.app.liveEvents.subscribe(liveChannel.team(team.id), (e) =>
      events.push(e as TeamEvent),
    );
    try {
      a.typeAtEnd('alpha');
      const first = await a.save({ clientId: 'page-alpha' });
      // Nothing the device lacks: the answer carries no teammate's words.
      expect(first.json().data.assumptions).toBe('alpha');
      const event = events.at(-1);
      expect(event).toMatchObject({
        type: 'answers',
        clientId: 'page-alpha',
        values: { assumptions: 'alpha' },
      });
      if (event?.type !== 'answers') throw new Error('no answers event');
      b.hear(event.textUpdates!.assumptions!);
      expect(b.text).toBe('alpha');
      b.typeAtEnd(' beta');
      await b.save();
      a.hear((events.at(-1) as { textUpdates: Record<string, string> }).textUpdates.assumptions!);
      expect(a.text).toBe('alpha beta');
    } finally {
      unsubscribe();
    }
  });

  it('saves sent together of several fields, some typed as documents, some not: every field keeps its last write', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const devices = await Promise.all(
      [0, 1, 2].map(async (i) =>
        device(ctx.app, team.id, i === 0 ? cookie : await joinTeam(ctx.app, team), 'notes'),
      ),
    );
    const plain = (value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/phase-data',
        headers: { cookie },
        payload: { teamId: team.id, phaseNumber: 1, data: { region: value }, changed: ['region'] },
      });
    for (const [i, d] of devices.entries()) d.typeAtEnd(` word${i}`);
    const responses = await Promise.all([
      ...devices.map((d) => d.save()),
      plain('Nordics'),
      plain('Baltics'),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const record = await stored(ctx.app, cookie, team.id);
    for (const i of [0, 1, 2]) expect(record.data.notes).toContain(`word${i}`);
    expect(['Nordics', 'Baltics']).toContain(record.data.region);
    expect(record.version).toBe(5);
  });
});

describeApi('shared facts typed as documents', (ctx) => {
  it('two devices typing in one fact at once both keep their words; the facts carry their documents', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const teammate = await joinTeam(ctx.app, team);
    const copies = [new TextCopy(undefined, ''), new TextCopy(undefined, '')];
    const save = (i: number) => {
      const copy = copies[i]!;
      const { edit, through } = copy.edit();
      return ctx.app
        .inject({
          method: 'POST',
          url: `/api/teams/${team.id}/facts`,
          headers: { cookie: i === 0 ? cookie : teammate },
          payload: { values: { target_region: copy.value }, givenIn: 1, text: { target_region: edit } },
        })
        .then((response) => {
          if (response.statusCode === 200) {
            copy.acknowledge(through);
            const fact = (response.json().facts as Fact[]).find((f) => f.id === 'target_region');
            if (fact?.text) copy.hear(fact.text);
          }
          return response;
        });
    };
    for (let round = 1; round <= 5; round++) {
      copies[0]!.type(`${copies[0]!.value} uk${round}`);
      copies[1]!.type(`${copies[1]!.value} de${round}`);
      const responses = await Promise.all([save(0), save(1)]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    const read = await ctx.app.inject({ url: `/api/teams/${team.id}/facts`, headers: { cookie } });
    const fact = (read.json().facts as Fact[]).find((f) => f.id === 'target_region')!;
    for (let r = 1; r <= 5; r++) {
      expect(fact.value).toContain(`uk${r}`);
      expect(fact.value).toContain(`de${r}`);
    }
    const reader = new TextCopy(fact.text, '');
    expect(reader.value).toBe(fact.value);
  });

  it('a whole value over a fact with a document merges; without one it stays a plain value', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/teams/${team.id}/facts`, headers: { cookie }, payload });
    const plain = await post({ values: { sector: 'toys' }, givenIn: 1 });
    expect((plain.json().facts as Fact[])[0]).not.toHaveProperty('text');
    const copy = new TextCopy(undefined, 'toys');
    copy.type('STEM toys', 5);
    const typed = await post({
      values: { sector: copy.value },
      givenIn: 1,
      text: { sector: copy.edit().edit },
    });
    expect(typed.statusCode).toBe(200);
    copy.acknowledge(copy.edit().through);
    copy.type('STEM toys for schools');
    const whole = await post({ values: { sector: 'Educational STEM toys' }, givenIn: 2 });
    const fact = (whole.json().facts as Fact[]).find((f) => f.id === 'sector')!;
    expect(fact.value).toBe('Educational STEM toys');
    expect(fact.text).toBeDefined();
    const merged = await post({
      values: { sector: copy.value },
      givenIn: 1,
      text: { sector: copy.edit().edit },
    });
    expect((merged.json().facts as Fact[])[0]!.value).toBe('Educational STEM toys for schools');
  });

  it('refuses an unreadable fact edit (400) and a fact merged past its bound (413), writing nothing', async () => {
    const { team, cookie } = await createTeamSession(ctx.app);
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/teams/${team.id}/facts`, headers: { cookie }, payload });
    const garbage = await post({
      values: { sector: 'x' },
      givenIn: 1,
      text: { sector: { update: 'AAECAwQF+/8=', sv: 'AA==' } },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('text.sector: the text edit could not be read. Nothing was saved.');
    const long = 'x'.repeat(5000);
    const [one, two] = [new TextCopy(undefined, ''), new TextCopy(undefined, '')];
    one.type(long);
    two.type(long);
    expect(
      (await post({ values: { sector: long }, givenIn: 1, text: { sector: one.edit().edit } })).statusCode,
    ).toBe(200);
    const over = await post({ values: { sector: long }, givenIn: 1, text: { sector: two.edit().edit } });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(
      'values.sector: with what others typed into it, this fact would pass 8000 characters. Nothing was saved: shorten it.',
    );
    const read = await ctx.app.inject({ url: `/api/teams/${team.id}/facts`, headers: { cookie } });
    expect((read.json().facts as Fact[])[0]!.value).toBe(long);
  });
});

describeTwoInstances('text merged across app instances', (apps) => {
  it('a text edit saved through one instance reaches a page of the other with what it added', async () => {
    const { team, cookie } = await createTeamSession(apps.first);
    const teammate = await joinTeam(apps.second, team);
    const stream = await openEventStream<TeamEvent>(
      apps.second,
      `/api/teams/${team.id}/events?clientId=page-on-two`,
      { cookie: teammate },
    );
    await stream.waitUntil((e) => e.type === 'presence');
    const a = device(apps.first, team.id, cookie, 'assumptions');
    const b = device(apps.second, team.id, teammate, 'assumptions');
    a.typeAtEnd('from one');
    b.typeAtEnd('from two');
    const [first, second] = await Promise.all([a.save(), b.save()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const event = await stream.waitUntil(
      (e) => e.type === 'answers' && e.clientId === null && e.version === 2,
    );
    expect(event.type === 'answers' && event.textUpdates?.assumptions).toBeTruthy();
    const value = String((await stored(apps.first, cookie, team.id)).data.assumptions);
    expect(value).toContain('from one');
    expect(value).toContain('from two');
    await stream.close();
  });
});
