import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config.ts';
import { BACKED_UP_TABLES, listTables, SKIPPED_TABLES } from './queries.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-dir-lock.ts';
import { lockingProcess } from '../../../testing/lock-holder.ts';
import { cohorts, modelRuns, teams } from '../db/schema.ts';
import { upsertAdmin } from '../auth/queries.ts';
import {
  buildTestApp,
  cookiesFrom,
  pgliteTemplate,
  DATABASE_MODES,
  type DatabaseMode,
} from '../../../testing/api/test-app.ts';
import { BackupRefusal } from './backup-file.ts';
import { type BackupTarget, backupDatabase, knownMigrations, restoreDatabase } from './backup.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
// Dropping the run's databases and folders: a bound of minutes, for a machine busy with other work.
afterAll(async () => {
  await Promise.all(cleanups.reverse().map((cleanup) => cleanup()));
}, 300_000);

const work = mkdtempSync(path.join(os.tmpdir(), 'genai-backup-'));
cleanups.push(() => rmSync(work, { recursive: true, force: true }));
const fileIn = (name: string) => path.join(work, `${name}-${randomBytes(3).toString('hex')}`);

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A database that does not exist yet: a PGlite directory not yet made, or a new empty PostgreSQL one. A PGlite
 * directory starts from the run's migrated archive unless `fresh` (made and migrated as a server makes it:
 * seconds of CPU each), as a PostgreSQL one starts from the server's template.
 */
async function newTarget(mode: DatabaseMode, label: string, { fresh = false } = {}): Promise<BackupTarget> {
  if (mode === 'pglite') {
    const dataDir = fileIn(`pglite-${label}`);
    return { dataDir, where: `PGlite ${label}`, ...(fresh ? {} : { loadDataDir: pgliteTemplate() }) };
  }
  const name = `genai_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), where: `PostgreSQL ${label}`, poolSize: 2 };
}

async function withDatabase<T>(
  target: BackupTarget,
  use: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ ...target, migrate: false });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** A room as an event leaves it, made through the API: answers with awkward values, a vote, an archive. */
async function seedRoom(target: BackupTarget): Promise<void> {
  const database = await openDatabase(target);
  const app = await buildTestApp(database);
  try {
    await upsertAdmin(app.db, 'instructor', 'correct horse battery');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { username: 'instructor', password: 'correct horse battery' },
    });
    const admin = cookiesFrom(login);
    const call = async (method: 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: { cookie }, payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response;
    };
    // A programme with two versions and a draft of its own, run by the spring cohort.
    const programme = (await call('POST', '/api/admin/programmes', admin, { name: 'Clinics «ü» 🩺' })).json();
    const url = `/api/admin/programmes/${programme.id}`;
    await call('POST', `${url}/publish`, admin, { revision: 0 });
    await call('PUT', `${url}/draft`, admin, {
      revision: 0,
      draft: { ...programme.draft, switchedOff: [7] },
    });
    await call('POST', `${url}/publish`, admin, { revision: 1 });
    await call('POST', '/api/admin/cohorts', admin, {
      tag: 'spring',
      name: 'Spring',
      description: 'Ünïcödé 🚀',
      programmeId: programme.id,
    });
    await call('POST', '/api/admin/cohorts', admin, { tag: 'old', name: 'Old' });
    await call('POST', '/api/admin/cohorts/old/archive', admin);
    const members: { id: string; cookie: string }[] = [];
    for (const name of ['Alpha', 'Beta «β»', 'Gamma', 'Delta']) {
      const created = await app.inject({ method: 'POST', url: '/api/teams', payload: { name } });
      members.push({ id: created.json().id, cookie: cookiesFrom(created) });
    }
    const [alpha, beta, gamma] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    // An avatar chosen before the cohort: in it, another team's random one may be the fox (refused, 409).
    await call('PATCH', `/api/teams/${alpha.id}/avatar`, alpha.cookie, { avatarIcon: 'fox.svg' });
    await call('POST', '/api/admin/cohorts/spring/teams', admin, {
      teamIds: members.slice(0, 3).map((m) => m.id),
    });
    // Coaching: a note (marked done by the team) and a request for help that is still open.
    const note = await call('POST', `/api/teams/${beta.id}/feedback`, admin, {
      phaseNumber: 2,
      body: 'Rank the competitors by threat, "not" by size.\nThen check the prices.',
    });
    await call('PATCH', `/api/teams/${beta.id}/feedback/${note.json().id}`, beta.cookie, { done: true });
    await call('POST', `/api/teams/${gamma.id}/help`, gamma.cookie, { phaseNumber: 3, message: 'Stuck 🧱' });
    // A prompt run on the model, with its answer (written to the table: the runs have tests of their own).
    await app.db.insert(modelRuns).values({
      teamId: alpha.id,
      phaseNumber: 2,
      prompt: '# Competitors\nName three 🥐',
      answer: 'One, "two" <b>three</b>',
      model: 'a-model',
      status: 'done',
      promptTokens: 12,
      completionTokens: 7,
      finishedAt: new Date(),
    });
    for (const [i, member] of members.entries()) {
      if (i < 3)
        await call('PATCH', `/api/teams/${member.id}/website`, member.cookie, {
          websiteUrl: `t${i}.example`,
        });
      for (const phaseNumber of [1, 2, 5]) {
        await call('POST', '/api/phase-data', member.cookie, {
          teamId: member.id,
          phaseNumber,
          data: {
            text: `Answer ${i}.${phaseNumber} with "quotes", a\nnewline, a tab\t and 🙂`,
            numbers: [0.1, 1e21, -0, 123456789012345, 2.5e-7],
            nested: { list: [{ a: null }, true, false], empty: {}, blank: '' },
          },
        });
      }
    }
    for (const [i, member] of members.slice(0, 2).entries()) {
      await call('POST', `/api/teams/${member.id}/facts`, member.cookie, {
        values: {
          company_name: `Company ${i} «ü» 🙂`,
          target_audience: 'Parents,\n"grandparents"',
          sector: '',
        },
        givenIn: 2,
      });
    }
    await call('PATCH', '/api/admin/cohorts/spring', admin, { competitionEnabled: true });
    await call('PATCH', '/api/admin/cohorts/spring', admin, { votingOpen: true });
    const votes = (...ids: string[]) => ({
      votes: ids.map((id, i) => ({ voted_for_team_id: id, rank: i + 1 })),
    });
    await call('POST', '/api/showcase/spring/vote', alpha.cookie, votes(beta.id, gamma.id));
    await call('POST', '/api/showcase/spring/vote', beta.cookie, votes(gamma.id, alpha.id));
  } finally {
    await app.close();
    await database.close();
  }
}

/** A seeded room and its backup, made once per database mode: the tests only read them. */
type SeededRoom = { source: BackupTarget; file: string; backup: Awaited<ReturnType<typeof backupDatabase>> };
const rooms = new Map<DatabaseMode, Promise<SeededRoom>>();
function seededRoom(mode: DatabaseMode): Promise<SeededRoom> {
  let room = rooms.get(mode);
  if (!room) {
    room = (async () => {
      const source = await newTarget(mode, 'source');
      await seedRoom(source);
      const file = fileIn('room.backup.gz');
      return { source, file, backup: await backupDatabase(source, file) };
    })();
    rooms.set(mode, room);
  }
  return room;
}

/** Every backed-up table as text, row by row in key order: two databases holding the same data compare equal. */
async function dumpTables(target: BackupTarget): Promise<Record<string, string[]>> {
  return withDatabase(target, async ({ db }) => {
    const dump: Record<string, string[]> = {};
    for (const table of BACKED_UP_TABLES) {
      const result = (await db.execute(
        sql`select row_to_json(t)::text as j from ${sql.identifier(table.name)} t order by ${sql.raw(table.orderBy)}`,
      )) as unknown as { rows: { j: string }[] };
      dump[table.name] = result.rows.map((row) => row.j);
    }
    return dump;
  });
}

async function sessionCount(target: BackupTarget): Promise<number> {
  return withDatabase(target, async ({ db }) => {
    const result = (await db.execute(sql`select count(*)::int as n from sessions`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(BackupRefusal);
  return (error as Error).message;
}

/** The backup's lines, decompressed, for tests that tamper with them. */
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
function writeLines(file: string, lines: string[]): string {
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
  return file;
}

/** Nothing was made in a database a refused restore was pointed at. */
async function expectUntouched(target: BackupTarget): Promise<void> {
  if (target.dataDir) {
    expect(existsSync(target.dataDir), 'the PGlite directory was not even created').toBe(false);
    return;
  }
  expect(await withDatabase(target, ({ db }) => listTables(db))).toEqual([]);
}

describe('backed-up tables', () => {
  it('cover every table of the schema but sessions and the brute-force counters', async () => {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
    try {
      const all = await listTables(database.db);
      expect([...BACKED_UP_TABLES.map((t) => t.name), ...SKIPPED_TABLES].sort()).toEqual(all);
    } finally {
      await database.close();
    }
  }, 60_000);
});

for (const mode of DATABASE_MODES) {
  describe(`backup and restore [${mode}]`, () => {
    it('round trip: teams, answers, cohorts, ballots and instructors come back identical; sessions do not', async () => {
      const { source, file, backup } = await seededRoom(mode);
      expect(backup.rows).toEqual({
        users: 1,
        cohorts: 2,
        teams: 4,
        phase_data: 12,
        team_facts: 6,
        ballots: 2,
        ballot_entries: 4,
        feedback_notes: 1,
        help_requests: 1,
        model_runs: 1,
        programmes: 1,
        programme_versions: 2,
      });
      expect(backup.migration).toEqual(knownMigrations().at(-1));
      expect(await sessionCount(source)).toBeGreaterThan(0);

      // Into a database made by the restore itself, as on a new machine.
      const target = await newTarget(mode, 'target', { fresh: true });
      const restored = await restoreDatabase(target, file);
      expect(restored.rows).toEqual(backup.rows);
      expect(restored.replaced).toBeUndefined();
      expect(await dumpTables(target)).toEqual(await dumpTables(source));
      expect(await sessionCount(target)).toBe(0);

      // The restored room works: the instructor signs in with the old password, a team opens by its code.
      const database = await openDatabase(target);
      const app = await buildTestApp(database);
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/admin/login',
          payload: { username: 'instructor', password: 'correct horse battery' },
        });
        expect(login.statusCode).toBe(200);
        const [alpha] = await app.db.select().from(teams).where(eq(teams.name, 'Alpha'));
        expect((await app.inject({ url: `/api/teams/${alpha!.code}` })).statusCode).toBe(200);
        // The programme comes back with its versions, and the spring cohort's teams still run its newest.
        const cookie = cookiesFrom(login);
        const list = await app.inject({ url: '/api/admin/programmes', headers: { cookie } });
        expect(list.json().programmes[1]).toMatchObject({
          name: 'Clinics «ü» 🩺',
          publishedVersion: 2,
          cohorts: [{ tag: 'spring', name: 'Spring' }],
        });
        const runs = await app.inject({ url: `/api/teams/${alpha!.id}/programme`, headers: { cookie } });
        expect(runs.json()).toEqual({
          programmeId: list.json().programmes[1].id,
          version: 2,
          switchedOff: [7],
        });
      } finally {
        await app.close();
        await database.close();
      }
    }, 180_000);

    it('refuses to restore over a non-empty database unless --force, and --force replaces it', async () => {
      const { source, file } = await seededRoom(mode);

      const target = await newTarget(mode, 'busy');
      const database = await openDatabase(target);
      const app = await buildTestApp(database);
      await app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'Already here' } });
      await app.close();
      await database.close();
      const before = await dumpTables(target);

      const message = await refusal(restoreDatabase(target, file));
      expect(message).toBe(
        `${target.where} is not empty (1 team, 0 saved activities, 0 shared facts, 0 cohorts, 0 ballots, 0 votes, 0 feedback ` +
          'notes, 0 help requests, 0 programmes, 0 programme versions, 0 instructor accounts). Restoring would replace all of it. Nothing was changed. To replace it, run the restore ' +
          'again with --force.',
      );
      expect(await dumpTables(target)).toEqual(before);
      expect(await sessionCount(target)).toBe(1);

      const forced = await restoreDatabase(target, file, { force: true });
      expect(forced.replaced).toMatchObject({ teams: 1 });
      expect(await dumpTables(target)).toEqual(await dumpTables(source));
      expect(await sessionCount(target)).toBe(0);
    }, 180_000);

    it('refuses a foreign, damaged or newer file with a clear message, and creates nothing', async () => {
      const { file: good } = await seededRoom(mode);
      const lines = linesOf(good);
      const header = JSON.parse(lines[0]!);
      const latest = knownMigrations().at(-1)!;

      const cases: [string, string, RegExp][] = [
        ['a missing file', fileIn('missing'), /no such file\. Nothing was restored\.$/],
        [
          'a text file',
          (() => {
            const f = fileIn('notes.txt');
            writeFileSync(f, 'teams,answers\n1,2\n');
            return f;
          })(),
          /is not a backup of Applied GenAI Lab \(it is not a gzip file\)\. Nothing was restored\.$/,
        ],
        [
          'another app’s gzip',
          writeLines(fileIn('other.gz'), ['{"hello":"world"}']),
          /is not a backup of Applied GenAI Lab \(its first line is not a backup header\)/,
        ],
        [
          'a file cut short',
          (() => {
            const f = fileIn('cut.gz');
            const bytes = readFileSync(good);
            writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length / 2)));
            return f;
          })(),
          /is damaged or incomplete \(the compressed data is broken/,
        ],
        [
          'a file without its last line',
          writeLines(fileIn('no-end.gz'), lines.slice(0, -1)),
          /is damaged or incomplete \(it ends before its last line; was the backup interrupted\?\)/,
        ],
        [
          'a broken row',
          writeLines(fileIn('broken-row.gz'), [lines[0]!, '{"t":"users","r":{"id":', ...lines.slice(2)]),
          /is damaged or incomplete \(line 2 is not valid JSON\)/,
        ],
        [
          'a row missing',
          writeLines(fileIn('row-missing.gz'), [...lines.slice(0, 3), ...lines.slice(4)]),
          /is damaged or incomplete \(\w+: \d+ rows where the backup recorded \d+\)/,
        ],
        [
          'a newer schema',
          writeLines(fileIn('newer.gz'), [
            JSON.stringify({ ...header, migration: { tag: '9999_from_the_future', when: latest.when + 1 } }),
            ...lines.slice(1),
          ]),
          new RegExp(
            `was made by a newer version of the app \\(its schema is at migration 9999_from_the_future; this ` +
              `version knows migrations up to ${latest.tag}\\)\\. Upgrade the app, then restore\\.`,
          ),
        ],
        [
          'a newer format',
          writeLines(fileIn('format.gz'), [
            JSON.stringify({ ...header, formatVersion: 2 }),
            ...lines.slice(1),
          ]),
          /was written by a newer version of the app \(backup format 2; this version reads format 1\)/,
        ],
        [
          'a file that also names the sessions table (a planted sign-in)',
          writeLines(fileIn('sessions.gz'), [
            JSON.stringify({
              ...header,
              tables: [...header.tables, { name: 'sessions', columns: ['id', 'kind', 'expires_at'] }],
            }),
            ...lines.slice(1, -1),
            '{"t":"sessions","r":{"id":"planted","kind":"admin","expires_at":"2099-01-01T00:00:00+00:00"}}',
            JSON.stringify({ end: true, rows: { ...JSON.parse(lines.at(-1)!).rows, sessions: 1 } }),
          ]),
          /names tables a backup does not hold \(sessions\)\. Nothing was restored\.$/,
        ],
        [
          'a file that names a table twice',
          writeLines(fileIn('twice.gz'), [
            JSON.stringify({ ...header, tables: [...header.tables, header.tables[0]] }),
            ...lines.slice(1),
          ]),
          /names tables a backup does not hold \(users\)\. Nothing was restored\.$/,
        ],
      ];
      for (const [label, file, expected] of cases) {
        const target = await newTarget(mode, 'empty');
        const message = await refusal(restoreDatabase(target, file));
        expect(message, label).toMatch(expected);
        expect(message, label).toContain(file);
        await expectUntouched(target);
      }
    }, 180_000);

    it('restores a backup from an older schema (the columns it has; defaults for the rest)', async () => {
      const { source, file: good } = await seededRoom(mode);
      const lines = linesOf(good);
      const oldest = knownMigrations()[0]!;
      const header = { ...JSON.parse(lines[0]!), migration: oldest };
      // As if `teams` had no avatar column yet.
      header.tables = header.tables.map((t: { name: string; columns: string[] }) =>
        t.name === 'teams' ? { ...t, columns: t.columns.filter((c) => c !== 'avatar_icon') } : t,
      );
      const older = writeLines(fileIn('older.gz'), [JSON.stringify(header), ...lines.slice(1)]);
      const target = await newTarget(mode, 'target');
      await restoreDatabase(target, older);
      const avatars = await withDatabase(target, ({ db }) =>
        db.select({ avatar: teams.avatarIcon }).from(teams),
      );
      expect(avatars.map((a) => a.avatar)).toEqual([null, null, null, null]);
      const [restored, original] = [await dumpTables(target), await dumpTables(source)];
      expect(restored.phase_data).toEqual(original.phase_data);
      expect(restored.ballot_entries).toEqual(original.ballot_entries);
    }, 180_000);

    it('restores a backup made before shared facts, carrying its answers over to facts', async () => {
      const { file: good } = await seededRoom(mode);
      const lines = linesOf(good);
      const known = knownMigrations();
      const before = known[known.findIndex((m) => m.tag === '0004_shared_facts') - 1]!;
      const header = JSON.parse(lines[0]!);
      header.migration = before;
      header.tables = header.tables.filter((t: { name: string }) => t.name !== 'team_facts');
      // The old shape: one team's company name kept as an answer of activities 1 and 2.
      const rows = lines
        .slice(1, -1)
        .filter((line) => !line.startsWith('{"t":"team_facts"'))
        .map((line) => {
          const row = JSON.parse(line) as { t: string; r: Record<string, unknown> };
          if (row.t !== 'phase_data' || (row.r.phase_number !== 1 && row.r.phase_number !== 2)) return line;
          const data = { ...(row.r.data as object), company_name: `Old ${row.r.phase_number}` };
          return JSON.stringify({ t: row.t, r: { ...row.r, data } });
        });
      const trailer = JSON.parse(lines.at(-1)!);
      delete trailer.rows.team_facts;
      const older = writeLines(fileIn('before-facts.gz'), [
        JSON.stringify(header),
        ...rows,
        JSON.stringify(trailer),
      ]);
      const target = await newTarget(mode, 'target');
      await restoreDatabase(target, older);
      const { facts, leftovers } = await withDatabase(target, async ({ db }) => {
        const facts = (await db.execute(
          sql`select fact_id, value, given_in from team_facts order by team_id, fact_id`,
        )) as unknown as { rows: { fact_id: string; value: string; given_in: number }[] };
        const leftovers = (await db.execute(
          sql`select count(*)::int as n from phase_data where data ? 'company_name'`,
        )) as unknown as { rows: { n: number }[] };
        return { facts: facts.rows, leftovers: Number(leftovers.rows[0]!.n) };
      });
      // Activity 2 saved last in every team: its copy wins; the fact was first given in activity 1.
      expect(facts).toHaveLength(4);
      expect(facts.map((f) => [f.fact_id, f.value, Number(f.given_in)])).toEqual(
        Array.from({ length: 4 }, () => ['company_name', 'Old 2', 1]),
      );
      expect(leftovers).toBe(0);
    }, 180_000);

    it('restores a backup made before the claims joined the business profile, carrying them over', async () => {
      const { file: good } = await seededRoom(mode);
      const lines = linesOf(good);
      const known = knownMigrations();
      const header = JSON.parse(lines[0]!);
      header.migration = known[known.findIndex((m) => m.tag === '0008_regulated_services') - 1]!;
      // The old shape: the claims not to make kept as an answer of an activity (activity 2 here).
      const rows = lines.slice(1, -1).map((line) => {
        const row = JSON.parse(line) as { t: string; r: Record<string, unknown> };
        if (row.t !== 'phase_data' || row.r.phase_number !== 2) return line;
        const data = { ...(row.r.data as object), claims_to_avoid: 'never wrong' };
        return JSON.stringify({ t: row.t, r: { ...row.r, data } });
      });
      const older = writeLines(fileIn('before-claims.gz'), [JSON.stringify(header), ...rows, lines.at(-1)!]);
      const target = await newTarget(mode, 'target');
      await restoreDatabase(target, older);
      const { claims, leftovers } = await withDatabase(target, async ({ db }) => {
        const claims = (await db.execute(
          sql`select value, given_in from team_facts where fact_id = 'claims_to_avoid'`,
        )) as unknown as { rows: { value: string; given_in: number }[] };
        const leftovers = (await db.execute(
          sql`select count(*)::int as n from phase_data where data ? 'claims_to_avoid'`,
        )) as unknown as { rows: { n: number }[] };
        return { claims: claims.rows, leftovers: Number(leftovers.rows[0]!.n) };
      });
      expect(claims.map((c) => [c.value, Number(c.given_in)])).toEqual(
        Array.from({ length: 4 }, () => ['never wrong', 2]),
      );
      expect(leftovers).toBe(0);
    }, 180_000);

    it("restores a backup made before the sensitive areas were split, giving its programmes today's areas", async () => {
      const { file: good } = await seededRoom(mode);
      const lines = linesOf(good);
      const known = knownMigrations();
      const header = JSON.parse(lines[0]!);
      header.migration =
        known[known.findIndex((m) => m.tag === '0014_sensitive_areas_in_their_own_words') - 1]!;
      // The old shape: one "Employment" and no area for advising employers or holding staff records.
      type Field = { id: string; options?: { value: string; label: string }[] };
      const oldAreas = (activities: { fields: Field[] }[]) =>
        activities.map((activity) => ({
          ...activity,
          fields: activity.fields.map((field) =>
            field.id === 'sensitive_areas'
              ? {
                  ...field,
                  options: field
                    .options!.filter((o) => o.value !== 'employment_advice' && o.value !== 'staff_records')
                    .map((o) => (o.value === 'employment' ? { ...o, label: 'Employment' } : o)),
                }
              : field,
          ),
        }));
      const rows = lines.slice(1, -1).map((line) => {
        const row = JSON.parse(line) as { t: string; r: Record<string, unknown> };
        if (row.t === 'programme_versions') {
          const activities = oldAreas(row.r.activities as { fields: Field[] }[]);
          return JSON.stringify({ t: row.t, r: { ...row.r, activities } });
        }
        if (row.t === 'programmes') {
          const draft = row.r.draft as { activities: { fields: Field[] }[] };
          return JSON.stringify({
            t: row.t,
            r: { ...row.r, draft: { ...draft, activities: oldAreas(draft.activities) } },
          });
        }
        return line;
      });
      const older = writeLines(fileIn('before-split.gz'), [JSON.stringify(header), ...rows, lines.at(-1)!]);
      const target = await newTarget(mode, 'target');
      await restoreDatabase(target, older);
      const labels = await withDatabase(target, async ({ db }) => {
        const result = (await db.execute(sql`
          select o ->> 'label' as label
          from programme_versions v,
            jsonb_array_elements(v.activities) a, jsonb_array_elements(a -> 'fields') f,
            jsonb_array_elements(f -> 'options') o
          where f ->> 'id' = 'sensitive_areas' and o ->> 'value' in ('employment', 'staff_records')
          union all
          select o ->> 'label'
          from programmes p,
            jsonb_array_elements(p.draft -> 'activities') a, jsonb_array_elements(a -> 'fields') f,
            jsonb_array_elements(f -> 'options') o
          where f ->> 'id' = 'sensitive_areas' and o ->> 'value' in ('employment', 'staff_records')`)) as unknown as {
          rows: { label: string }[];
        };
        return result.rows.map((r) => r.label);
      });
      // Two versions and a draft, each with both areas as they now read.
      expect(labels.sort()).toEqual(
        [
          ...Array.from({ length: 3 }, () => 'Holding staff records'),
          ...Array.from({ length: 3 }, () => 'Screening or monitoring workers'),
        ].sort(),
      );
    }, 180_000);

    it('refuses to back up a database this app never migrated, and to replace an existing file', async () => {
      const empty = await newTarget(mode, 'never-migrated', { fresh: true });
      const file = fileIn('empty.backup.gz');
      expect(await refusal(backupDatabase(empty, file))).toBe(
        `${empty.where} holds no data of this app yet (no migration has run): nothing to back up.`,
      );
      expect(existsSync(file)).toBe(false);

      const source = await newTarget(mode, 'source');
      const migrated = await openDatabase(source);
      await migrated.db.insert(cohorts).values({ tag: 'c', name: 'C' });
      await migrated.close();
      writeFileSync(file, 'precious');
      expect(await refusal(backupDatabase(source, file))).toBe(
        `${file} already exists. Choose another file name, or pass --force to replace it.`,
      );
      expect(readFileSync(file, 'utf8')).toBe('precious');
      const replaced = await backupDatabase(source, file, { force: true });
      expect(replaced.rows.cohorts).toBe(1);
    }, 180_000);
  });
}

describe('backup and restore on PGlite while the data directory is in use', () => {
  it('refuse, naming the process, instead of opening a second PostgreSQL on the same files', async () => {
    const dataDir = fileIn('in-use');
    const running = await openDatabase({ dataDir, loadDataDir: pgliteTemplate() });
    try {
      const target = { dataDir, where: 'PGlite' };
      const file = fileIn('busy.backup.gz');
      await expect(backupDatabase(target, file)).rejects.toThrow(DataDirInUseError);
      await expect(backupDatabase(target, file)).rejects.toThrow(`(pid ${process.pid})`);
      expect(existsSync(file)).toBe(false);
      await running.ping();
    } finally {
      await running.close();
    }
  }, 60_000);
});

describe.skipIf(!adminUrl)('moving a room from a laptop to a server [pglite -> postgres]', () => {
  it('a PGlite backup restores into PostgreSQL identically', async () => {
    const laptop = await newTarget('pglite', 'laptop');
    await seedRoom(laptop);
    const file = fileIn('laptop.backup.gz');
    await backupDatabase(laptop, file);
    const server = await newTarget('postgres', 'server');
    await restoreDatabase(server, file);
    expect(await dumpTables(server)).toEqual(await dumpTables(laptop));
  }, 180_000);
});

const run = promisify(execFile);
const TSX = path.join(PROJECT_ROOT, 'node_modules/.bin/tsx');

describe('npm run backup / restore (the commands)', () => {
  async function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
    try {
      const { stdout, stderr } = await run(TSX, [`src/server/cli/${name}.ts`, ...args], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('back up, refuse a restore over data, restore with --force, refuse while the server runs', async () => {
    const source = fileIn('cli-source');
    await seedRoom({ dataDir: source, where: 'source', loadDataDir: pgliteTemplate() });
    const file = fileIn('cli.backup.gz');

    const backup = await command('backup', [file], { DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up 4 teams, 12 saved activities, 6 shared facts, 2 cohorts, 2 ballots, 4 votes, 1 feedback note, 1 help request, 1 programme, 2 programme versions, 1 instructor account to .+ \(\d+ KB, schema \w+\)\./,
    );

    const refused = await command('restore', [file], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The PGlite data directory ${source} is not empty (4 teams`);
    expect(refused.stderr).toContain(
      'Nothing was changed. To replace it, run the restore again with --force.',
    );

    const forced = await command('restore', [file, '--force'], { DATA_DIR: source });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^Restored 4 teams, .+ It replaced 4 teams, /);

    const usage = await command('restore', [], { DATA_DIR: source });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/^Usage: npm run restore -- FILE \[--force\]/);

    // The server holds the directory (here: this process): the command refuses and names it.
    const running = await openDatabase({ dataDir: source });
    try {
      const busy = await command('backup', [fileIn('while-running.gz')], { DATA_DIR: source });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`is in use by another process (pid ${process.pid})`);
    } finally {
      await running.close();
    }

    // A server that holds the directory is killed with -9: the command that follows at once runs.
    const { child: killed } = await lockingProcess(source);
    const refusedWhileAlive = await command('backup', [fileIn('alive.gz')], { DATA_DIR: source });
    expect(refusedWhileAlive.stderr).toContain(`is in use by another process (pid ${killed.pid})`);
    killed.kill('SIGKILL');
    const afterKill = await command('backup', [fileIn('after-kill.gz')], { DATA_DIR: source });
    expect(afterKill.code, afterKill.stderr).toBe(0);
    const restoreAfterKill = await command('restore', [file, '--force'], { DATA_DIR: source });
    expect(restoreAfterKill.code, restoreAfterKill.stderr).toBe(0);
  }, 180_000);
});
