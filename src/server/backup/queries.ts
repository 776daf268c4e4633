import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * The tables a backup holds, parents before children (the order a restore inserts them in), each read in
 * its primary-key order so two backups of the same data are the same file.
 */
export const BACKED_UP_TABLES = [
  { name: 'users', orderBy: 'id' },
  // Programmes before the cohorts that run them; a backup made before them has none (every cohort: standard).
  { name: 'programmes', orderBy: 'id', since: '0007_programmes' },
  { name: 'programme_versions', orderBy: 'programme_id, version', since: '0007_programmes' },
  { name: 'cohorts', orderBy: 'id' },
  { name: 'teams', orderBy: 'id' },
  { name: 'phase_data', orderBy: 'id' },
  // A backup made before this table existed has none: a restore then carries the facts over itself.
  { name: 'team_facts', orderBy: 'team_id, fact_id', since: '0004_shared_facts' },
  { name: 'ballots', orderBy: 'id' },
  { name: 'ballot_entries', orderBy: 'ballot_id, rank' },
  // Coaching: an instructor's notes on a team's work, and the team's requests for help.
  { name: 'feedback_notes', orderBy: 'id', since: '0005_coaching' },
  { name: 'help_requests', orderBy: 'id', since: '0005_coaching' },
  // Prompts run on the institute's model, with their answers (the key is in the environment only).
  { name: 'model_runs', orderBy: 'id', since: '0009_model_runs' },
] as const satisfies readonly { name: string; orderBy: string; since?: string }[];

/**
 * Tables left out on purpose: sessions (a restored room signs in again: a session restored onto another
 * server would be a credential that outlived its purpose), the brute-force counters (a minute's worth) and
 * the pages and instructors' streams open right now (presence, admin_listeners: they open again on their
 * own).
 */
export const SKIPPED_TABLES = ['sessions', 'rate_limits', 'presence', 'admin_listeners'] as const;

export type BackedUpTable = (typeof BACKED_UP_TABLES)[number]['name'];

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; the handle's shared type does not say so.
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The newest migration applied to the database (drizzle's `when`), or undefined when none ever ran. */
export async function appliedMigration(db: Database): Promise<number | undefined> {
  const [exists] = await rowsOf<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!exists?.found) return undefined;
  const [row] = await rowsOf<{ created_at: string | number | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  return row?.created_at == null ? undefined : Number(row.created_at);
}

/** The tables of the public schema. */
export async function listTables(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** A table's columns in their declared order. */
export async function tableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await rowsOf<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return rows.map((row) => row.column_name);
}

/** Row counts of the backed-up tables that exist (a database never migrated has none). */
export async function countRows(db: Database): Promise<Partial<Record<BackedUpTable, number>>> {
  const present = new Set(await listTables(db));
  const counts: Partial<Record<BackedUpTable, number>> = {};
  for (const { name } of BACKED_UP_TABLES) {
    if (!present.has(name)) continue;
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Every row of `table` as JSON text (`row_to_json`: timestamps with their microseconds and offset, jsonb as
 * JSON), `batchSize` at a time through a cursor, so memory stays flat whatever the table's size. Must run
 * inside a transaction (the cursor lives in it).
 */
export async function* readRowsAsJson(
  tx: Database,
  table: (typeof BACKED_UP_TABLES)[number],
  batchSize = 500,
): AsyncGenerator<string> {
  const cursor = sql.identifier(`backup_${table.name}`);
  await tx.execute(
    sql`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j
        from ${sql.identifier(table.name)} t order by ${sql.raw(table.orderBy)}`,
  );
  for (;;) {
    const rows = await rowsOf<{ j: string }>(
      tx,
      sql`fetch forward ${sql.raw(String(batchSize))} from ${cursor}`,
    );
    for (const row of rows) yield row.j;
    if (rows.length < batchSize) break;
  }
  await tx.execute(sql`close ${cursor}`);
}

/** Empties every table a restore writes, sessions and counters included. */
export async function emptyTables(tx: Database): Promise<void> {
  const names = [...BACKED_UP_TABLES.map((t) => t.name), ...SKIPPED_TABLES].map((name) =>
    sql.identifier(name),
  );
  await tx.execute(sql`truncate table ${sql.join(names, sql`, `)}`);
}

/**
 * Inserts rows given as JSON objects, typed by the table itself (`json_populate_recordset`), so every value
 * comes back as it was stored. Only `columns` are written; any other column takes its default.
 */
export async function insertJsonRows(
  tx: Database,
  table: string,
  columns: readonly string[],
  rowsJson: string,
): Promise<void> {
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${list})
        select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${rowsJson}::json)`,
  );
}
