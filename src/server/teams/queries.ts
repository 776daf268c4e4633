import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { AVATAR_ICONS } from '../../shared/avatars.ts';
import { progressShare } from '../../shared/progress.ts';
import { STANDARD_TEAM_PROGRAMME, type TeamProgramme } from '../../shared/schemas/programmes.ts';
import type { AdminTeam, Team } from '../../shared/schemas/team.ts';
import { generateWorkspaceCode } from '../../shared/workspace-code.ts';
import type { Database } from '../db/client.ts';
import {
  type ActivityForm,
  activitiesDoneSql,
  answeredCountSql,
  hasAnyAnswerSql,
  isAnsweredTextSql,
} from '../phase-data/answered-sql.ts';
import { isSharedFactId } from '../../shared/shared-facts.ts';
import {
  cohorts,
  feedbackNotes,
  phaseData,
  presence,
  sessions,
  teamFacts,
  type TeamRow,
  teams,
} from '../db/schema.ts';
import { avatarHeldInCohort, lockCohortAvatars } from './cohort-avatars.ts';
import { PRESENCE_TTL_SECONDS } from '../live/queries.ts';

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    avatarIcon: row.avatarIcon,
    currentPhase: row.currentPhase,
    cohortTag: row.cohortTag,
    accessToken: row.accessToken,
    submittedWebsiteUrl: row.submittedWebsiteUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function newAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pgError = e as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

export class CodeTakenError extends Error {}

/** Every code drawn was taken: the code space is (nearly) full. */
export class NoFreeCodeError extends Error {
  constructor() {
    super('Could not find a free workspace code');
  }
}

const GENERATED_CODE_ATTEMPTS = 10;

/** What a write answers when the code it was given is not free. */
const TAKEN = Symbol('taken');

/**
 * Runs `write` with random codes until one is free (the unique constraint on the code decides, or `write`
 * answers TAKEN); NoFreeCodeError after GENERATED_CODE_ATTEMPTS collisions in a row.
 */
async function withFreshCode<T>(write: (code: string) => Promise<T | typeof TAKEN>): Promise<T> {
  for (let attempt = 0; attempt < GENERATED_CODE_ATTEMPTS; attempt++) {
    try {
      const result = await write(generateWorkspaceCode());
      if (result !== TAKEN) return result;
    } catch (error) {
      if (!isUniqueViolation(error, 'teams_code_unique')) throw error;
    }
  }
  throw new NoFreeCodeError();
}

/** One of the 36 avatars, drawn at random: a new workspace starts with one (the team may change it). */
export function randomAvatar(): string {
  return AVATAR_ICONS[randomInt(AVATAR_ICONS.length)]!;
}

/**
 * Creates a team with a random avatar. With an explicit code a collision is the caller's problem
 * (CodeTakenError); without one, codes are drawn at random and the unique constraint decides, retrying on
 * collision (NoFreeCodeError when none is free).
 */
export async function createTeam(db: Database, name: string, code?: string): Promise<TeamRow> {
  const avatarIcon = randomAvatar();
  const insert = async (value: string) => {
    const [row] = await db
      .insert(teams)
      .values({ name, code: value, avatarIcon, accessToken: newAccessToken() })
      .returning();
    return row!;
  };
  if (!code) return withFreshCode(insert);
  try {
    return await insert(code);
  } catch (error) {
    if (isUniqueViolation(error, 'teams_code_unique')) throw new CodeTakenError(code);
    throw error;
  }
}

/**
 * Gives a team a new random code (never its current one) and a new access token, and ends every session of
 * the team, in one transaction: the old code and token open nothing from then on; the team's answers stay.
 * Undefined when there is no such team.
 */
export async function replaceTeamCode(db: Database, id: string): Promise<TeamRow | undefined> {
  return withFreshCode((code) =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ code: teams.code })
        .from(teams)
        .where(eq(teams.id, id))
        .for('update');
      if (!current) return undefined;
      if (current.code === code) return TAKEN;
      const [row] = await tx
        .update(teams)
        .set({ code, accessToken: newAccessToken(), updatedAt: sql`now()` })
        .where(eq(teams.id, id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.teamId, id));
      return row;
    }),
  );
}

export async function findTeamByCode(db: Database, code: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.code, code.toUpperCase())).limit(1);
  return row;
}

export async function findTeamById(db: Database, id: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  return row;
}

export async function findTeamByAccessToken(db: Database, token: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.accessToken, token)).limit(1);
  return row;
}

export class AvatarTakenError extends Error {}

/**
 * Sets a team's avatar; refused (AvatarTakenError) when another team of its cohort holds it, so no two
 * teams of a cohort share one (cohort-avatars.ts). The team's row is locked first, then its cohort's
 * avatars, the order every caller keeps.
 */
export async function updateTeamAvatar(db: Database, id: string, avatarIcon: string) {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .select({ cohortTag: teams.cohortTag })
      .from(teams)
      .where(eq(teams.id, id))
      .for('update');
    if (!team) return undefined;
    if (team.cohortTag) {
      await lockCohortAvatars(tx, team.cohortTag);
      if (await avatarHeldInCohort(tx, team.cohortTag, id, avatarIcon)) throw new AvatarTakenError();
    }
    const [row] = await tx
      .update(teams)
      .set({ avatarIcon, updatedAt: sql`now()` })
      .where(eq(teams.id, id))
      .returning();
    return row;
  });
}

export async function updateTeamWebsite(db: Database, id: string, url: string) {
  const [row] = await db
    .update(teams)
    .set({ submittedWebsiteUrl: url, updatedAt: sql`now()` })
    .where(eq(teams.id, id))
    .returning();
  return row;
}

/**
 * Deletes the team if it still has the name the caller confirmed. Its answers, its ballot, the votes cast
 * for it and its sessions go with it (foreign keys `on delete cascade`), in the same statement.
 */
export async function deleteTeamNamed(db: Database, id: string, name: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .delete(teams)
    .where(and(eq(teams.id, id), eq(teams.name, name)))
    .returning();
  return row;
}

/**
 * The phase numbers a team has data for, as one correlated aggregate (no query per team): the activities
 * with at least one answer, and those where it first gave a shared fact (src/shared/answers.ts, as the
 * header counts them).
 */
const phasesWithDataSql = sql<number[]>`coalesce((
  select jsonb_agg(distinct x.phase order by x.phase) from (
    select pd.phase_number as phase from ${phaseData} pd
    where pd.team_id = ${teams.id} and ${hasAnyAnswerSql(sql`pd.data`)}
    union
    select tf.given_in from ${teamFacts} tf
    where tf.team_id = ${teams.id} and ${isAnsweredTextSql(sql`tf.value`)}
  ) x
), '[]'::jsonb)`;

/**
 * The activities the team's own open pages show now, one entry per page (the live layer's presence rows,
 * fresh by their heartbeat; an instructor reading the team's work is not the team): where the team is now.
 */
const openPhasesSql = sql<number[]>`coalesce((
  select jsonb_agg(p.phase order by p.phase) from ${presence} p
  where p.team_id = ${teams.id} and not p.admin and p.phase between 1 and 8
    and p.seen_at > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})
), '[]'::jsonb)`;

/**
 * The activities a team's programme runs, as the done rule reads them: the standard's for a team in no
 * cohort or in a cohort that runs it, else its cohort's programme's (a switched-off activity is left out:
 * it is not part of that team's day).
 */
export type ProgrammeForms = {
  standard: readonly ActivityForm[];
  byProgramme: ReadonlyMap<
    string,
    { version: number; forms: readonly ActivityForm[]; switchedOff: readonly number[] }
  >;
};

/** The activities a team's programme switches off (none for the standard). */
export function switchedOffFor(programmes: ProgrammeForms, programmeId: string | null): readonly number[] {
  return (programmeId && programmes.byProgramme.get(programmeId)?.switchedOff) || [];
}

const compare = <T extends bigint | string>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every team with its cohort's name, what it runs (its programme), the phases it has data for and the
 * activities it has done (by the forms of the programme it runs): one query for the standard's teams and one for each programme in use (the
 * done rule's SQL is written for one set of forms; a `case` over several made PostgreSQL's plan explode).
 */
export async function listTeamsForAdmin(db: Database, programmes: ProgrammeForms): Promise<AdminTeam[]> {
  const groups: { where: SQL; forms: readonly ActivityForm[]; programme: TeamProgramme }[] = [
    {
      where: sql`(${cohorts.programmeId} is null${
        programmes.byProgramme.size > 0
          ? sql` or ${cohorts.programmeId} not in (${sql.join(
              [...programmes.byProgramme.keys()].map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      })`,
      forms: programmes.standard,
      programme: STANDARD_TEAM_PROGRAMME,
    },
    ...[...programmes.byProgramme].map(([id, { version, forms, switchedOff }]) => ({
      where: sql`${cohorts.programmeId} = ${id}::uuid`,
      forms,
      programme: { programmeId: id, version, switchedOff: [...switchedOff] },
    })),
  ];
  const lists = await Promise.all(
    groups.map(async ({ where, forms, programme }) => {
      const rows = await db
        .select({
          team: teams,
          cohortName: cohorts.name,
          phasesWithData: phasesWithDataSql,
          openPhases: openPhasesSql,
          activitiesDone: activitiesDoneSql(sql`${teams.id}`, forms, isSharedFactId),
          // Microseconds, as text: a JS Date would drop them, and two teams may be made in one millisecond.
          created: sql<string>`((extract(epoch from ${teams.createdAt}) * 1000000)::bigint)::text`,
        })
        .from(teams)
        .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
        .where(where);
      return rows.map(({ team, cohortName, phasesWithData, openPhases, activitiesDone, created }) => ({
        ...toTeam(team),
        phasesWithData: (phasesWithData ?? []).map(Number),
        openPhases: ((openPhases as number[] | null) ?? []).map(Number),
        activitiesDone: ((activitiesDone as number[] | null) ?? []).map(Number),
        progress: progressShare(team, programme.switchedOff),
        cohortName: cohortName ?? null,
        programme,
        order: [BigInt(created), team.id] as const,
      }));
    }),
  );
  // Oldest first, as one query would have listed them.
  return lists
    .flat()
    .sort((a, b) => compare(a.order[0], b.order[0]) || compare(a.order[1], b.order[1]))
    .map(({ order: _order, ...team }) => team);
}

/** One export row: the team, its cohort, and a per-phase count of answered fields (shared facts included). */
export type ExportRow = {
  team: TeamRow;
  cohortName: string | null;
  /** The programme its cohort runs; null: the standard. */
  programmeId: string | null;
  phasesWithData: number[];
  answeredByPhase: Record<string, number>;
  companyName: string | null;
  conceptName: string | null;
  /** The instructors' notes, one text ("Activity 2 (done): ..."), or null without any. */
  feedback: string | null;
  lastActivity: Date;
};

/** A shared fact's value (blank: none), or, for data never carried over, its first answer in phase order. */
function factSql(field: string) {
  return sql<string | null>`coalesce((
    select tf.value from ${teamFacts} tf
    where tf.team_id = ${teams.id} and tf.fact_id = ${field} and ${isAnsweredTextSql(sql`tf.value`)}
  ), (
    select pd.data ->> ${field} from ${phaseData} pd
    where pd.team_id = ${teams.id} and jsonb_typeof(pd.data -> ${field}) = 'string'
      and ${isAnsweredTextSql(sql`pd.data ->> ${field}`)}
    order by pd.phase_number limit 1
  ))`;
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
        programmeId: cohorts.programmeId,
        // Each activity's answers, and the shared facts counted in the activity they were first given in.
        phases: sql<{ phase: number; answered: number; updatedAt: string }[]>`coalesce((
          select jsonb_agg(jsonb_build_object(
            'phase', x.phase, 'answered', x.answered, 'updatedAt', x.updated_at
          ) order by x.phase)
          from (
            select u.phase, sum(u.answered)::int as answered, max(u.updated_at) as updated_at from (
              select pd.phase_number as phase, ${answeredCountSql(sql`pd.data`)} as answered, pd.updated_at
              from ${phaseData} pd where pd.team_id = ${teams.id}
              union all
              select tf.given_in, count(*), max(tf.updated_at)
              from ${teamFacts} tf where tf.team_id = ${teams.id} and ${isAnsweredTextSql(sql`tf.value`)}
              group by tf.given_in
            ) u group by u.phase
          ) x
        ), '[]'::jsonb)`,
        companyName: factSql('company_name'),
        conceptName: factSql('concept_name'),
        // The instructors' feedback, oldest first: "Activity 2 (done): ..." for each note.
        feedback: sql<string | null>`(
          select string_agg('Activity ' || fn.phase_number
            || case when fn.done_at is null then '' else ' (done)' end || ': ' || fn.body,
            ' | ' order by fn.created_at, fn.id)
          from ${feedbackNotes} fn where fn.team_id = ${teams.id}
        )`,
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
        programmeId: row.programmeId ?? null,
        // As the dashboard's list: the activities with at least one answer (a saved row may hold none).
        phasesWithData: phases.filter((p) => Number(p.answered) > 0).map((p) => Number(p.phase)),
        answeredByPhase: Object.fromEntries(phases.map((p) => [String(p.phase), Number(p.answered)])),
        companyName: row.companyName ?? null,
        conceptName: row.conceptName ?? null,
        feedback: row.feedback ?? null,
        lastActivity,
      };
    }
    if (page.length < batchSize) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.cursor, id: last.team.id };
  }
}
