import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinCodeOf } from '../../shared/schemas/cohort.ts';
import { DATABASE_MODES, type DatabaseMode, openTestDatabase } from '../../../testing/api/test-app.ts';
import { migrateFromFolder } from '../../../testing/api/migrations.ts';
import { type DatabaseHandle, MIGRATIONS_FOLDER, migrateDatabase } from './client.ts';

const PACING_MIGRATION = '0006_pacing_and_joining';

/** The committed migrations before the pacing one, in a folder of their own. */
function migrationsBeforePacing(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-before-pacing-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === PACING_MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** The test database, emptied and migrated to the migration before pacing. */
async function openAtPreviousMigration(mode: DatabaseMode) {
  const opened = await openTestDatabase(mode);
  const { database } = opened;
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  const folder = migrationsBeforePacing();
  await migrateFromFolder(database, folder);
  return opened;
}

async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

for (const mode of DATABASE_MODES) {
  describe(`pacing and joining migration [${mode}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;

    beforeAll(async () => {
      opened = await openAtPreviousMigration(mode);
      const { database } = opened;
      for (let i = 0; i < 40; i++) {
        await database.db.execute(
          sql`insert into cohorts (tag, name) values (${`cohort-${i}`}, ${`Cohort ${i}`})`,
        );
      }
      await migrateDatabase(database);
    }, 60_000);
    afterAll(async () => {
      await opened?.drop();
    });

    it('gives every existing cohort a join code of its own, joining open and no pace', async () => {
      const found = await rows<{
        join_code: string;
        joining_open: boolean;
        pace_message: string | null;
        pace_phase: number | null;
        pace_ends_at: unknown;
      }>(
        opened.database,
        sql`select join_code, joining_open, pace_message, pace_phase, pace_ends_at from cohorts`,
      );
      expect(found).toHaveLength(40);
      for (const row of found) {
        expect(joinCodeOf(row.join_code)).toBe(row.join_code);
        expect(row).toMatchObject({
          joining_open: true,
          pace_message: null,
          pace_phase: null,
          pace_ends_at: null,
        });
      }
      expect(new Set(found.map((row) => row.join_code)).size).toBe(40);
    });

    it('draws a code for a new cohort, and refuses a pace outside activities 1 to 8', async () => {
      await opened.database.db.execute(sql`insert into cohorts (tag, name) values ('fresh', 'Fresh')`);
      const [fresh] = await rows<{ join_code: string }>(
        opened.database,
        sql`select join_code from cohorts where tag = 'fresh'`,
      );
      expect(joinCodeOf(fresh!.join_code)).toBe(fresh!.join_code);
      await expect(
        opened.database.db.execute(sql`update cohorts set pace_phase = 9 where tag = 'fresh'`),
      ).rejects.toThrow();
    });
  });
}
