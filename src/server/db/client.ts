import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PROJECT_ROOT } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A real round trip; health checks use it. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool when on PostgreSQL (LISTEN/NOTIFY needs a dedicated client). */
  pgPool?: import('pg').Pool;
  /**
   * Runs a fixed statement with `$n` parameters. On PostgreSQL it is prepared once per connection under its
   * name, so a hot call sends no SQL text and PostgreSQL parses and plans it once (autosave uses it).
   */
  run<Row>(statement: PreparedStatement, values: unknown[]): Promise<Row[]>;
};

/**
 * A statement whose text never changes; the name (an SQL identifier) names its prepared form on each
 * connection. Its parameters are cast in the text (`$1::int`), which is where their types come from.
 */
export type PreparedStatement = { name: string; text: string };

/**
 * A value as an SQL literal, for EXECUTE: text in single quotes with each quote doubled (the only special
 * character in a standard string; PostgreSQL has standard_conforming_strings on), numbers and booleans as
 * written, null as NULL. Text with a NUL never gets here: the security plugin refuses it at the door.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw new Error(`no SQL literal for a ${typeof value}`);
  if (value.includes('\u0000')) throw new Error('text with NUL');
  return `'${value.replaceAll("'", "''")}'`;
}

/** The health check's own, shorter query timeout on PostgreSQL. */
const PING_TIMEOUT_MS = 2000;

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

export type DatabaseOptions = {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  url?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** Apply the committed migrations (default). A backup reads the database as it is. */
  migrate?: boolean;
  /** PGlite: told when the data directory's lock must wait for a process that is exiting (to stderr). */
  onLockWait?: (message: string) => void;
  /**
   * PGlite, in memory or in a directory not made yet: start from this archive of a data directory (PGlite's
   * `dumpDataDir`) instead of an empty one (a directory that holds a database already opens as it is). The test suites start each database from one archive, made and migrated once per run:
   * creating an empty one costs seconds of CPU, loading an archive a third of that.
   */
  loadDataDir?: Blob;
};

/**
 * Opens the database in one of its two modes and applies the committed migrations. Everything above this
 * function sees the same Drizzle API whichever mode it is in.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options.url, options.poolSize) : await openPglite(options);
  if (options.migrate === false) return handle;
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    // A database that stops answering (network partition, frozen host) must not hold
    // requests, and the whole pool, until TCP gives up minutes later. A query that gets no answer in 10 s fails
    // ("Query read timeout", a 503); the pool then drops that connection and opens a new one. Every real query
    // here takes milliseconds (docs/PERFORMANCE.md), so 10 s only ever fires on a dead connection.
    query_timeout: 10_000,
    keepAlive: true,
  });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pgPool: pool,
    ping: async () => {
      // Health answers 503 within seconds when the database hangs (see query_timeout above).
      // node-postgres reads query_timeout per query too, though its QueryConfig type omits it.
      await pool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as import('pg').QueryConfig);
    },
    run: async <Row>(statement: PreparedStatement, values: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values })).rows as Row[],
    close: () => pool.end(),
  };
}

/**
 * PGlite's settings beyond its defaults (`defaultStartParams` are kept: durability relies on them, see
 * docs/decisions/007-durability.md). PostgreSQL's default 128 MB buffer cache lives inside the WebAssembly
 * heap, i.e. in the server's memory; a classroom's data fits many times over in 32 MB, and a page that does
 * not is read from the operating system's file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = options.dataDir ?? 'memory://';
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    // One process per data directory: a second server, a backup or an admin:create would corrupt it.
    unlock = await lockDataDir(dataDir, {
      onWait: options.onLockWait ?? ((message) => console.warn(message)),
    });
  }
  let client: PGlite;
  try {
    const fresh = dataDir.startsWith('memory://') || !existsSync(path.join(dataDir, 'PG_VERSION'));
    if (fresh && options.loadDataDir) {
      // A new database from an archive of another (a directory is written out from it).
      client = dataDir.startsWith('memory://')
        ? await PGlite.create({ loadDataDir: options.loadDataDir, startParams: PGLITE_START_PARAMS })
        : await PGlite.create(dataDir, {
            loadDataDir: options.loadDataDir,
            startParams: PGLITE_START_PARAMS,
          });
    } else {
      if (fresh && !dataDir.startsWith('memory://')) initialisePgliteDataDir(dataDir);
      client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
    }
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Database;
  const prepared = new Set<string>();
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    run: async <Row>(statement: PreparedStatement, values: unknown[]) => {
      // PGlite parses and plans inside this process (WebAssembly): for a large statement that is most of
      // its cost, every call. Prepared once under its name and then EXECUTEd, the autosave costs a third.
      // EXECUTE takes no bound parameters, so the values travel as SQL literals (sqlLiteral).
      if (!prepared.has(statement.name)) {
        await client.exec(`prepare ${statement.name} as ${statement.text}`);
        prepared.add(statement.name);
      }
      return (await client.query<Row>(`execute ${statement.name}(${values.map(sqlLiteral).join(', ')})`))
        .rows;
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Creates a new PGlite data directory (initdb) in a short-lived child process. In process, initdb runs in
 * two throwaway WebAssembly instances whose 500-odd MB stay in the server's memory until a full garbage
 * collection, which an idle or lightly loaded server may not run for hours.
 */
function initialisePgliteDataDir(dataDir: string): void {
  const script = `require('@electric-sql/pglite').PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close())`;
  // From the project folder, so `require` finds the same PGlite as this process.
  execFileSync(process.execPath, ['--eval', script], { cwd: PROJECT_ROOT, stdio: 'inherit' });
}

/**
 * Any fixed number, the same in every instance: the session-level advisory lock that lets one instance at a
 * time migrate a PostgreSQL database.
 */
const MIGRATION_LOCK_KEY = 7_415_020_611;
const MIGRATION_LOCK_WAIT_MS = 5 * 60_000;

/** Applies the committed migrations that the database lacks. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // Drizzle's migrator takes no lock: instances starting together on one database (a deployment, an
    // upgrade) each found the same migrations missing and ran them at once, and all but one failed with a
    // duplicate-key error in the catalogue. The lock queues them; the next one finds nothing left to do.
    const lockClient = await handle.pgPool!.connect();
    try {
      // Waits while another instance migrates, longer than the pool's 10 s query timeout allows.
      await lockClient.query({
        text: 'select pg_advisory_lock($1)',
        values: [MIGRATION_LOCK_KEY],
        query_timeout: MIGRATION_LOCK_WAIT_MS,
      } as import('pg').QueryConfig);
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
      await run(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      // Closing the connection releases its session lock whatever state it is in.
      lockClient.release(true);
    }
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
    await run(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
