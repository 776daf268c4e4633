import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import {
  PROGRAMME_MAX_BYTES,
  type ProgrammeContent,
  type ProgrammeDetail,
  type ProgrammeFile,
} from '../../shared/schemas/programmes.ts';
import { PhaseConfigSchema } from '../../shared/phase-config.ts';
import { cohorts, programmes, programmeVersions } from '../db/schema.ts';
import { createCohort, createCohortMembers } from '../../../testing/api/cohorts.ts';
import {
  buildTestApp,
  createAdminSession,
  createTeamSession,
  describeApi,
  secondPoolOn,
} from '../../../testing/api/test-app.ts';
import { exportFileName } from './export-file.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function caller(app: FastifyInstance, cookie?: string) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The draft with activity `n`'s config changed by `change`. */
function withActivity(
  draft: ProgrammeContent,
  n: number,
  change: (config: Record<string, unknown>) => object,
) {
  return {
    ...draft,
    activities: draft.activities.map((config, i) =>
      i === n - 1 ? { ...config, ...change(config) } : config,
    ),
  };
}

/** A template line that reads no field: the programme checks refuse it. */
const unknownVariable = (config: Record<string, unknown>) => ({
  promptTemplate: `${String(config.promptTemplate)}\n{{no_such_field}}`,
});

async function storedCounts(app: FastifyInstance) {
  const [p] = await app.db.select({ n: count() }).from(programmes);
  const [v] = await app.db.select({ n: count() }).from(programmeVersions);
  return { programmes: Number(p!.n), versions: Number(v!.n) };
}

describeApi('programmes: the instructors’ calls', (ctx) => {
  /**
   * Sends `requests` together, as instructors of one room would: on PostgreSQL, through two instances (each on
   * a pool of its own) in turn, so the lock is held across instances; on PGlite, through the one. Counts the
   * announcements of a new version, on every instance.
   */
  async function together(cookie: string, requests: { method: Method; url: string; payload?: unknown }[]) {
    const second = ctx.mode === 'postgres' ? await secondPoolOn(ctx.database) : undefined;
    const apps = second ? [ctx.app, await buildTestApp(second)] : [ctx.app];
    const announced = apps.map((app) => vi.spyOn(app.announce, 'programmeRunBy'));
    try {
      const responses = await Promise.all(
        requests.map(({ method, url, payload }, i) =>
          caller(apps[i % apps.length]!, cookie)(method, url, payload),
        ),
      );
      return { responses, announcements: announced.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
    } finally {
      for (const spy of announced) spy.mockRestore();
      if (second) {
        await apps[1]!.close();
        await second.close();
      }
    }
  }

  async function setUp() {
    const admin = await createAdminSession(ctx.app, 'alice');
    const as = caller(ctx.app, admin.cookie);
    const created = await as('POST', '/api/admin/programmes', { name: '  Clinics <b>first</b>  ' });
    expect(created.statusCode, created.body).toBe(201);
    const programme = created.json() as ProgrammeDetail;
    return { admin, as, programme, url: `/api/admin/programmes/${programme.id}` };
  }

  it('lists the standard first, always there, read-only, with the cohorts that run each', async () => {
    const { as, programme } = await setUp();
    await createCohort(ctx.app, 'spring');
    const list = await as('GET', '/api/admin/programmes');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const [standard, own] = list.json().programmes;
    expect(standard).toMatchObject({
      id: 'standard',
      name: 'Standard programme',
      standard: true,
      publishedVersion: 1,
      unpublishedChanges: false,
      cohorts: [{ tag: 'spring', name: 'Cohort spring' }],
    });
    // Stored as given: a name is text, shown as text.
    expect(own).toMatchObject({
      id: programme.id,
      name: 'Clinics <b>first</b>',
      standard: false,
      publishedVersion: null,
      unpublishedChanges: true,
      cohorts: [],
    });
  });

  it('copies the standard or another programme’s draft; an unknown source or a bad name is refused', async () => {
    const { as, programme, url } = await setUp();
    const standard = (await as('GET', '/api/admin/programmes/standard')).json() as ProgrammeDetail;
    expect(programme.draft).toEqual(standard.draft);
    expect(programme.draft.activities).toHaveLength(8);
    expect(programme).toMatchObject({ revision: 0, draftUpdatedBy: 'alice', versions: [] });
    expect(standard).toMatchObject({
      standard: true,
      revision: 0,
      versions: [{ version: 1, publishedBy: null }],
    });

    const changed = withActivity(programme.draft, 2, () => ({ intro: 'Our clinic intro.' }));
    expect((await as('PUT', `${url}/draft`, { revision: 0, draft: changed })).statusCode).toBe(200);
    const copy = await as('POST', '/api/admin/programmes', { name: 'Copy', copyFrom: programme.id });
    expect(copy.statusCode).toBe(201);
    expect((copy.json() as ProgrammeDetail).draft.activities[1]!.intro).toBe('Our clinic intro.');

    const before = await storedCounts(ctx.app);
    const unknown = await as('POST', '/api/admin/programmes', {
      name: 'Copy',
      copyFrom: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'copyFrom: the programme to copy was not found.' });
    expect((await as('POST', '/api/admin/programmes', { name: '   ' })).json()).toEqual({
      message: 'name is required',
    });
    expect((await as('POST', '/api/admin/programmes', { name: 'x'.repeat(81) })).statusCode).toBe(400);
    expect((await as('POST', '/api/admin/programmes', { name: 'A', copyFrom: 'other' })).statusCode).toBe(
      400,
    );
    expect(await storedCounts(ctx.app)).toEqual(before);
  });

  it('refuses every call without an instructor session (401), a team’s included', async () => {
    const { programme, url } = await setUp();
    const team = await createTeamSession(ctx.app);
    for (const as of [caller(ctx.app), caller(ctx.app, team.cookie)]) {
      for (const [method, path, body] of [
        ['GET', '/api/admin/programmes'],
        ['POST', '/api/admin/programmes', { name: 'Mine' }],
        ['GET', url],
        ['PATCH', url, { name: 'Mine' }],
        ['PUT', `${url}/draft`, { revision: 0, draft: programme.draft }],
        ['POST', `${url}/publish`, { revision: 0 }],
        ['POST', `${url}/versions/1/republish`],
        ['GET', `${url}/versions/1`],
        ['GET', `${url}/export`],
        ['POST', '/api/admin/programmes/import', { format: 'x' }],
        ['PUT', '/api/admin/cohorts/spring/programme', { programmeId: programme.id }],
      ] as [Method, string, unknown?][]) {
        const response = await as(method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(401);
      }
    }
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 0 });
  });

  it('finds no programme a path cannot name, and keeps the standard read-only (403)', async () => {
    const { as, programme } = await setUp();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', 'STANDARD']) {
      const response = await as('GET', `/api/admin/programmes/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Programme not found.' });
    }
    const readOnly = {
      message:
        'The Standard programme cannot be changed. Copy it to make a programme of your own, then edit the copy.',
    };
    for (const [method, path, body] of [
      ['PUT', '/api/admin/programmes/standard/draft', { revision: 0, draft: programme.draft }],
      ['POST', '/api/admin/programmes/standard/publish', { revision: 0 }],
      ['POST', '/api/admin/programmes/standard/versions/1/republish'],
      ['PATCH', '/api/admin/programmes/standard', { name: 'Mine' }],
    ] as [Method, string, unknown?][]) {
      const response = await as(method, path, body);
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toEqual(readOnly);
    }
  });

  it('saves the draft by revision; a save from an older revision gets 409 and the current draft', async () => {
    const { as, programme, url } = await setUp();
    const bob = caller(ctx.app, (await createAdminSession(ctx.app, 'bob')).cookie);
    const first = withActivity(programme.draft, 1, () => ({ intro: 'Alice was here.' }));
    const saved = await as('PUT', `${url}/draft`, { revision: 0, draft: first, name: 'Clinics' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ revision: 1 });

    // Bob edited revision 0 too: refused, told who saved, and given what is there now.
    const late = withActivity(programme.draft, 1, () => ({ intro: 'Bob was here.' }));
    const refused = await bob('PUT', `${url}/draft`, { revision: 0, draft: late });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'alice saved this programme after the draft you edited. Nothing was changed: load their draft, then make your change again.',
    );
    expect(refused.json().current).toMatchObject({ id: programme.id, name: 'Clinics', revision: 1 });
    expect(refused.json().current.draft.activities[0].intro).toBe('Alice was here.');

    const detail = (await as('GET', url)).json() as ProgrammeDetail;
    expect(detail).toMatchObject({ revision: 1, name: 'Clinics', draftUpdatedBy: 'alice' });
    expect(detail.draft.activities[0]!.intro).toBe('Alice was here.');

    // Switched-off activities are kept once each, in order.
    const off = await bob('PUT', `${url}/draft`, {
      revision: 1,
      draft: { ...first, switchedOff: [5, 3, 5] },
    });
    expect(off.json()).toEqual({ revision: 2 });
    expect(((await as('GET', url)).json() as ProgrammeDetail).draft.switchedOff).toEqual([3, 5]);

    const unknown = await as('PUT', '/api/admin/programmes/00000000-0000-4000-8000-000000000000/draft', {
      revision: 0,
      draft: first,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('of saves sent together from one revision, exactly one lands; the others get 409', async () => {
    const { as, programme, url } = await setUp();
    const drafts = [1, 2, 3, 4, 5].map((n) =>
      withActivity(programme.draft, 1, () => ({ intro: `Save ${n}` })),
    );
    const responses = await Promise.all(
      drafts.map((draft) => as('PUT', `${url}/draft`, { revision: 0, draft })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.findIndex((r) => r.statusCode === 200);
    const detail = (await as('GET', url)).json() as ProgrammeDetail;
    expect(detail.revision).toBe(1);
    expect(detail.draft.activities[0]!.intro).toBe(`Save ${winner + 1}`);
  });

  it('refuses a bad draft with a clear message (400), and one past the size limit (413); nothing is saved', async () => {
    const { as, programme, url } = await setUp();
    const bad = [
      [{ draft: programme.draft }, 'revision: Invalid input: expected number, received undefined'],
      [{ revision: 0 }, 'draft: Invalid input: expected object, received undefined'],
      [{ revision: 0, draft: { ...programme.draft, switchedOff: [9] } }],
      [{ revision: 0, draft: { ...programme.draft, switchedOff: [1, 2, 3, 4, 5, 6, 7, 8] } }],
      [{ revision: 0, draft: { activities: [1, 2] } }],
      [{ revision: -1, draft: programme.draft }],
    ] as const;
    for (const [body, message] of bad) {
      const response = await as('PUT', `${url}/draft`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message) expect(response.json()).toEqual({ message });
    }
    // Just past PROGRAMME_MAX_BYTES as compact JSON (the body itself fits): the programme's own limit.
    const size = Buffer.byteLength(JSON.stringify(withActivity(programme.draft, 1, () => ({ intro: '' }))));
    const padded = withActivity(programme.draft, 1, () => ({
      intro: 'x'.repeat(PROGRAMME_MAX_BYTES - size + 100),
    }));
    const tooLarge = await as('PUT', `${url}/draft`, { revision: 0, draft: padded });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toMatch(
      /^A programme may take at most 600 KB; this one takes 60\d KB\. Nothing was saved\.$/,
    );
    // Far past it: the body limit.
    const huge = withActivity(programme.draft, 1, () => ({ intro: 'x'.repeat(PROGRAMME_MAX_BYTES) }));
    expect((await as('PUT', `${url}/draft`, { revision: 0, draft: huge })).statusCode).toBe(413);
    expect(((await as('GET', url)).json() as ProgrammeDetail).revision).toBe(0);
  });

  it('publishes only a draft the checks pass (422 with every problem), as version N+1; once per revision', async () => {
    const { as, programme, url } = await setUp();
    const broken = withActivity(withActivity(programme.draft, 3, unknownVariable), 5, () => ({ intro: '' }));
    await as('PUT', `${url}/draft`, { revision: 0, draft: broken });
    const refused = await as('POST', `${url}/publish`, { revision: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      /^The programme has \d+ problems: fix them to publish\. Nothing was published\.$/,
    );
    const problems = refused.json().problems as { activity: number | null; path: string; message: string }[];
    expect(problems.some((p) => p.activity === 3 && p.path === 'promptTemplate')).toBe(true);
    expect(problems.some((p) => p.activity === 5 && p.path === 'intro')).toBe(true);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 0 });

    await as('PUT', `${url}/draft`, { revision: 1, draft: programme.draft });
    const stale = await as('POST', `${url}/publish`, { revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.revision).toBe(2);

    const published = await as('POST', `${url}/publish`, { revision: 2 });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toEqual({ version: 1 });
    // Pressed again (or sent together): the same version, nothing new.
    const again = await Promise.all([1, 2].map(() => as('POST', `${url}/publish`, { revision: 2 })));
    expect(again.map((r) => [r.statusCode, r.json().version])).toEqual([
      [200, 1],
      [200, 1],
    ]);
    const detail = (await as('GET', url)).json() as ProgrammeDetail;
    expect(detail).toMatchObject({ publishedVersion: 1, unpublishedChanges: false });
    expect(detail.versions).toEqual([{ version: 1, publishedAt: expect.any(String), publishedBy: 'alice' }]);

    const version = await as('GET', `${url}/versions/1`);
    expect(version.statusCode).toBe(200);
    expect(version.json().content).toEqual(programme.draft);
    expect((await as('GET', `${url}/versions/2`)).json()).toEqual({
      message: 'That version of the programme was not found.',
    });
    expect((await as('GET', `${url}/versions/abc`)).statusCode).toBe(404);
    expect((await as('GET', '/api/admin/programmes/standard/versions/1')).json().content).toEqual(
      programme.draft,
    );
  });

  it('publishes an earlier version again as a new one; the draft stays as it is', async () => {
    const { as, programme, url } = await setUp();
    await as('POST', `${url}/publish`, { revision: 0 });
    const second = withActivity(programme.draft, 1, () => ({ intro: 'Version two.' }));
    await as('PUT', `${url}/draft`, { revision: 0, draft: second });
    expect((await as('POST', `${url}/publish`, { revision: 1 })).json()).toEqual({ version: 2 });

    const again = await as('POST', `${url}/versions/1/republish`);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ version: 3 });
    expect((await as('GET', `${url}/versions/3`)).json().content).toEqual(programme.draft);
    const detail = (await as('GET', url)).json() as ProgrammeDetail;
    expect(detail.draft.activities[0]!.intro).toBe('Version two.');
    expect(detail).toMatchObject({ publishedVersion: 3, unpublishedChanges: true });
    expect(detail.versions.map((v) => v.version)).toEqual([1, 2, 3]);
    // Republishing the draft's own content: no unpublished changes.
    await as('POST', `${url}/versions/2/republish`);
    expect(((await as('GET', url)).json() as ProgrammeDetail).unpublishedChanges).toBe(false);

    expect((await as('POST', `${url}/versions/9/republish`)).statusCode).toBe(404);
    expect((await as('POST', `${url}/versions/0/republish`)).statusCode).toBe(404);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 4 });

    // The newest itself, or a version whose content the newest holds: nothing new, the newest's number.
    const newest = await as('POST', `${url}/versions/4/republish`);
    expect([newest.statusCode, newest.json()]).toEqual([200, { version: 4 }]);
    const same = await as('POST', `${url}/versions/2/republish`);
    expect([same.statusCode, same.json()]).toEqual([200, { version: 4 }]);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 4 });
  });

  it('of five republishes of one version sent together, one makes a version; all answer its number', async () => {
    const { admin, as, programme, url } = await setUp();
    await as('POST', `${url}/publish`, { revision: 0 });
    const second = withActivity(programme.draft, 1, () => ({ intro: 'Version two.' }));
    await as('PUT', `${url}/draft`, { revision: 0, draft: second });
    await as('POST', `${url}/publish`, { revision: 1 });

    const { responses, announcements } = await together(
      admin.cookie,
      Array.from({ length: 5 }, () => ({ method: 'POST' as const, url: `${url}/versions/1/republish` })),
    );
    expect(responses.map((r) => r.json())).toEqual(Array(5).fill({ version: 3 }));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 3 });
    expect((await as('GET', `${url}/versions/3`)).json().content).toEqual(programme.draft);
    // The cohorts running it are told once: a republish that made nothing changed nothing.
    expect(announcements).toBe(1);
  });

  it('of five publishes of one revision sent together, one makes a version; all answer its number', async () => {
    const { admin, as, programme, url } = await setUp();
    const { responses, announcements } = await together(
      admin.cookie,
      Array.from({ length: 5 }, () => ({
        method: 'POST' as const,
        url: `${url}/publish`,
        payload: { revision: 0 },
      })),
    );
    expect(responses.map((r) => r.json())).toEqual(Array(5).fill({ version: 1 }));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 1 });
    expect(announcements).toBe(1);
    const announced = vi.spyOn(ctx.app.announce, 'programmeRunBy');

    // A draft saved again unchanged is what version 1 holds: publishing it makes nothing new either.
    await as('PUT', `${url}/draft`, { revision: 0, draft: programme.draft });
    const unchanged = await as('POST', `${url}/publish`, { revision: 1 });
    expect([unchanged.statusCode, unchanged.json()]).toEqual([200, { version: 1 }]);
    expect(((await as('GET', url)).json() as ProgrammeDetail).unpublishedChanges).toBe(false);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 1, versions: 1 });
    expect(announced).not.toHaveBeenCalled();
  });

  it('renames a programme; a blank name is refused', async () => {
    const { as, url } = await setUp();
    const renamed = await as('PATCH', url, { name: ' Food businesses ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Food businesses', standard: false });
    expect((await as('PATCH', url, { name: '' })).statusCode).toBe(400);
    expect(((await as('GET', url)).json() as ProgrammeDetail).name).toBe('Food businesses');
  });

  it('exports the newest version as a file that imports as the same programme; a bad file stores nothing', async () => {
    const { as, programme, url } = await setUp();
    const unpublished = await as('GET', `${url}/export`);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json()).toEqual({
      message: 'Publish this programme before exporting it: a file holds a published version.',
    });
    const halfDay = { ...withActivity(programme.draft, 2, () => ({ intro: 'Ours.' })), switchedOff: [7, 8] };
    await as('PUT', `${url}/draft`, { revision: 0, draft: halfDay });
    await as('POST', `${url}/publish`, { revision: 1 });

    const exported = await as('GET', `${url}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="clinics-bfirstb-v1.programme.json"',
    );
    const file = exported.json() as ProgrammeFile;
    expect(file).toEqual({
      format: 'applied-genai-lab.programme',
      formatVersion: 1,
      name: 'Clinics <b>first</b>',
      content: halfDay,
    });

    const imported = await as('POST', '/api/admin/programmes/import', file);
    expect(imported.statusCode).toBe(201);
    const copy = imported.json() as ProgrammeDetail;
    expect(copy).toMatchObject({
      // The file's programme is still here: the import never takes a name already used.
      name: 'Clinics <b>first</b> (imported)',
      publishedVersion: 1,
      unpublishedChanges: false,
      revision: 0,
    });
    expect(copy.draft).toEqual(halfDay);
    expect((await as('GET', `/api/admin/programmes/${copy.id}/versions/1`)).json().content).toEqual(halfDay);

    const before = await storedCounts(ctx.app);
    const broken = { ...file, content: withActivity(file.content, 4, unknownVariable) };
    const refused = await as('POST', '/api/admin/programmes/import', broken);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      /^The file's programme has (a problem|\d+ problems)\. Nothing was imported\.$/,
    );
    expect(refused.json().problems[0]).toMatchObject({ activity: 4, path: 'promptTemplate' });
    for (const [bad, message] of [
      [{ ...file, format: 'something-else' }, 'format: is not an Applied GenAI Lab programme file'],
      [
        { ...file, formatVersion: 2 },
        'formatVersion: is a programme file of a version this server cannot read',
      ],
      [{ ...file, name: '' }, 'name is required'],
      [{ ...file, content: { ...file.content, activities: file.content.activities.slice(0, 7) } }],
    ] as [unknown, string?][]) {
      const response = await as('POST', '/api/admin/programmes/import', bad);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      if (message) expect(response.json()).toEqual({ message });
    }
    expect(await storedCounts(ctx.app)).toEqual(before);

    // The standard is an export like any other.
    const standard = await as('GET', '/api/admin/programmes/standard/export');
    expect(standard.headers['content-disposition']).toBe(
      'attachment; filename="standard-programme-v1.programme.json"',
    );
    expect((await as('POST', '/api/admin/programmes/import', standard.json())).statusCode).toBe(201);
    // Its activities are the files of content/phases, as the server loads them: one format.
    expect(standard.json().content.activities).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
        PhaseConfigSchema.parse(JSON.parse(readFileSync(`content/phases/phase-${n}.json`, 'utf8'))),
      ),
    );
  });

  it('gives an import a name no programme has: "(imported)", then "(imported 2)", shortened to fit', async () => {
    const { as, url } = await setUp();
    await as('POST', `${url}/publish`, { revision: 0 });
    const file = (await as('GET', `${url}/export`)).json() as ProgrammeFile;
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const imported = await as('POST', '/api/admin/programmes/import', file);
      expect(imported.statusCode, imported.body).toBe(201);
      names.push(imported.json().name);
    }
    expect(names).toEqual([
      'Clinics <b>first</b> (imported)',
      'Clinics <b>first</b> (imported 2)',
      'Clinics <b>first</b> (imported 3)',
    ]);
    // A name no programme has is kept as it is.
    const fresh = await as('POST', '/api/admin/programmes/import', { ...file, name: 'Night clinics' });
    expect(fresh.json().name).toBe('Night clinics');
    // The standard's card is always listed: its export imports under another name.
    const standard = (await as('GET', '/api/admin/programmes/standard/export')).json();
    const copy = await as('POST', '/api/admin/programmes/import', standard);
    expect(copy.json().name).toBe('Standard programme (imported)');
    // A name of the longest length is shortened so the whole fits the 80 characters a name may have.
    const long = `${'Clinic '.repeat(11)}abc`;
    expect(long).toHaveLength(80);
    expect((await as('POST', '/api/admin/programmes/import', { ...file, name: long })).json().name).toBe(
      long,
    );
    const shortened = (await as('POST', '/api/admin/programmes/import', { ...file, name: long })).json().name;
    expect(shortened).toBe(`${long.slice(0, 69)} (imported)`);
    expect(shortened).toHaveLength(80);
    const list = (await as('GET', '/api/admin/programmes')).json().programmes as { name: string }[];
    expect(new Set(list.map((p) => p.name)).size).toBe(list.length);
  });

  it('of imports of one file sent together, each takes a name of its own', async () => {
    const { admin, as, url } = await setUp();
    await as('POST', `${url}/publish`, { revision: 0 });
    const file = (await as('GET', `${url}/export`)).json() as ProgrammeFile;
    const { responses } = await together(
      admin.cookie,
      Array.from({ length: 5 }, () => ({
        method: 'POST' as const,
        url: '/api/admin/programmes/import',
        payload: file,
      })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(responses.map((r) => r.json().name).sort()).toEqual([
      'Clinics <b>first</b> (imported 2)',
      'Clinics <b>first</b> (imported 3)',
      'Clinics <b>first</b> (imported 4)',
      'Clinics <b>first</b> (imported 5)',
      'Clinics <b>first</b> (imported)',
    ]);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 6, versions: 6 });
  });

  it('names the cohorts that run a programme with their number of teams, to instructors only', async () => {
    const { as, programme, url } = await setUp();
    await as('POST', `${url}/publish`, { revision: 0 });
    await createCohort(ctx.app, 'spring');
    await createCohort(ctx.app, 'autumn');
    await createCohort(ctx.app, 'winter');
    await createCohortMembers(ctx.app, 'spring', ['Ada', 'Bo', 'Cy']);
    await createCohortMembers(ctx.app, 'winter', ['Di']);
    for (const tag of ['spring', 'autumn']) {
      const assigned = await as('PUT', `/api/admin/cohorts/${tag}/programme`, { programmeId: programme.id });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const expected = [
      { tag: 'autumn', name: 'Cohort autumn', teams: 0 },
      { tag: 'spring', name: 'Cohort spring', teams: 3 },
    ];
    expect((await as('GET', url)).json().cohorts).toEqual(expected);
    const [standard, own] = (await as('GET', '/api/admin/programmes')).json().programmes;
    expect(own.cohorts).toEqual(expected);
    expect(standard.cohorts).toEqual([{ tag: 'winter', name: 'Cohort winter', teams: 1 }]);
    expect((await as('GET', '/api/admin/programmes/standard')).json().cohorts).toEqual(standard.cohorts);

    // Without a session, or with a team's (of a cohort that runs it), nothing of it is read.
    const [member] = await createCohortMembers(ctx.app, 'spring', ['Eve']);
    for (const cookie of [undefined, member!.cookie]) {
      for (const path of [url, '/api/admin/programmes']) {
        const refused = await caller(ctx.app, cookie)('GET', path);
        expect(refused.statusCode, path).toBe(401);
        expect(Object.keys(refused.json())).toEqual(['message']);
      }
    }
  });

  it('gives a cohort a published programme (or the standard); new cohorts may name one; deleting a cohort keeps it', async () => {
    const { as, programme, url } = await setUp();
    await createCohort(ctx.app, 'spring');
    const assign = (tag: string, programmeId: string) =>
      as('PUT', `/api/admin/cohorts/${tag}/programme`, { programmeId });

    const unpublished = await assign('spring', programme.id);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json()).toEqual({ message: 'Publish this programme before giving it to a cohort.' });
    expect((await assign('spring', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await assign('nowhere', programme.id)).json()).toEqual({ message: 'Cohort not found.' });
    expect((await assign('spring', 'bogus')).statusCode).toBe(400);

    await as('POST', `${url}/publish`, { revision: 0 });
    const given = await assign('spring', programme.id);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({ programmeId: programme.id, version: 1, switchedOff: [] });
    const [stored] = await ctx.app.db.select().from(cohorts).where(eq(cohorts.tag, 'spring'));
    expect(stored!.programmeId).toBe(programme.id);
    expect((await assign('spring', 'standard')).json()).toEqual({
      programmeId: 'standard',
      version: 1,
      switchedOff: [],
    });

    const created = await as('POST', '/api/admin/cohorts', {
      tag: 'autumn',
      name: 'Autumn',
      programmeId: programme.id,
    });
    expect(created.statusCode).toBe(201);
    const draftOnly = (
      await as('POST', '/api/admin/programmes', { name: 'Draft only' })
    ).json() as ProgrammeDetail;
    const refused = await as('POST', '/api/admin/cohorts', {
      tag: 'winter',
      name: 'Winter',
      programmeId: draftOnly.id,
    });
    expect(refused.statusCode).toBe(409);
    expect((await as('GET', '/api/cohorts/winter')).statusCode).toBe(404);
    const list = (await as('GET', '/api/admin/programmes')).json().programmes;
    expect(list[1].cohorts).toEqual([{ tag: 'autumn', name: 'Autumn', teams: 0 }]);

    await as('POST', '/api/admin/cohorts/autumn/archive');
    expect((await as('DELETE', '/api/admin/cohorts/autumn')).statusCode).toBe(200);
    expect((await as('GET', url)).statusCode).toBe(200);
    expect(await storedCounts(ctx.app)).toEqual({ programmes: 2, versions: 1 });
  });

  it("tells the instructors' cohort list and the cohort's status what its teams run", async () => {
    const { as, programme, url } = await setUp();
    await createCohort(ctx.app, 'spring');
    await createCohort(ctx.app, 'summer');
    await as('POST', `${url}/publish`, { revision: 0 });
    await as('PUT', '/api/admin/cohorts/spring/programme', { programmeId: programme.id });
    const current = (await as('GET', url)).json() as ProgrammeDetail;
    const saved = await as('PUT', `${url}/draft`, {
      revision: current.revision,
      draft: { ...current.draft, switchedOff: [7] },
    });
    await as('POST', `${url}/publish`, { revision: saved.json().revision });

    const listed = (await as('GET', '/api/admin/cohorts')).json() as { tag: string; programme: unknown }[];
    const of = (tag: string) => listed.find((cohort) => cohort.tag === tag)?.programme;
    expect(of('spring')).toEqual({ programmeId: programme.id, version: 2, switchedOff: [7] });
    expect(of('summer')).toEqual({ programmeId: 'standard', version: 1, switchedOff: [] });

    // The cohort's status (the showcase's pace line) says it too; the content stays behind its own rule.
    const status = await caller(ctx.app)('GET', '/api/cohorts/spring/status');
    expect(status.json().programme).toEqual({ programmeId: programme.id, version: 2, switchedOff: [7] });
    expect((await caller(ctx.app)('GET', '/api/cohorts/summer/status')).json().programme).toEqual({
      programmeId: 'standard',
      version: 1,
      switchedOff: [],
    });
    expect(
      (await caller(ctx.app)('GET', `/api/programmes/${programme.id}/versions/2/phase-1`)).statusCode,
    ).toBe(401);

    const team = await createTeamSession(ctx.app);
    expect((await caller(ctx.app, team.cookie)('GET', '/api/admin/cohorts')).statusCode).toBe(401);
    expect((await caller(ctx.app)('GET', '/api/admin/cohorts')).statusCode).toBe(401);
  });

  it('names an export file from the programme’s name in safe characters', () => {
    expect(exportFileName('Clinics & Co. «été» 2026', 3)).toBe('clinics-co-ete-2026-v3.programme.json');
    expect(exportFileName('"; rm -rf /', 1)).toBe('rm-rf-v1.programme.json');
    expect(exportFileName('日本', 1)).toBe('programme-v1.programme.json');
  });
});
