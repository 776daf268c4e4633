import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '../../src/server/db/client.ts';
import { type DatabaseMode, openTestDatabase } from './test-app.ts';

/**
 * Migrates the database with the migrations of `folder` (a copy of drizzle/ cut short by a migration
 * test), with the driver's own migrator, then removes the folder.
 */
export async function migrateFromFolder(database: DatabaseHandle, folder: string): Promise<void> {
  try {
    if (database.kind === 'postgres') {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
      await migrate(database.db as any, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
      await migrate(database.db as any, { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The committed migrations up to `until` (that one left out, or kept with `change` applied to its text), in a
 * folder of their own for migrateFromFolder. Throws when `until` is not a committed migration after the first.
 */
export function migrationsUpTo(until: string, change?: (text: string) => string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-up-to-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === until);
  if (at < 1) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`${until} is not a committed migration after the first`);
  }
  journal.entries = journal.entries.slice(0, change ? at + 1 : at);
  writeFileSync(journalFile, JSON.stringify(journal));
  if (change) {
    const file = path.join(folder, `${until}.sql`);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  }
  return folder;
}

/** Empties a test database: no tables, no record of migrations. */
export async function emptyDatabase(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}

/** A test database, emptied and migrated to the migration before `migration`. */
export async function openBeforeMigration(mode: DatabaseMode, migration: string) {
  const opened = await openTestDatabase(mode);
  await emptyDatabase(opened.database);
  await migrateFromFolder(opened.database, migrationsUpTo(migration));
  return opened;
}

/** The rows a query returns, on either driver. */
export async function rows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
