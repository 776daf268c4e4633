import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinCodeOf, ROOM_CODE_LENGTH } from '../../shared/schemas/cohort.ts';
import { DATABASE_MODES, openTestDatabase } from '../../../testing/api/test-app.ts';
import { type DatabaseHandle, MIGRATIONS_FOLDER, migrateDatabase } from './client.ts';

const ROOM_CODE_MIGRATION = '0011_room_codes';

/**
 * The committed migrations up to `until` (that one left out, or kept with `change` applied to its text), in a
 * folder of their own.
 */
function migrationsFolder(until: string, change?: (text: string) => string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-room-code-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === until);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, change ? at + 1 : at);
  writeFileSync(journalFile, JSON.stringify(journal));
  if (change) {
    const file = path.join(folder, `${until}.sql`);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  }
  return folder;
}

async function migrateWith(database: DatabaseHandle, folder: string) {
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

async function emptied(database: DatabaseHandle) {
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}

async function roomCodes(database: DatabaseHandle): Promise<string[]> {
  const result = (await database.db.execute(sql`select room_code from cohorts`)) as unknown as {
    rows: { room_code: string }[];
  };
  return result.rows.map((row) => row.room_code);
}

for (const mode of DATABASE_MODES) {
  describe(`room code migration [${mode}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;

    beforeAll(async () => {
      opened = await openTestDatabase(mode);
    }, 60_000);
    afterAll(async () => {
      await opened?.drop();
    });

    const withCohorts = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await opened.database.db.execute(
          sql`insert into cohorts (tag, name) values (${`cohort-${i}`}, ${`Cohort ${i}`})`,
        );
      }
    };

    it('gives every existing cohort a room code of its own, and a new cohort one too', async () => {
      await emptied(opened.database);
      await migrateWith(opened.database, migrationsFolder(ROOM_CODE_MIGRATION));
      await withCohorts(40);
      await migrateDatabase(opened.database);
      const codes = await roomCodes(opened.database);
      expect(codes).toHaveLength(40);
      for (const code of codes) {
        expect(code).toHaveLength(ROOM_CODE_LENGTH);
        expect(joinCodeOf(code)).toBe(code);
      }
      expect(new Set(codes).size).toBe(40);
      await opened.database.db.execute(sql`insert into cohorts (tag, name) values ('fresh', 'Fresh')`);
      expect(joinCodeOf((await roomCodes(opened.database)).at(-1)!)).toHaveLength(ROOM_CODE_LENGTH);
    });

    it('draws again for cohorts whose first codes were equal, until none are', async () => {
      await emptied(opened.database);
      await migrateWith(opened.database, migrationsFolder(ROOM_CODE_MIGRATION));
      await withCohorts(40);
      // The first draw made to collide: one character of 16 for 40 cohorts.
      await migrateWith(
        opened.database,
        migrationsFolder(ROOM_CODE_MIGRATION, (text) => text.replace('1, 6)', '1, 1)')),
      );
      const codes = await roomCodes(opened.database);
      expect(codes).toHaveLength(40);
      expect(new Set(codes).size).toBe(40);
    });
  });
}
