import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinCodeOf } from '../../shared/schemas/cohort.ts';
import { DATABASE_MODES, type openTestDatabase } from '../../../testing/api/test-app.ts';
import { openBeforeMigration, rows } from '../../../testing/api/migrations.ts';
import { migrateDatabase } from './client.ts';

const PACING_MIGRATION = '0006_pacing_and_joining';

for (const mode of DATABASE_MODES) {
  describe(`pacing and joining migration [${mode}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;

    beforeAll(async () => {
      opened = await openBeforeMigration(mode, PACING_MIGRATION);
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
