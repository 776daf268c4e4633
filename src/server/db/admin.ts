import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AdminCohort, CohortTeamRef } from '../../shared/schemas/cohort.ts';
import type { AdminTeam } from '../../shared/schemas/team.ts';
import { TOTAL_PHASES } from '../../shared/phases.ts';
import type { Database } from './client.ts';
import { toCohort } from './cohorts.ts';
import { ballots, type CohortRow, cohorts, phaseData, type TeamRow, teams } from './schema.ts';
import { isUniqueViolation, toTeam } from './teams.ts';

/** Progress as the app shows it: (currentPhase - 1) / 8, or all of it once a website is submitted. */
export function teamProgress(team: Pick<TeamRow, 'currentPhase' | 'submittedWebsiteUrl'>): number {
  if (team.submittedWebsiteUrl) return 1;
  return Math.min(Math.max((team.currentPhase - 1) / TOTAL_PHASES, 0), 1);
}

/** The phase numbers a team has saved answers for, as one correlated aggregate (no query per team). */
const phasesWithDataSql = sql<number[]>`coalesce((
  select jsonb_agg(pd.phase_number order by pd.phase_number)
  from ${phaseData} pd where pd.team_id = ${teams.id}
), '[]'::jsonb)`;

/** Every team with its cohort's name and the phases it has data for: one query. */
export async function listTeamsForAdmin(db: Database): Promise<AdminTeam[]> {
  const rows = await db
    .select({ team: teams, cohortName: cohorts.name, phasesWithData: phasesWithDataSql })
    .from(teams)
    .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  return rows.map(({ team, cohortName, phasesWithData }) => ({
    ...toTeam(team),
    phasesWithData: (phasesWithData ?? []).map(Number),
    progress: teamProgress(team),
    cohortName: cohortName ?? null,
  }));
}

/** The teams of a group matching `where`, as `[{id, name}]` in name order (an empty list for none). */
function teamRefsWhere(where: SQL) {
  return sql<CohortTeamRef[]>`coalesce(
    jsonb_agg(jsonb_build_object('id', ${teams.id}, 'name', ${teams.name})
      order by lower(${teams.name}), ${teams.name}, ${teams.id}) filter (where ${where}),
    '[]'::jsonb)`;
}

/**
 * Cohorts (active or archived) with their team, submission and ballot counts, and the teams that have not
 * voted or not submitted a website yet: one aggregate query.
 */
export async function listCohortsForAdmin(db: Database, archived: boolean): Promise<AdminCohort[]> {
  const teamCounts = db
    .select({
      cohortTag: teams.cohortTag,
      teamCount: count().as('team_count'),
      submittedCount: count(teams.submittedWebsiteUrl).as('submitted_count'),
      notVoted: teamRefsWhere(
        sql`not exists (select 1 from ${ballots} b where b.voter_team_id = ${teams.id} and b.cohort_tag = ${teams.cohortTag})`,
      ).as('not_voted'),
      missingWebsite: teamRefsWhere(sql`${teams.submittedWebsiteUrl} is null`).as('missing_website'),
    })
    .from(teams)
    .where(isNotNull(teams.cohortTag))
    .groupBy(teams.cohortTag)
    .as('team_counts');
  const ballotCounts = db
    .select({ cohortTag: ballots.cohortTag, ballotCount: count().as('ballot_count') })
    .from(ballots)
    .groupBy(ballots.cohortTag)
    .as('ballot_counts');
  const rows = await db
    .select({
      cohort: cohorts,
      teamCount: teamCounts.teamCount,
      submittedCount: teamCounts.submittedCount,
      ballotCount: ballotCounts.ballotCount,
      notVoted: teamCounts.notVoted,
      missingWebsite: teamCounts.missingWebsite,
    })
    .from(cohorts)
    .leftJoin(teamCounts, eq(teamCounts.cohortTag, cohorts.tag))
    .leftJoin(ballotCounts, eq(ballotCounts.cohortTag, cohorts.tag))
    .where(archived ? isNotNull(cohorts.archivedAt) : isNull(cohorts.archivedAt))
    .orderBy(archived ? desc(cohorts.archivedAt) : desc(cohorts.createdAt), asc(cohorts.tag));
  return rows.map((row) => ({
    ...toCohort(row.cohort),
    teamCount: Number(row.teamCount ?? 0),
    submittedCount: Number(row.submittedCount ?? 0),
    ballotCount: Number(row.ballotCount ?? 0),
    notVoted: row.notVoted ?? [],
    missingWebsite: row.missingWebsite ?? [],
  }));
}

export class CohortTagTakenError extends Error {}

/** The unique constraint decides: two instructors racing for one tag get one cohort and one 409. */
export async function createCohort(
  db: Database,
  values: { tag: string; name: string; description?: string },
): Promise<CohortRow> {
  try {
    const [row] = await db
      .insert(cohorts)
      .values({ tag: values.tag, name: values.name, description: values.description ?? '' })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'cohorts_tag_unique')) throw new CohortTagTakenError(values.tag);
    throw error;
  }
}

export type CohortSwitch = 'competitionEnabled' | 'votingOpen' | 'resultsVisible';

/**
 * Sets one switch; the others stay as they are (so a second instructor's click is never undone). Hiding
 * the results again also takes back the room's reveal.
 */
export async function setCohortSwitch(
  db: Database,
  tag: string,
  name: CohortSwitch,
  value: boolean,
): Promise<CohortRow | undefined> {
  const hidesResults = name === 'resultsVisible' && !value;
  const [row] = await db
    .update(cohorts)
    .set({ [name]: value, ...(hidesResults ? { revealedAt: null } : {}) })
    .where(eq(cohorts.tag, tag))
    .returning();
  return row;
}

export type RevealOutcome =
  | { outcome: 'started'; cohort: CohortRow }
  | { outcome: 'already'; cohort: CohortRow }
  | { outcome: 'hidden'; cohort: CohortRow }
  | { outcome: 'unknown' };

/**
 * Starts the room's reveal: stores now as the cohort's reveal time, once. Only while the results are
 * released; a second press (or two sent together: the row lock queues them, and the second finds the
 * time set) gets the stored time back, and 'already' says it changed nothing.
 */
export async function revealCohort(db: Database, tag: string): Promise<RevealOutcome> {
  // A second pass only when the cohort changed between the two statements (hidden, then released again).
  for (let attempt = 0; attempt < 3; attempt++) {
    const [started] = await db
      .update(cohorts)
      .set({ revealedAt: sql`now()` })
      .where(and(eq(cohorts.tag, tag), eq(cohorts.resultsVisible, true), isNull(cohorts.revealedAt)))
      .returning();
    if (started) return { outcome: 'started', cohort: started };
    const [current] = await db.select().from(cohorts).where(eq(cohorts.tag, tag)).limit(1);
    if (!current) return { outcome: 'unknown' };
    if (!current.resultsVisible) return { outcome: 'hidden', cohort: current };
    if (current.revealedAt) return { outcome: 'already', cohort: current };
  }
  throw new Error('the cohort kept changing while its reveal started');
}

export async function setCohortArchived(
  db: Database,
  tag: string,
  archived: boolean,
): Promise<CohortRow | undefined> {
  const [row] = await db
    .update(cohorts)
    // Archiving twice keeps the first date.
    .set({ archivedAt: archived ? sql`coalesce(${cohorts.archivedAt}, now())` : null })
    .where(eq(cohorts.tag, tag))
    .returning();
  return row;
}

export class UnknownTeamsError extends Error {
  constructor(readonly missing: number) {
    super(`${missing} unknown team id(s)`);
  }
}

/** What a move changed: the teams moved, and every cohort that lost or gained a team. */
export type TeamsMoved = { teamIds: string[]; cohortTags: string[] };

/**
 * Puts the teams in the cohort (or in none, for `null`), all or nothing: an unknown id rolls the whole
 * change back. A team has one cohort column, so moving it is the same write as assigning it.
 */
export async function setTeamsCohort(
  db: Database,
  teamIds: string[],
  tag: string | null,
): Promise<TeamsMoved> {
  const unique = [...new Set(teamIds)];
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: teams.id, cohortTag: teams.cohortTag })
      .from(teams)
      .where(inArray(teams.id, unique))
      .for('update');
    if (before.length !== unique.length) throw new UnknownTeamsError(unique.length - before.length);
    await tx.update(teams).set({ cohortTag: tag }).where(inArray(teams.id, unique));
    const cohortTags = new Set(before.map((team) => team.cohortTag));
    if (tag) cohortTags.add(tag);
    cohortTags.delete(null);
    return { teamIds: before.map((team) => team.id), cohortTags: [...cohortTags] as string[] };
  });
}

/** One export row: the team, its cohort, and a per-phase count of answered fields. */
export type ExportRow = {
  team: TeamRow;
  cohortName: string | null;
  phasesWithData: number[];
  answeredByPhase: Record<string, number>;
  companyName: string | null;
  conceptName: string | null;
  lastActivity: Date;
};

/** A value counts as an answer unless it is null, blank text, or an empty list or object. */
const answeredCountSql = sql`(
  select count(*) from jsonb_each(pd.data) e
  where not (e.value in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
    or (jsonb_typeof(e.value) = 'string' and btrim(e.value #>> '{}') = ''))
)`;

/** The first non-blank answer to a field across the phases, in phase order. */
function firstAnswerSql(field: string) {
  return sql<string | null>`(
    select pd.data ->> ${field} from ${phaseData} pd
    where pd.team_id = ${teams.id} and jsonb_typeof(pd.data -> ${field}) = 'string'
      and btrim(pd.data ->> ${field}) <> ''
    order by pd.phase_number limit 1
  )`;
}

/**
 * Teams for the export in pages of `batchSize`, oldest first (keyset on created_at, id), so the
 * export streams at flat memory whatever the number of teams. Only counts and two short answers leave the
 * database, never the answers themselves.
 */
export async function* exportRows(db: Database, batchSize = 500): AsyncGenerator<ExportRow> {
  // The cursor keeps created_at as the database's text: a JS Date would drop its microseconds.
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const page = await db
      .select({
        team: teams,
        cursor: sql<string>`${teams.createdAt}::text`,
        cohortName: cohorts.name,
        phases: sql<{ phase: number; answered: number; updatedAt: string }[]>`coalesce((
          select jsonb_agg(jsonb_build_object(
            'phase', pd.phase_number, 'answered', ${answeredCountSql}, 'updatedAt', pd.updated_at
          ) order by pd.phase_number)
          from ${phaseData} pd where pd.team_id = ${teams.id}
        ), '[]'::jsonb)`,
        companyName: firstAnswerSql('company_name'),
        conceptName: firstAnswerSql('concept_name'),
      })
      .from(teams)
      .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
      .where(
        after
          ? or(
              sql`${teams.createdAt} > ${after.createdAt}::timestamptz`,
              and(sql`${teams.createdAt} = ${after.createdAt}::timestamptz`, gt(teams.id, after.id)),
            )
          : undefined,
      )
      .orderBy(asc(teams.createdAt), asc(teams.id))
      .limit(batchSize);
    for (const row of page) {
      const phases = row.phases ?? [];
      let lastActivity = row.team.updatedAt;
      for (const p of phases) {
        const saved = new Date(p.updatedAt);
        if (saved > lastActivity) lastActivity = saved;
      }
      yield {
        team: row.team,
        cohortName: row.cohortName ?? null,
        phasesWithData: phases.map((p) => Number(p.phase)),
        answeredByPhase: Object.fromEntries(phases.map((p) => [String(p.phase), Number(p.answered)])),
        companyName: row.companyName ?? null,
        conceptName: row.conceptName ?? null,
        lastActivity,
      };
    }
    if (page.length < batchSize) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.cursor, id: last.team.id };
  }
}
