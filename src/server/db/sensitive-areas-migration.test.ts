import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhaseConfigSchema } from '../../shared/phase-config.ts';
import { sharedFact } from '../../shared/shared-facts.ts';
import { DATABASE_MODES, type DatabaseMode, openTestDatabase } from '../../../testing/api/test-app.ts';
import { migrateFromFolder } from '../../../testing/api/migrations.ts';
import { readConfig } from '../../../testing/phase-content.ts';
import { type DatabaseHandle, MIGRATIONS_FOLDER, migrateDatabase } from './client.ts';

const MIGRATION = '0014_sensitive_areas_in_their_own_words';

/** The committed migrations up to (not including) this one, in a folder of their own. */
function migrationsBefore(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-before-areas-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function openAtPreviousMigration(mode: DatabaseMode) {
  const opened = await openTestDatabase(mode);
  const { database } = opened;
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  await migrateFromFolder(database, migrationsBefore());
  return opened;
}

type Rows<T> = { rows: T[] };
async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as Rows<T>).rows;
}

type Option = { value: string; label: string; description?: string; exclusive?: true };
type Field = { id: string; options?: Option[]; tooltip?: string; help?: string; [key: string]: unknown };
type Config = { phase: number; fields: Field[] };

/**
 * The standard programme as an instructor copied it before this change: no kind of offer, no area in the
 * team's own words, and the sensitive areas with one "Employment" and their old tooltip.
 */
function programmeCopiedBefore(): Config[] {
  const configs = [1, 2, 3, 4, 5, 6, 7, 8].map((phase) => structuredClone(readConfig(phase)) as Config);
  const first = configs[0]!;
  first.fields = first.fields.filter((f) => f.id !== 'offer_kind' && f.id !== 'own_sensitive_area');
  const areas = first.fields.find((f) => f.id === 'sensitive_areas')!;
  areas.options = areas
    .options!.filter((o) => o.value !== 'employment_advice' && o.value !== 'staff_records')
    .map((o) =>
      o.value === 'employment'
        ? {
            value: 'employment',
            label: 'Employment',
            description:
              'It is used to hire, test, check or monitor workers: drug and alcohol tests, fitness for work, background checks, workplace monitoring',
          }
        : o,
    );
  areas.tooltip =
    'Some products and services carry extra rules. What you tick here switches those cautions on.';
  areas.help = 'The instructor’s own help.';
  return configs;
}

for (const mode of DATABASE_MODES) {
  describe(`sensitive areas migration [${mode}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;
    const team = '00000000-0000-4000-8000-00000000001a';
    const programme = '00000000-0000-4000-8000-0000000000f2';

    beforeAll(async () => {
      opened = await openAtPreviousMigration(mode);
      const { database } = opened;
      await database.db.execute(sql`
        insert into teams (id, code, name, access_token) values (${team}, 'AREA', 'Team A', 'token-area')`);
      await database.db.execute(sql`
        insert into team_facts (team_id, fact_id, value, given_in, updated_at)
        values (${team}, 'sensitive_areas', 'health, employment', 1, '2026-11-20T10:00:00Z'::timestamptz)`);
      const content = programmeCopiedBefore();
      // The copy reads before the change, as the schema then read it (the shared fact's old options).
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

    it("keeps a team's stored areas as they were: employment still means screening or monitoring workers", async () => {
      const facts = await rows<{ value: string }>(
        opened.database,
        sql`select value from team_facts where team_id = ${team} and fact_id = 'sensitive_areas'`,
      );
      expect(facts.map((f) => f.value)).toEqual(['health, employment']);
      const employment = sharedFact('sensitive_areas')!.field.options!.find((o) => o.value === 'employment');
      expect(employment?.label).toBe('Screening or monitoring workers');
    });

    it("gives instructors' programmes the areas as they are now, keeping the instructor's help", async () => {
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
        expect(areas.options).toEqual(fact.field.options);
        expect(areas.tooltip).toBe(fact.field.tooltip);
        expect(areas.help).toBe('The instructor’s own help.');
        // A programme copied before keeps its fields: no kind of offer is added behind its author.
        expect(activities[0]!.fields.some((f) => f.id === 'offer_kind')).toBe(false);
      }
    });
  });
}
