import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_MODES, type openTestDatabase } from '../../../testing/api/test-app.ts';
import { openBeforeMigration, rows } from '../../../testing/api/migrations.ts';
import { migrateDatabase } from './client.ts';

const FACTS_MIGRATION = '0004_shared_facts';

for (const mode of DATABASE_MODES) {
  describe(`shared facts migration [${mode}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;
    const teamA = '00000000-0000-4000-8000-00000000000a';
    const teamB = '00000000-0000-4000-8000-00000000000b';

    beforeAll(async () => {
      opened = await openBeforeMigration(mode, FACTS_MIGRATION);
      const { database } = opened;
      expect(await rows(database, sql`select to_regclass('team_facts')::text as t`)).toEqual([{ t: null }]);
      await database.db.execute(sql`
        insert into teams (id, code, name, access_token) values
          (${teamA}, 'AAAA', 'Team A', 'token-a'), (${teamB}, 'BBBB', 'Team B', 'token-b')`);
      const phase = (team: string, n: number, at: string, data: object, version = 3) => sql`
        insert into phase_data (team_id, phase_number, data, version, field_versions, updated_at)
        values (${team}, ${n}, ${JSON.stringify(data)}::jsonb, ${version},
          (select jsonb_object_agg(k, 2) from jsonb_object_keys(${JSON.stringify(data)}::jsonb) k),
          ${at}::timestamptz)`;
      // Team A renamed its company in activity 2 (saved last), left activity 5's copy blank, gave the
      // concept in activity 6 first and then in its home, activity 5, at the same moment; activity 2 still
      // holds the old "our_position", activity 8 the old "problem_solved". Team B answered nothing shared.
      const saved: [team: string, n: number, at: string, data: object, version?: number][] = [
        [
          teamA,
          1,
          '2026-11-01T10:00:00Z',
          { company_name: 'BrightSpark Labs', sector: 'STEM toys', research_goal: 'size the market' },
        ],
        [
          teamA,
          2,
          '2026-11-02T10:00:00Z',
          {
            company_name: 'BrightSpark Robotics',
            sector: '   ',
            our_position: 'SunBot kits at $49',
            competitors: 'LEGO, KiwiCo',
          },
        ],
        [teamA, 5, '2026-11-03T10:00:00Z', { company_name: '', concept_name: 'SunBot Grow', pitch: 'p' }],
        [teamA, 6, '2026-11-03T10:00:00Z', { concept_name: 'SunBot Grow 2', asset_type: 'image' }],
        [teamA, 8, '2026-11-04T10:00:00Z', { problem_solved: 'Kits built once and forgotten', faqs: 'f' }],
        [teamB, 3, '2026-11-05T10:00:00Z', { statements: 's' }, 1],
      ];
      for (const row of saved) await database.db.execute(phase(...row));
      await migrateDatabase(database);
    }, 60_000);

    afterAll(async () => {
      await opened?.drop();
    });

    it('keeps, for each fact, the non-blank copy of the most recently saved activity, the home winning a tie', async () => {
      const facts = await rows<{
        team_id: string;
        fact_id: string;
        value: string;
        given_in: number;
        updated_at: string;
      }>(
        opened.database,
        sql`select team_id, fact_id, value, given_in, updated_at::text from team_facts order by team_id, fact_id`,
      );
      expect(
        facts.map((f) => [
          f.team_id,
          f.fact_id,
          f.value,
          Number(f.given_in),
          new Date(f.updated_at).toISOString(),
        ]),
      ).toEqual([
        [teamA, 'company_name', 'BrightSpark Robotics', 1, '2026-11-02T10:00:00.000Z'],
        [teamA, 'concept_name', 'SunBot Grow', 5, '2026-11-03T10:00:00.000Z'],
        [teamA, 'current_offer', 'SunBot kits at $49', 2, '2026-11-02T10:00:00.000Z'],
        [teamA, 'sector', 'STEM toys', 1, '2026-11-01T10:00:00.000Z'],
        [teamA, 'unmet_need', 'Kits built once and forgotten', 8, '2026-11-04T10:00:00.000Z'],
      ]);
    });

    it('removes the copies and the old ids from the activities, leaving their other answers and versions', async () => {
      const phases = await rows<{
        team_id: string;
        phase_number: number;
        data: Record<string, unknown>;
        field_versions: Record<string, number>;
        version: number;
        updated_at: string;
      }>(
        opened.database,
        sql`select team_id, phase_number, data, field_versions, version, updated_at::text
            from phase_data order by team_id, phase_number`,
      );
      expect(
        phases.map((p) => [
          p.team_id,
          Number(p.phase_number),
          p.data,
          p.field_versions,
          p.version,
          new Date(p.updated_at).toISOString(),
        ]),
      ).toEqual([
        [teamA, 1, { research_goal: 'size the market' }, { research_goal: 2 }, 3, '2026-11-01T10:00:00.000Z'],
        [teamA, 2, { competitors: 'LEGO, KiwiCo' }, { competitors: 2 }, 3, '2026-11-02T10:00:00.000Z'],
        [teamA, 5, { pitch: 'p' }, { pitch: 2 }, 3, '2026-11-03T10:00:00.000Z'],
        [teamA, 6, { asset_type: 'image' }, { asset_type: 2 }, 3, '2026-11-03T10:00:00.000Z'],
        [teamA, 8, { faqs: 'f' }, { faqs: 2 }, 3, '2026-11-04T10:00:00.000Z'],
        [teamB, 3, { statements: 's' }, { statements: 2 }, 1, '2026-11-05T10:00:00.000Z'],
      ]);
    });

    it('leaves a team that gave no shared fact without facts', async () => {
      const [row] = await rows<{ n: number }>(
        opened.database,
        sql`select count(*)::int as n from team_facts where team_id = ${teamB}`,
      );
      expect(Number(row!.n)).toBe(0);
    });
  });
}
