import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhaseConfigSchema } from '../../shared/phase-config.ts';
import { sharedFact } from '../../shared/shared-facts.ts';
import { DATABASE_MODES, type openTestDatabase } from '../../../testing/api/test-app.ts';
import { openBeforeMigration, rows } from '../../../testing/api/migrations.ts';
import { readConfig } from '../../../testing/phase-content.ts';
import { migrateDatabase } from './client.ts';

const MIGRATION = '0008_regulated_services';

type Field = { id: string; options?: unknown; tooltip?: string; [key: string]: unknown };
type Config = { phase: number; fields: Field[] };

/**
 * The standard programme as an instructor copied it before this change: the sensitive areas without
 * "Employment" and with their old tooltip, and the claims not to make asked in Activity 3, not in Activity 1.
 */
function programmeCopiedBefore(): Config[] {
  const configs = [1, 2, 3, 4, 5, 6, 7, 8].map((phase) => structuredClone(readConfig(phase)) as Config);
  const first = configs[0]!;
  const claims = first.fields.find((f) => f.id === 'claims_to_avoid')!;
  first.fields = first.fields.filter((f) => f.id !== 'claims_to_avoid');
  const areas = first.fields.find((f) => f.id === 'sensitive_areas')!;
  areas.options = (areas.options as { value: string }[]).filter((o) => o.value !== 'employment');
  areas.tooltip = 'Some products carry extra rules: marketing to children and collecting their data.';
  configs[2]!.fields.splice(7, 0, { ...claims, help: 'Optional. Anything legally risky or off-brand.' });
  return configs;
}

for (const mode of DATABASE_MODES) {
  describe(`regulated services migration [${mode}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;
    const teamA = '00000000-0000-4000-8000-00000000000a';
    const teamB = '00000000-0000-4000-8000-00000000000b';
    const teamC = '00000000-0000-4000-8000-00000000000c';
    const programme = '00000000-0000-4000-8000-0000000000f1';

    beforeAll(async () => {
      opened = await openBeforeMigration(mode, MIGRATION);
      const { database } = opened;
      await database.db.execute(sql`
        insert into teams (id, code, name, access_token) values
          (${teamA}, 'AAAA', 'Team A', 'token-a'), (${teamB}, 'BBBB', 'Team B', 'token-b'),
          (${teamC}, 'CCCC', 'Team C', 'token-c')`);
      const phase = (team: string, n: number, data: object) => sql`
        insert into phase_data (team_id, phase_number, data, version, field_versions, updated_at)
        values (${team}, ${n}, ${JSON.stringify(data)}::jsonb, 4,
          (select jsonb_object_agg(k, 3) from jsonb_object_keys(${JSON.stringify(data)}::jsonb) k),
          '2026-11-20T10:00:00Z'::timestamptz)`;
      // Team A wrote its claims in Activity 3; team B left them blank; team C wrote none.
      await database.db.execute(
        phase(teamA, 3, {
          core_benefit: 'Tested within two hours',
          claims_to_avoid: '100% accurate results',
        }),
      );
      await database.db.execute(phase(teamB, 3, { core_benefit: 'Fresh beans', claims_to_avoid: '  ' }));
      await database.db.execute(phase(teamC, 1, { research_questions: 'How big?' }));
      const content = programmeCopiedBefore();
      await database.db.execute(sql`
        insert into programmes (id, name, draft, revision, published_revision)
        values (${programme}, 'Clinics cohort',
          ${JSON.stringify({ activities: content, switchedOff: [] })}::jsonb, 1, 1)`);
      await database.db.execute(sql`
        insert into programme_versions (programme_id, version, activities, switched_off)
        values (${programme}, 1, ${JSON.stringify(content)}::jsonb, '[]'::jsonb)`);
      await migrateDatabase(database);
    }, 60_000);

    afterAll(async () => {
      await opened?.drop();
    });

    it("carries the claims written in Activity 3 over to the team's business profile", async () => {
      const facts = await rows<{ team_id: string; fact_id: string; value: string; given_in: number }>(
        opened.database,
        sql`select team_id, fact_id, value, given_in from team_facts order by team_id, fact_id`,
      );
      expect(facts.map((f) => [f.team_id, f.fact_id, f.value, Number(f.given_in)])).toEqual([
        [teamA, 'claims_to_avoid', '100% accurate results', 3],
      ]);
    });

    it("removes the copies from the activities' answers, leaving the others and their versions", async () => {
      const phases = await rows<{ team_id: string; data: object; field_versions: object; version: number }>(
        opened.database,
        sql`select team_id, data, field_versions, version from phase_data order by team_id`,
      );
      expect(phases.map((p) => [p.team_id, p.data, p.field_versions, p.version])).toEqual([
        [teamA, { core_benefit: 'Tested within two hours' }, { core_benefit: 3 }, 4],
        [teamB, { core_benefit: 'Fresh beans' }, { core_benefit: 3 }, 4],
        [teamC, { research_questions: 'How big?' }, { research_questions: 3 }, 4],
      ]);
    });

    it("gives instructors' programmes the sensitive areas as they are now, so every version still reads", async () => {
      const [version] = await rows<{ activities: Config[] }>(
        opened.database,
        sql`select activities from programme_versions where programme_id = ${programme}`,
      );
      const [draft] = await rows<{ draft: { activities: Config[] } }>(
        opened.database,
        sql`select draft from programmes where id = ${programme}`,
      );
      const fact = sharedFact('sensitive_areas')!;
      for (const activities of [version!.activities, draft!.draft.activities]) {
        for (const config of activities) {
          const parsed = PhaseConfigSchema.safeParse(config);
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        }
        const areas = activities[0]!.fields.find((f) => f.id === 'sensitive_areas')!;
        expect(
          JSON.stringify(
            PhaseConfigSchema.parse(activities[0]).fields.find((f) => f.id === areas.id)?.options,
          ),
        ).toBe(JSON.stringify(fact.field.options));
        expect(areas.tooltip).toBe(fact.field.tooltip);
        // The instructor's own help stays; Activity 3 still asks the claims, which read as the shared fact.
        expect(areas.help).toBe(
          (readConfig(1) as Config).fields.find((f) => f.id === 'sensitive_areas')!.help,
        );
        expect(activities[2]!.fields.some((f) => f.id === 'claims_to_avoid')).toBe(true);
      }
    });
  });
}
