import { and, asc, desc, eq, inArray, isNotNull, max, type SQL, sql } from 'drizzle-orm';
import {
  PROGRAMME_NAME_MAX,
  type ProgrammeContent,
  STANDARD_PROGRAMME_ID,
  STANDARD_PROGRAMME_NAME,
  STANDARD_TEAM_PROGRAMME,
  type TeamProgramme,
} from '../../shared/schemas/programmes.ts';
import type { TakenName } from '../../shared/programme-renames.ts';
import type { Database } from '../db/client.ts';
import { isAnsweredSql } from '../phase-data/answered-sql.ts';
import { cohorts, type ProgrammeRow, programmes, programmeVersions, teams } from '../db/schema.ts';

/**
 * Programmes (docs/decisions/039-programmes.md): their drafts, saved with a revision; their versions, each
 * kept; and which programme a cohort's teams run. The Standard programme is never stored: a cohort whose
 * `programme_id` is null runs it.
 */

/** A version's content as stored: the activities and those switched off. */
export function versionContent(row: { activities: unknown; switchedOff: unknown }): ProgrammeContent {
  return {
    activities: row.activities as ProgrammeContent['activities'],
    switchedOff: row.switchedOff as number[],
  };
}

export type ProgrammeVersionMeta = {
  version: number;
  publishedAt: Date;
  publishedBy: string | null;
  switchedOff: number[];
};

/** Every stored programme, oldest first, with its newest version (and what it switches off). */
export async function listProgrammes(db: Database) {
  const newest = db
    .select({ programmeId: programmeVersions.programmeId, version: max(programmeVersions.version).as('v') })
    .from(programmeVersions)
    .groupBy(programmeVersions.programmeId)
    .as('newest');
  const rows = await db
    .select({
      id: programmes.id,
      name: programmes.name,
      revision: programmes.revision,
      publishedRevision: programmes.publishedRevision,
      draftUpdatedAt: programmes.draftUpdatedAt,
      publishedVersion: newest.version,
      publishedSwitchedOff: programmeVersions.switchedOff,
    })
    .from(programmes)
    .leftJoin(newest, eq(newest.programmeId, programmes.id))
    .leftJoin(
      programmeVersions,
      and(eq(programmeVersions.programmeId, programmes.id), eq(programmeVersions.version, newest.version)),
    )
    .orderBy(asc(programmes.createdAt), asc(programmes.id));
  return rows.map((row) => ({
    ...row,
    publishedVersion: row.publishedVersion ?? null,
    publishedSwitchedOff: row.publishedSwitchedOff ?? [],
  }));
}

/** A cohort as a programme's card and its publish confirmation name it: with its number of teams. */
export type ProgrammeCohort = { tag: string; name: string; teams: number };

/**
 * The cohorts (active and archived) that run each programme, by name, each with its number of teams (whose
 * open pages a publish changes); the standard's under "standard". One query.
 */
export async function cohortsByProgramme(db: Database): Promise<Map<string, ProgrammeCohort[]>> {
  const rows = await db
    .select({
      programmeId: cohorts.programmeId,
      tag: cohorts.tag,
      name: cohorts.name,
      teams: sql<number>`cast(count(${teams.id}) as integer)`,
    })
    .from(cohorts)
    .leftJoin(teams, eq(teams.cohortTag, cohorts.tag))
    .groupBy(cohorts.id)
    .orderBy(asc(cohorts.name), asc(cohorts.tag));
  const byProgramme = new Map<string, ProgrammeCohort[]>();
  for (const row of rows) {
    const key = row.programmeId ?? STANDARD_PROGRAMME_ID;
    const cohort = { tag: row.tag, name: row.name, teams: Number(row.teams) };
    byProgramme.set(key, [...(byProgramme.get(key) ?? []), cohort]);
  }
  return byProgramme;
}

export async function findProgramme(db: Database, id: string): Promise<ProgrammeRow | undefined> {
  const [row] = await db.select().from(programmes).where(eq(programmes.id, id)).limit(1);
  return row;
}

/** A programme's versions, oldest first (without their content; with the activities each switches off). */
export async function listVersions(db: Database, programmeId: string): Promise<ProgrammeVersionMeta[]> {
  return db
    .select({
      version: programmeVersions.version,
      publishedAt: programmeVersions.publishedAt,
      publishedBy: programmeVersions.publishedBy,
      switchedOff: programmeVersions.switchedOff,
    })
    .from(programmeVersions)
    .where(eq(programmeVersions.programmeId, programmeId))
    .orderBy(asc(programmeVersions.version));
}

/** One version, whole; undefined when the programme has no such version. */
export async function findVersion(db: Database, programmeId: string, version: number) {
  const [row] = await db
    .select()
    .from(programmeVersions)
    .where(and(eq(programmeVersions.programmeId, programmeId), eq(programmeVersions.version, version)))
    .limit(1);
  return row;
}

/** The newest version, whole; undefined before the first publish. */
export async function newestVersion(db: Database, programmeId: string) {
  const [row] = await db
    .select()
    .from(programmeVersions)
    .where(eq(programmeVersions.programmeId, programmeId))
    .orderBy(desc(programmeVersions.version))
    .limit(1);
  return row;
}

/** A new programme with this draft (a copy), revision 0 and no version. */
export async function createProgramme(
  db: Database,
  values: { name: string; draft: ProgrammeContent; createdBy: string },
): Promise<ProgrammeRow> {
  const [row] = await db
    .insert(programmes)
    .values({ ...values, draftUpdatedBy: values.createdBy })
    .returning();
  return row!;
}

/**
 * Any fixed number, the same in every instance: the transaction-level advisory lock that makes imports take
 * their turns at choosing a name.
 */
const IMPORT_NAME_LOCK_KEY = 7_415_020_612;

/**
 * The name an import takes: the file's, or when a programme has it already, "{name} (imported)", then
 * "{name} (imported 2)", "(imported 3)", ...: the first no programme has. The name is shortened to keep the
 * whole within `PROGRAMME_NAME_MAX`.
 */
export function importedName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (imported)' : ` (imported ${n})`;
    const candidate = `${name.slice(0, PROGRAMME_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * An imported programme: created with its content as draft and as version 1, in one transaction (a failure
 * stores nothing), under a name no other programme has (`importedName`). Imports take a lock for the
 * transaction before reading the names, so two sent together never take the same name.
 */
export async function importProgramme(
  db: Database,
  values: { name: string; content: ProgrammeContent; by: string },
): Promise<ProgrammeRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_NAME_LOCK_KEY})`);
    // Every name: instructors keep tens of programmes, not thousands.
    const names = await tx.select({ name: programmes.name }).from(programmes);
    // The standard is never stored, and its card is always listed: its name is taken too.
    const taken = new Set([STANDARD_PROGRAMME_NAME, ...names.map((row) => row.name)]);
    const name = importedName(values.name, taken);
    const [row] = await tx
      .insert(programmes)
      .values({
        name,
        draft: values.content,
        createdBy: values.by,
        draftUpdatedBy: values.by,
        publishedRevision: 0,
      })
      .returning();
    await tx.insert(programmeVersions).values({
      programmeId: row!.id,
      version: 1,
      activities: values.content.activities,
      switchedOff: values.content.switchedOff,
      publishedBy: values.by,
    });
    return row!;
  });
}

export type SaveOutcome =
  | { outcome: 'saved'; revision: number }
  | { outcome: 'stale' }
  | { outcome: 'unknown' };

/**
 * Saves the whole draft if it was made from the current revision, in one statement: of two saves made from
 * the same revision (sent together or not), exactly one lands and the other finds the revision moved on.
 */
export async function saveDraft(
  db: Database,
  id: string,
  change: { revision: number; draft: ProgrammeContent; name?: string; by: string },
): Promise<SaveOutcome> {
  const [row] = await db
    .update(programmes)
    .set({
      draft: change.draft,
      ...(change.name === undefined ? {} : { name: change.name }),
      revision: sql`${programmes.revision} + 1`,
      draftUpdatedBy: change.by,
      draftUpdatedAt: sql`now()`,
    })
    .where(and(eq(programmes.id, id), eq(programmes.revision, change.revision)))
    .returning({ revision: programmes.revision });
  if (row) return { outcome: 'saved', revision: row.revision };
  return (await findProgramme(db, id)) ? { outcome: 'stale' } : { outcome: 'unknown' };
}

export async function renameProgramme(db: Database, id: string, name: string): Promise<boolean> {
  const rows = await db
    .update(programmes)
    .set({ name })
    .where(eq(programmes.id, id))
    .returning({ id: programmes.id });
  return rows.length > 0;
}

export type PublishOutcome =
  | { outcome: 'published'; version: number }
  /** The newest version holds this draft already (this revision, or one saying the same): nothing new. */
  | { outcome: 'already'; version: number }
  | { outcome: 'stale' }
  | { outcome: 'unknown' };

/**
 * What publishing `revision` would publish: its draft, to be checked before `publishDraft`; or why there is
 * nothing to publish (no such programme, another revision now, or that revision published already).
 */
export async function draftToPublish(
  db: Database,
  id: string,
  revision: number,
): Promise<
  { outcome: 'draft'; draft: ProgrammeContent } | Exclude<PublishOutcome, { outcome: 'published' }>
> {
  const programme = await findProgramme(db, id);
  if (!programme) return { outcome: 'unknown' };
  if (programme.revision !== revision) return { outcome: 'stale' };
  const newest = await newestVersionNumber(db, id);
  if (programme.publishedRevision === revision && newest > 0) return { outcome: 'already', version: newest };
  return { outcome: 'draft', draft: programme.draft };
}

/**
 * Publishes the draft of `revision` as the next version, unless the newest version holds that very content
 * already; the caller has checked that draft (`draftToPublish`) without holding anything. The programme's
 * row is locked only for this transaction (`for update`, on every instance sharing the database), so
 * publishes and republishes of one programme take their turns: version numbers never collide, a draft saved
 * since the check makes it stale (each save moves the revision on), and of publishes sent together the first
 * makes the version and the others find it made.
 */
export async function publishDraft(
  db: Database,
  id: string,
  revision: number,
  by: string,
): Promise<PublishOutcome> {
  return db.transaction(async (tx): Promise<PublishOutcome> => {
    const [programme] = await tx.select().from(programmes).where(eq(programmes.id, id)).for('update');
    if (!programme) return { outcome: 'unknown' };
    if (programme.revision !== revision) return { outcome: 'stale' };
    const newest = await newestVersionHolding(
      tx,
      id,
      sql`(select ${programmes.draft} from ${programmes} where ${programmes.id} = ${id})`,
    );
    if (newest?.same) {
      // An unchanged draft saved again is as published as the version that holds it.
      if (programme.publishedRevision !== revision)
        await tx.update(programmes).set({ publishedRevision: revision }).where(eq(programmes.id, id));
      return { outcome: 'already', version: newest.version };
    }
    const version = (newest?.version ?? 0) + 1;
    await tx.insert(programmeVersions).values({
      programmeId: id,
      version,
      activities: programme.draft.activities,
      switchedOff: programme.draft.switchedOff,
      publishedBy: by,
    });
    await tx.update(programmes).set({ publishedRevision: revision }).where(eq(programmes.id, id));
    return { outcome: 'published', version };
  });
}

export type RepublishOutcome =
  | { outcome: 'published'; version: number }
  /** The newest version holds that content already (it is that version, or a copy of it): nothing new. */
  | { outcome: 'already'; version: number }
  | { outcome: 'unknown-programme' }
  | { outcome: 'unknown-version' };

/**
 * Publishes an earlier version's content again, as the next version, unless the newest version holds that
 * content already. Locked like a publish, so republishes sent together make one version. The draft stays
 * as it is (an instructor's edits are never lost); it counts as published when it holds that very content.
 */
export async function republishVersion(
  db: Database,
  id: string,
  from: number,
  by: string,
): Promise<RepublishOutcome> {
  return db.transaction(async (tx): Promise<RepublishOutcome> => {
    const [programme] = await tx
      .select({ id: programmes.id })
      .from(programmes)
      .where(eq(programmes.id, id))
      .for('update');
    if (!programme) return { outcome: 'unknown-programme' };
    const earlier = and(eq(programmeVersions.programmeId, id), eq(programmeVersions.version, from));
    const [found] = await tx
      .select({ version: programmeVersions.version })
      .from(programmeVersions)
      .where(earlier);
    if (!found) return { outcome: 'unknown-version' };
    // The versions' content stays in the database: compared and copied there, never read into the app.
    const earlierContent = sql`(select ${versionContentSql} from ${programmeVersions} where ${earlier})`;
    const newest = await newestVersionHolding(tx, id, earlierContent);
    if (newest?.same) return { outcome: 'already', version: newest.version };
    const version = (newest?.version ?? 0) + 1;
    await tx.insert(programmeVersions).select(
      tx
        .select({
          programmeId: programmeVersions.programmeId,
          version: sql<number>`${version}::integer`.as('version'),
          activities: programmeVersions.activities,
          switchedOff: programmeVersions.switchedOff,
          publishedBy: sql<string>`${by}::varchar`.as('published_by'),
          publishedAt: sql<Date>`now()`.as('published_at'),
        })
        .from(programmeVersions)
        .where(earlier),
    );
    // jsonb compares by value: the draft is this content exactly when it says the same.
    await tx
      .update(programmes)
      .set({
        publishedRevision: sql`case when ${programmes.draft} = ${earlierContent} then ${programmes.revision} end`,
      })
      .where(eq(programmes.id, id));
    return { outcome: 'published', version };
  });
}

/** The newest version's number; 0 before the first. */
async function newestVersionNumber(db: Pick<Database, 'select'>, programmeId: string): Promise<number> {
  const [row] = await db
    .select({ version: max(programmeVersions.version) })
    .from(programmeVersions)
    .where(eq(programmeVersions.programmeId, programmeId));
  return row?.version ?? 0;
}

/** A version's content as one jsonb value, in the shape of a draft (`ProgrammeContent`). */
const versionContentSql = sql`jsonb_build_object('activities', ${programmeVersions.activities}, 'switchedOff', ${programmeVersions.switchedOff})`;

/**
 * The newest version's number and whether it holds `content` (a jsonb value, compared by value); undefined
 * before the first version.
 */
async function newestVersionHolding(
  db: Pick<Database, 'select'>,
  programmeId: string,
  content: SQL,
): Promise<{ version: number; same: boolean } | undefined> {
  const [row] = await db
    .select({
      version: programmeVersions.version,
      same: sql<boolean>`coalesce(${versionContentSql} = ${content}, false)`,
    })
    .from(programmeVersions)
    .where(eq(programmeVersions.programmeId, programmeId))
    .orderBy(desc(programmeVersions.version))
    .limit(1);
  return row;
}

/** Gives the cohort this programme (null: the standard); the cohort's tag, or undefined for no cohort. */
export async function setCohortProgramme(
  db: Database,
  tag: string,
  programmeId: string | null,
): Promise<string | undefined> {
  const [row] = await db
    .update(cohorts)
    .set({ programmeId })
    .where(eq(cohorts.tag, tag))
    .returning({ tag: cohorts.tag });
  return row?.tag;
}

/** The tags of the cohorts that run this programme. */
export async function cohortsRunning(db: Database, programmeId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: cohorts.tag })
    .from(cohorts)
    .where(eq(cohorts.programmeId, programmeId));
  return rows.map((row) => row.tag);
}

/** The newest version of each programme and what it switches off: `programme_id` null is the standard. */
const newestOf = sql`(select max(pv.version) from ${programmeVersions} pv where pv.programme_id = ${cohorts.programmeId})`;

/**
 * What each of these teams runs now: its cohort's programme at its newest version (archived cohorts
 * included: their teams still read their work), the standard for a team in no cohort.
 */
export async function teamProgrammes(
  db: Database,
  teamIds: readonly string[],
): Promise<Map<string, TeamProgramme>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({
      teamId: teams.id,
      programmeId: cohorts.programmeId,
      version: programmeVersions.version,
      switchedOff: programmeVersions.switchedOff,
    })
    .from(teams)
    .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
    .leftJoin(
      programmeVersions,
      and(eq(programmeVersions.programmeId, cohorts.programmeId), eq(programmeVersions.version, newestOf)),
    )
    .where(inArray(teams.id, [...teamIds]));
  return new Map(
    rows.map((row) => [
      row.teamId,
      row.programmeId && row.version
        ? { programmeId: row.programmeId, version: row.version, switchedOff: row.switchedOff ?? [] }
        : STANDARD_TEAM_PROGRAMME,
    ]),
  );
}

/** What a cohort's teams run now: its programme's newest version (the standard for none, or an unknown tag). */
export async function cohortProgramme(db: Database, tag: string): Promise<TeamProgramme> {
  const [row] = await db
    .select({
      programmeId: cohorts.programmeId,
      version: programmeVersions.version,
      switchedOff: programmeVersions.switchedOff,
    })
    .from(cohorts)
    .leftJoin(
      programmeVersions,
      and(eq(programmeVersions.programmeId, cohorts.programmeId), eq(programmeVersions.version, newestOf)),
    )
    .where(eq(cohorts.tag, tag))
    .limit(1);
  return row?.programmeId && row.version
    ? { programmeId: row.programmeId, version: row.version, switchedOff: row.switchedOff ?? [] }
    : STANDARD_TEAM_PROGRAMME;
}

/** What a team runs now (the standard for an unknown team: callers have checked it exists). */
export async function teamProgramme(db: Database, teamId: string): Promise<TeamProgramme> {
  return (await teamProgrammes(db, [teamId])).get(teamId) ?? STANDARD_TEAM_PROGRAMME;
}

/** Whether the team is in a cohort that runs this programme (the team side's access rule). */
export async function teamRunsProgramme(db: Database, teamId: string, programmeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .innerJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
    .where(and(eq(teams.id, teamId), eq(cohorts.programmeId, programmeId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The programmes cohorts run now, each with its name and newest version (what the progress board, the
 * export and the instructors' view of a team read): programmes that were never published run nowhere.
 */
export async function programmesInUse(
  db: Database,
): Promise<{ id: string; name: string; version: number }[]> {
  return db
    .selectDistinct({ id: programmes.id, name: programmes.name, version: programmeVersions.version })
    .from(cohorts)
    .innerJoin(programmes, eq(programmes.id, cohorts.programmeId))
    .innerJoin(
      programmeVersions,
      and(eq(programmeVersions.programmeId, programmes.id), eq(programmeVersions.version, newestOf)),
    )
    .where(isNotNull(cohorts.programmeId));
}

/**
 * Of the names a new version would take away (src/shared/programme-renames.ts), those teams running the
 * programme have answered: a field's answers under its old id (in the activity's answers, or the team's one
 * copy of a shared fact), an option's value chosen (alone, or among ticked boxes).
 */
export async function takenFromAnswers(
  db: Database,
  programmeId: string,
  names: readonly TakenName[],
): Promise<TakenName[]> {
  const answered: TakenName[] = [];
  for (const name of names) {
    const value = sql`coalesce(pd.data -> ${name.id}::text, to_jsonb(tf.value))`;
    const holds =
      name.kind === 'field'
        ? isAnsweredSql(value)
        : sql`(${value} #>> '{}') = ${name.value} or ${name.value} = any(regexp_split_to_array(${value} #>> '{}', '\\s*,\\s*'))`;
    const result = (await db.execute(sql`
      select 1 from ${teams} t
      join ${cohorts} c on c.tag = t.cohort_tag and c.programme_id = ${programmeId}::uuid
      left join phase_data pd on pd.team_id = t.id and pd.phase_number = ${name.activity}::smallint
      left join team_facts tf on tf.team_id = t.id and tf.fact_id = ${name.id}
      where ${holds}
      limit 1
    `)) as unknown as { rows: unknown[] };
    if (result.rows.length > 0) answered.push(name);
  }
  return answered;
}
