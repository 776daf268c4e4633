import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import {
  appliedMigration,
  BACKED_UP_TABLES,
  type BackedUpTable,
  countRows,
  emptyTables,
  insertJsonRows,
  readRowsAsJson,
  tableColumns,
} from './queries.ts';
import {
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openDatabase,
} from '../db/client.ts';
import * as schema from '../db/schema.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupHeader,
  BackupRefusal,
  headerLine,
  inspectBackup,
  readBackup,
  rowLine,
  trailerLine,
} from './backup-file.ts';

/**
 * `npm run backup` and `npm run restore`: a logical backup of the app's tables, the same file whichever
 * database mode wrote it and whichever reads it (docs/decisions/012-backups.md).
 */

type Migration = { tag: string; when: number };

/** The migrations this version of the app knows, oldest first (drizzle's journal). */
export function knownMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: Migration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The columns this version's schema gives each backed-up table. */
function schemaColumns(): Record<string, string[]> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  return Object.fromEntries(
    tables.map((table) => {
      const config = getTableConfig(table);
      return [config.name, config.columns.map((column) => column.name)];
    }),
  );
}

const TABLE_WORDS: Record<BackedUpTable, [string, string]> = {
  users: ['instructor account', 'instructor accounts'],
  cohorts: ['cohort', 'cohorts'],
  teams: ['team', 'teams'],
  phase_data: ['saved activity', 'saved activities'],
  team_facts: ['shared fact', 'shared facts'],
  ballots: ['ballot', 'ballots'],
  ballot_entries: ['vote', 'votes'],
  feedback_notes: ['feedback note', 'feedback notes'],
  help_requests: ['help request', 'help requests'],
  model_runs: ['model run', 'model runs'],
  programmes: ['programme', 'programmes'],
  programme_versions: ['programme version', 'programme versions'],
};

/** "3 teams, 1 cohort, ..." in the order a reader cares about. */
export function describeCounts(rows: Partial<Record<string, number>>): string {
  const order: BackedUpTable[] = [
    'teams',
    'phase_data',
    'team_facts',
    'cohorts',
    'ballots',
    'ballot_entries',
    'feedback_notes',
    'help_requests',
    'programmes',
    'programme_versions',
    'users',
  ];
  return order
    .map((table) => {
      const n = rows[table] ?? 0;
      return `${n} ${TABLE_WORDS[table][n === 1 ? 0 : 1]}`;
    })
    .join(', ');
}

function migrationNamed(when: number, known: Migration[]): Migration | undefined {
  return known.find((m) => m.when === when);
}

/** The database's schema version, refusing one this version of the app does not know. */
async function databaseMigration(
  db: Database,
  where: string,
  known: Migration[],
): Promise<Migration | undefined> {
  const applied = await appliedMigration(db);
  if (applied === undefined) return undefined;
  const latest = known.at(-1)!;
  if (applied > latest.when) {
    throw new BackupRefusal(
      `${where} was migrated by a newer version of the app than this one (which knows migrations up to ` +
        `${latest.tag}). Use that version, or upgrade this one.`,
    );
  }
  const migration = migrationNamed(applied, known);
  if (!migration) {
    throw new BackupRefusal(`${where} has a migration this version of the app does not know (${applied}).`);
  }
  return migration;
}

export type BackupTarget = DatabaseOptions & {
  /** How to name the database in messages: "PostgreSQL database lab on db:5432", "PGlite data directory …". */
  where: string;
};

type BackupResult = {
  file: string;
  migration: Migration;
  rows: Record<string, number>;
  bytes: number;
};

/**
 * Writes a backup of the database to `file`: one read-only transaction (a consistent snapshot, so on
 * PostgreSQL it runs while the app serves), written beside the file and renamed into place at the end.
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupResult> {
  if (existsSync(file) && !options.force) {
    throw new BackupRefusal(
      `${file} already exists. Choose another file name, or pass --force to replace it.`,
    );
  }
  const known = knownMigrations();
  const database = await openDatabase({ ...target, migrate: false });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const migration = await databaseMigration(database.db, target.where, known);
    if (!migration) {
      throw new BackupRefusal(
        `${target.where} holds no data of this app yet (no migration has run): nothing to back up.`,
      );
    }
    const rows: Record<string, number> = {};
    await database.db.transaction(
      async (tx) => {
        const tables: BackupHeader['tables'] = [];
        for (const table of BACKED_UP_TABLES) {
          tables.push({ name: table.name, columns: await tableColumns(tx, table.name) });
        }
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          source: database.kind,
          migration,
          tables,
        };
        async function* lines(): AsyncGenerator<string> {
          yield `${headerLine(header)}\n`;
          for (const table of BACKED_UP_TABLES) {
            rows[table.name] = 0;
            for await (const rowJson of readRowsAsJson(tx, table)) {
              rows[table.name]!++;
              yield `${rowLine(table.name, rowJson)}\n`;
            }
          }
          yield `${trailerLine(rows)}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    renameSync(partial, file);
    return { file, migration, rows, bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
    await database.close();
  }
}

type RestoreResult = {
  file: string;
  header: BackupHeader;
  rows: Record<string, number>;
  /** The rows the database held before, when --force replaced them. */
  replaced: Partial<Record<string, number>> | undefined;
};

/** Rows per insert; a saved activity may hold 64 KiB, so a batch is also cut by size. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Restores `file` into the database. Everything that can be refused is checked before the database is
 * changed: the file is read through once (a foreign, damaged or newer file is refused), then the database
 * must be empty unless `force`. The rows go in inside one transaction (with --force, after emptying the
 * tables), so a failure half-way leaves the database as it was.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const { header } = await inspectBackup(file);
  const known = knownMigrations();
  const latest = known.at(-1)!;
  if (header.migration.when > latest.when) {
    throw new BackupRefusal(
      `${file} was made by a newer version of the app (its schema is at migration ${header.migration.tag}; ` +
        `this version knows migrations up to ${latest.tag}). Upgrade the app, then restore. Nothing was restored.`,
    );
  }
  if (!migrationNamed(header.migration.when, known)) {
    throw new BackupRefusal(
      `${file} was made with a migration this version of the app does not know (${header.migration.tag}). ` +
        'Nothing was restored.',
    );
  }
  // A backup holds the backed-up tables and nothing else: a file that names another (sessions, say, which
  // would plant a working sign-in) or one of them twice is not one this app wrote.
  const backedUp = new Set<string>(BACKED_UP_TABLES.map((table) => table.name));
  const named = header.tables.map((table) => table.name);
  const foreign = named.filter((name, i) => !backedUp.has(name) || named.indexOf(name) !== i);
  if (foreign.length > 0) {
    throw new BackupRefusal(
      `${file} names tables a backup does not hold (${[...new Set(foreign)].join(', ')}). Nothing was restored.`,
    );
  }
  // A backup from an older schema restores into this one: its columns must all still exist (the ones it
  // lacks take their defaults).
  const columns = schemaColumns();
  for (const table of BACKED_UP_TABLES) {
    const inFile = header.tables.find((t) => t.name === table.name);
    if (!inFile && madeBefore(header.migration, 'since' in table ? table.since : undefined, known)) continue;
    if (!inFile) {
      throw new BackupRefusal(`${file} has no ${table.name} table. Nothing was restored.`);
    }
    const unknown = inFile.columns.filter((column) => !columns[table.name]?.includes(column));
    if (unknown.length > 0) {
      throw new BackupRefusal(
        `${file} has columns this version's ${table.name} table does not (${unknown.join(', ')}). Nothing was restored.`,
      );
    }
  }

  const database = await openDatabase({ ...target, migrate: false });
  try {
    await databaseMigration(database.db, target.where, known);
    const before = await countRows(database.db);
    const nonEmpty = Object.values(before).some((n) => (n ?? 0) > 0);
    if (nonEmpty && !options.force) {
      throw new BackupRefusal(
        `${target.where} is not empty (${describeCounts(before)}). Restoring would replace all of it. ` +
          'Nothing was changed. To replace it, run the restore again with --force.',
      );
    }
    await migrateDatabase(database);
    await loadRows(database, file, header, async (tx) => {
      // Rows saved before a data migration are carried over as that migration did, oldest first: answers
      // saved before shared facts hold their own copies, and answers and programmes saved before the
      // regulated services hold the claims in Activity 3 and the old sensitive areas, and programmes saved before
      // the areas were split hold a single "Employment".
      for (const migration of DATA_MIGRATIONS) {
        if (madeBefore(header.migration, migration.tag, known)) await carryOver(tx, migration);
      }
    });
    const after = await countRows(database.db);
    return { file, header, rows: after as Record<string, number>, replaced: nonEmpty ? before : undefined };
  } finally {
    await database.close();
  }
}

/** The backup's schema predates the migration `tag` (undefined: it does not). */
function madeBefore(migration: Migration, tag: string | undefined, known: Migration[]): boolean {
  if (!tag) return false;
  const added = known.find((m) => m.tag === tag);
  return added !== undefined && migration.when < added.when;
}

/**
 * The migrations that change rows, not only the schema, with the statements that do: for a backup made
 * before one, they run again on the restored rows, so the restored data looks as if it had been migrated.
 * The shared facts (0004) create their table too: only its statements that read `phase_data` run again.
 */
const DATA_MIGRATIONS: readonly { tag: string; changesRows: (statement: string) => boolean }[] = [
  { tag: '0004_shared_facts', changesRows: (statement) => statement.includes('"phase_data"') },
  { tag: '0008_regulated_services', changesRows: () => true },
  { tag: '0014_sensitive_areas_in_their_own_words', changesRows: () => true },
];

async function carryOver(tx: Database, migration: (typeof DATA_MIGRATIONS)[number]): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${migration.tag}.sql`), 'utf8');
  const statements = text.split('--> statement-breakpoint').filter(migration.changesRows);
  for (const statement of statements) await tx.execute(sql.raw(statement));
}

async function loadRows(
  database: DatabaseHandle,
  file: string,
  header: BackupHeader,
  after: (tx: Database) => Promise<void>,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    await emptyTables(tx);
    let table: string | undefined;
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const columns = header.tables.find((t) => t.name === table)!.columns;
      await insertJsonRows(tx, table, columns, `[${batch.join(',')}]`);
      batch = [];
      bytes = 0;
    };
    for await (const item of readBackup(file)) {
      if ('format' in item) continue;
      if (item.table !== table) {
        await flush();
        table = item.table;
      }
      batch.push(item.rowJson);
      bytes += item.rowJson.length;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
    }
    await flush();
    await after(tx);
  });
}

/** The configured database, named for messages without its credentials. */
export function backupTargetFrom(config: { databaseUrl: string | undefined; dataDir: string }): BackupTarget {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      url: config.databaseUrl,
      where: `The PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host}`,
      poolSize: 2,
    };
  }
  return { dataDir: config.dataDir, where: `The PGlite data directory ${config.dataDir}` };
}

/** `npm run backup|restore -- FILE [--force]`: the file and the flag, or a usage message. */
export function parseBackupArguments(
  command: 'backup' | 'restore',
  args: string[],
): { file: string; force: boolean } {
  const usage =
    command === 'backup'
      ? 'Usage: npm run backup -- FILE [--force]   (writes a backup of the configured database to FILE; ' +
        '--force replaces an existing FILE)'
      : 'Usage: npm run restore -- FILE [--force]   (restores FILE into the configured database; --force ' +
        'replaces what the database holds)';
  const flags = args.filter((arg) => arg.startsWith('-'));
  const files = args.filter((arg) => !arg.startsWith('-'));
  const unknown = flags.filter((flag) => flag !== '--force');
  if (flags.includes('--help') || flags.includes('-h')) throw new BackupRefusal(usage);
  if (unknown.length > 0) throw new BackupRefusal(`Unknown option ${unknown.join(', ')}.\n${usage}`);
  if (files.length !== 1) throw new BackupRefusal(usage);
  return { file: path.resolve(files[0]!), force: flags.includes('--force') };
}
