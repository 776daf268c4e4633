import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinCodeOf, ROOM_CODE_LENGTH } from '../../shared/schemas/cohort.ts';
import { DATABASE_MODES, openTestDatabase } from '../../../testing/api/test-app.ts';
import { emptyDatabase, migrateFromFolder, migrationsUpTo } from '../../../testing/api/migrations.ts';
import { type DatabaseHandle, migrateDatabase } from './client.ts';

const ROOM_CODE_MIGRATION = '0011_room_codes_and_avatars';

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
      await emptyDatabase(opened.database);
      await migrateFromFolder(opened.database, migrationsUpTo(ROOM_CODE_MIGRATION));
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
      await emptyDatabase(opened.database);
      await migrateFromFolder(opened.database, migrationsUpTo(ROOM_CODE_MIGRATION));
      await withCohorts(40);
      // The first draw made to collide: one character of 16 for 40 cohorts.
      await migrateFromFolder(
        opened.database,
        migrationsUpTo(ROOM_CODE_MIGRATION, (text) => text.replace('1, 6)', '1, 1)')),
      );
      const codes = await roomCodes(opened.database);
      expect(codes).toHaveLength(40);
      expect(new Set(codes).size).toBe(40);
    });

    it("gives each cohort's teams avatars of their own: the first to come keeps it, and a team alone keeps its own", async () => {
      await emptyDatabase(opened.database);
      await migrateFromFolder(opened.database, migrationsUpTo(ROOM_CODE_MIGRATION));
      await withCohorts(2);
      const team = async (code: string, cohort: string | null, avatar: string, created: string) =>
        opened.database.db.execute(
          sql`insert into teams (code, name, avatar_icon, cohort_tag, access_token, created_at)
              values (${code}, ${code}, ${avatar}, ${cohort}, ${`token-${code}`}, ${created}::timestamptz)`,
        );
      await team('AAA1', 'cohort-0', 'fox.svg', '2026-11-01T09:00:00Z');
      await team('AAA2', 'cohort-0', 'fox.svg', '2026-11-01T09:05:00Z');
      await team('AAA3', 'cohort-0', 'fox.svg', '2026-11-01T09:10:00Z');
      await team('AAA4', 'cohort-0', 'cat.svg', '2026-11-01T09:15:00Z');
      // Another cohort, and no cohort: a fox each, left alone.
      await team('BBB1', 'cohort-1', 'fox.svg', '2026-11-01T09:00:00Z');
      await team('CCC1', null, 'fox.svg', '2026-11-01T09:00:00Z');
      await team('CCC2', null, 'fox.svg', '2026-11-01T09:00:00Z');
      await migrateDatabase(opened.database);
      const result = (await opened.database.db.execute(
        sql`select code, avatar_icon from teams order by code`,
      )) as unknown as { rows: { code: string; avatar_icon: string }[] };
      const avatars = Object.fromEntries(result.rows.map((row) => [row.code, row.avatar_icon]));
      // The first fox keeps it; the others take the first avatars of the list nobody in the cohort holds.
      expect(avatars).toEqual({
        AAA1: 'fox.svg',
        AAA2: 'dog.svg',
        AAA3: 'lion.svg',
        AAA4: 'cat.svg',
        BBB1: 'fox.svg',
        CCC1: 'fox.svg',
        CCC2: 'fox.svg',
      });
    });
  });
}
