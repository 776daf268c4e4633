import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, afterEach, describe } from 'vitest';
import { pgliteTemplate } from './template.ts';
import { type BuildAppOptions, buildApp } from '../../src/server/app.ts';
import { ProgrammeChecker } from '../../src/server/programmes/checks-pool.ts';
import { PROJECT_ROOT } from '../../src/server/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { createSession } from '../../src/server/auth/queries.ts';
import { hashPassword, setPasswordCostForTests } from '../../src/server/lib/password.ts';
import { COOKIE_NAMES } from '../../src/server/plugins/sessions.ts';
import path from 'node:path';

export type DatabaseMode = 'pglite' | 'postgres';

/**
 * The password hash's cost in the API suites: scrypt at N=2^10 instead of 2^17 (128 times cheaper). They sign
 * in and probe the login route thousands of times; the full cost is password.test.ts's to test.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };
setPasswordCostForTests(TEST_PASSWORD_COST);

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASE_MODES: DatabaseMode[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export type ApiContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  mode: DatabaseMode;
};

export { pgliteTemplate };

/** A database of its own for one test file: in-memory PGlite, or a fresh PostgreSQL database. */
export async function openTestDatabase(
  mode: DatabaseMode,
): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (mode === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const { default: pg } = await import('pg');
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `genai_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    database,
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A second pool on the same PostgreSQL database: what a second app instance would open (the shared
 * limits are tested with two apps, each on its own pool).
 */
export async function secondPoolOn(database: DatabaseHandle): Promise<DatabaseHandle> {
  const result = (await database.db.execute(sql`select current_database() as db`)) as unknown as {
    rows: { db: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.db}`;
  return openDatabase({ url: url.toString(), poolSize: 20 });
}

/** The same database, except that every insert fails with `makeError()` (a driver or query failure). */
export function withFailingInsert(database: DatabaseHandle, makeError: () => Error): DatabaseHandle {
  return {
    ...database,
    db: new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === 'insert')
          return () => {
            throw makeError();
          };
        return Reflect.get(target, prop, receiver);
      },
    }),
  };
}

/** Each database's reset statement, made once from its catalogue (resetDatabase). */
const resetStatements = new WeakMap<DatabaseHandle, Promise<string>>();

/**
 * One statement that deletes every row of every table of the app's schema, children before the tables they
 * reference: read from the catalogue, so a table a migration adds is emptied too without a list to keep.
 */
async function resetStatement(database: DatabaseHandle): Promise<string> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rows<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
  ).map((t) => t.name);
  const references = rows<{ child: string; parent: string }>(
    await database.db.execute(sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`),
  );
  const order = topologicalChildrenFirst(tables, references);
  return `do $$ begin ${order.map((t) => `delete from "${t}";`).join(' ')} end $$`;
}

/** The tables ordered so that a table referencing another comes before it (deletes never break a key). */
function topologicalChildrenFirst(tables: string[], references: { child: string; parent: string }[]) {
  const order: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { child, parent } of references) if (parent === table) place(child, path);
    path.delete(table);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) place(table, new Set());
  return order;
}

/**
 * Empties every table between tests. Deletes, not TRUNCATE: a truncate makes new files for every table and
 * waits for them on disk (over half a second a test on PostgreSQL beside busy processes), where a delete of
 * a test's few rows costs milliseconds. No table has a sequence to restart (ids are UUIDs and keys).
 */
export async function resetDatabase(database: DatabaseHandle): Promise<void> {
  let statement = resetStatements.get(database);
  if (!statement) {
    statement = resetStatement(database);
    resetStatements.set(database, statement);
  }
  await database.db.execute(sql.raw(await statement));
}

/** A clock that stands still until the test moves it. */
export type TestClock = { now(): number; advance(ms: number): void };

export function stillClock(start = Date.now()): TestClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}

/** The public origin the test apps are configured with: `Origin` and `Host` of a page of the app. */
export const TEST_PUBLIC_ORIGIN = 'http://lab.example:3000';

/**
 * The app on a test database. The code look-up limit reads a clock that stands still unless `options.clock`
 * is given: its bucket refills one try every few seconds, and a slow machine must not change what passes.
 */
export async function buildTestApp(
  database: DatabaseHandle,
  overrides: Partial<BuildAppOptions['config']> = {},
  options: Pick<BuildAppOptions, 'liveEvents' | 'streamLimits' | 'clock' | 'programmeChecks'> = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: {
      logLevel: 'silent',
      trustProxy: false,
      webRoot: undefined,
      contentDir: path.join(PROJECT_ROOT, 'content'),
      requestsPerMinute: 100_000,
      // The address the suites' pages are served at (PUBLIC_ORIGIN): the only origin a mutation may come from.
      publicOrigins: [TEST_PUBLIC_ORIGIN],
      ...overrides,
    },
    database,
    closeDatabase: false,
    logger: false,
    ...options,
    clock: options.clock ?? stillClock().now,
    programmeChecks: options.programmeChecks ?? sharedProgrammeChecker(),
  });
}

let programmeChecker: ProgrammeChecker | undefined;

/**
 * One programme checker for every app of a test file (each test builds its own app): a worker thread
 * started from the sources compiles the checks first, seconds on a busy machine, once per file instead of
 * once per test. Its idle threads end by themselves; the file's process ends it.
 */
function sharedProgrammeChecker(): ProgrammeChecker {
  programmeChecker ??= new ProgrammeChecker();
  return programmeChecker;
}

/**
 * Runs a suite once per database mode, with a database per file, a fresh app (and fresh rate limiters)
 * and empty tables for every test.
 */
export function describeApi(
  name: string,
  suite: (ctx: ApiContext) => void,
  options: {
    /** The app's configuration beyond the defaults, read as each test's app is built (after `beforeAll`s). */
    config?: () => Partial<BuildAppOptions['config']>;
  } = {},
): void {
  for (const mode of DATABASE_MODES) {
    describe(`${name} [${mode}]`, () => {
      const ctx = { mode } as ApiContext;
      let drop: () => Promise<void>;
      beforeAll(async () => {
        const opened = await openTestDatabase(mode);
        ctx.database = opened.database;
        drop = opened.drop;
      });
      afterAll(async () => {
        await drop?.();
      });
      beforeEach(async () => {
        await resetDatabase(ctx.database);
        ctx.app = await buildTestApp(ctx.database, options.config?.());
      });
      afterEach(async () => {
        await ctx.app?.close();
      });
      suite(ctx);
    });
  }
}

/** The `cookie` request header that carries the cookies a response set. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

export async function createTeamSession(app: FastifyInstance, name = 'Team Rocket') {
  const response = await app.inject({ method: 'POST', url: '/api/teams', payload: { name } });
  if (response.statusCode !== 201)
    throw new Error(`createTeam failed: ${response.statusCode} ${response.body}`);
  return {
    team: response.json() as import('../../src/shared/schemas/team.ts').Team,
    cookie: cookiesFrom(response),
  };
}

/** A team with its session, as `createTeamSession` makes it. */
export type Member = Awaited<ReturnType<typeof createTeamSession>>;

/** Logs a team in with its access token, as a second device (or a secure link) does. */
export function loginTeam(app: FastifyInstance, accessToken: string) {
  return app.inject({ method: 'POST', url: '/api/auth/team/login', payload: { access_token: accessToken } });
}

/** Another device of a team: its own session, made with the team's access token; its cookie. */
export async function joinTeam(app: FastifyInstance, team: { accessToken: string }): Promise<string> {
  const response = await loginTeam(app, team.accessToken);
  if (response.statusCode !== 200) throw new Error(`the team's login answered ${response.statusCode}`);
  return cookiesFrom(response);
}

/** A team's first save of answers to an activity (no versions sent: it changes every field it names). */
export function saveAnswers(app: FastifyInstance, member: Member, phaseNumber: number, data: object) {
  return app.inject({
    method: 'POST',
    url: '/api/phase-data',
    headers: { cookie: member.cookie },
    payload: { teamId: member.team.id, phaseNumber, data },
  });
}

/** Changes one of a team's settings, as the team or an admin (whoever `cookie` is). */
function patchTeam(app: FastifyInstance, cookie: string, teamId: string, setting: string, payload: object) {
  return app.inject({
    method: 'PATCH',
    url: `/api/teams/${teamId}/${setting}`,
    headers: { cookie },
    payload,
  });
}

export const setWebsite = (app: FastifyInstance, cookie: string, teamId: string, websiteUrl: string) =>
  patchTeam(app, cookie, teamId, 'website', { websiteUrl });

export const setAvatar = (app: FastifyInstance, cookie: string, teamId: string, avatarIcon: string) =>
  patchTeam(app, cookie, teamId, 'avatar', { avatarIcon });

/** One hash per password per file. */
const adminHashes = new Map<string, Promise<string>>();

/**
 * An admin and a session for it, made directly in the database (the login route's own tests log in through
 * the API; everything else only needs the cookie).
 */
export async function createAdminSession(
  app: FastifyInstance,
  username = 'instructor',
  password = 'correct horse',
) {
  let passwordHash = adminHashes.get(password);
  if (!passwordHash) {
    passwordHash = hashPassword(password);
    adminHashes.set(password, passwordHash);
  }
  const [user] = await app.db
    .insert(users)
    .values({ username, passwordHash: await passwordHash })
    .onConflictDoUpdate({ target: users.username, set: { passwordHash: await passwordHash } })
    .returning();
  const { token } = await createSession(app.db, 'admin', { userId: user!.id });
  return { cookie: `${COOKIE_NAMES.admin}=${token}` };
}
