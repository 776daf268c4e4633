import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CohortRunSettings, Run, TeamRunUse } from '../../shared/schemas/runs.ts';
import type { Refusal, Standing } from './rules.ts';
import type { Database } from '../db/client.ts';
import { cohorts, type ModelRunRow, modelRuns, teams } from '../db/schema.ts';

export function toRun(row: ModelRunRow): Run {
  return {
    id: row.id,
    teamId: row.teamId,
    phaseNumber: row.phaseNumber,
    prompt: row.prompt,
    answer: row.answer,
    model: row.model,
    status: row.status as Run['status'],
    error: row.error,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * What runs hold from the budget: a run in flight its reservation, unless it has been running longer than a
 * run may last (a crash cut it off: it holds nothing and is no longer `running` to anyone reading it).
 */
const heldSql = (maxRunMs: number) =>
  sql<number>`coalesce(sum(${modelRuns.reservedTokens}) filter (where ${modelRuns.status} = 'running' and ${modelRuns.createdAt} > now() - make_interval(secs => ${maxRunMs / 1000})), 0)::int`;
const usedSql = sql<number>`coalesce(sum(${modelRuns.promptTokens} + ${modelRuns.completionTokens}), 0)::int`;

const runningSql = (maxRunMs: number) =>
  sql<number>`count(*) filter (where ${modelRuns.status} = 'running' and ${modelRuns.createdAt} > now() - make_interval(secs => ${maxRunMs / 1000}))::int`;

/**
 * The team's standing. `lock`: its row, and its cohort's, are locked until the transaction ends, so runs sent
 * together (by one team, or by the teams of one cohort) are decided one after the other, on every instance.
 */
async function standingOf(
  db: Database,
  teamId: string,
  maxRunMs: number,
  lock: boolean,
): Promise<Standing | undefined> {
  const teamQuery = db
    .select({ paused: teams.runsPaused, cohortTag: teams.cohortTag })
    .from(teams)
    .where(eq(teams.id, teamId));
  const [team] = lock ? await teamQuery.for('update') : await teamQuery;
  if (!team) return undefined;
  const cohortQuery = db
    .select({
      on: cohorts.runsOn,
      archivedAt: cohorts.archivedAt,
      budgetTokens: cohorts.runBudgetTokens,
      cohortBudgetTokens: cohorts.runCohortBudgetTokens,
      runsPerMinute: cohorts.runsPerMinute,
    })
    .from(cohorts)
    .where(eq(cohorts.tag, team.cohortTag ?? ''));
  const [cohort] = team.cohortTag === null ? [] : lock ? await cohortQuery.for('update') : await cohortQuery;
  const [use] = await db
    .select({
      used: usedSql,
      held: heldSql(maxRunMs),
      running: runningSql(maxRunMs),
      recent: sql<number>`count(*) filter (where ${modelRuns.createdAt} > now() - interval '1 minute')::int`,
    })
    .from(modelRuns)
    .where(eq(modelRuns.teamId, teamId));
  const active = cohort !== undefined && cohort.archivedAt === null;
  // The cohort's total: what every team in it spent and holds (read only when the cohort has one).
  let cohortUse = { used: 0, held: 0 };
  if (active && cohort.cohortBudgetTokens !== null) {
    const [row] = await db
      .select({ used: usedSql, held: heldSql(maxRunMs) })
      .from(modelRuns)
      .innerJoin(teams, eq(teams.id, modelRuns.teamId))
      .where(eq(teams.cohortTag, team.cohortTag!));
    cohortUse = { used: Number(row?.used ?? 0), held: Number(row?.held ?? 0) };
  }
  return {
    paused: team.paused,
    cohort: active
      ? {
          on: cohort.on,
          budgetTokens: cohort.budgetTokens,
          runsPerMinute: cohort.runsPerMinute,
          cohortBudgetTokens: cohort.cohortBudgetTokens,
        }
      : null,
    usedTokens: Number(use?.used ?? 0),
    reservedTokens: Number(use?.held ?? 0),
    recentRuns: Number(use?.recent ?? 0),
    runningRuns: Number(use?.running ?? 0),
    cohortUsedTokens: cohortUse.used,
    cohortReservedTokens: cohortUse.held,
  };
}

export function teamStanding(db: Database, teamId: string, maxRunMs: number): Promise<Standing | undefined> {
  return standingOf(db, teamId, maxRunMs, false);
}

/**
 * Starts a run if `refusalOf` finds no reason not to: the team's row and its cohort's locked first, so two runs
 * sent together are decided one after the other (the second sees the first's reservation, its place in the
 * minute's count and in the cohort's total), on every instance.
 */
export async function startRun(
  db: Database,
  run: {
    teamId: string;
    phaseNumber: number;
    prompt: string;
    model: string;
    reserve: number;
    maxRunMs: number;
  },
  refusalOf: (standing: Standing) => Refusal | undefined,
): Promise<{ row: ModelRunRow } | { refusal: Refusal; standing: Standing } | undefined> {
  return db.transaction(async (tx) => {
    const standing = await standingOf(tx as unknown as Database, run.teamId, run.maxRunMs, true);
    if (!standing) return undefined;
    const refusal = refusalOf(standing);
    if (refusal) return { refusal, standing };
    const [row] = await tx
      .insert(modelRuns)
      .values({
        teamId: run.teamId,
        phaseNumber: run.phaseNumber,
        prompt: run.prompt,
        model: run.model,
        reservedTokens: run.reserve,
      })
      .returning();
    return { row: row! };
  });
}

/** Ends a run: its answer, its tokens charged and its reservation given back. Undefined if it had ended. */
export async function finishRun(
  db: Database,
  runId: string,
  end: {
    status: 'done' | 'stopped' | 'failed';
    answer: string;
    error: string | null;
    promptTokens: number;
    completionTokens: number;
  },
): Promise<ModelRunRow | undefined> {
  const [row] = await db
    .update(modelRuns)
    .set({ ...end, reservedTokens: 0, finishedAt: sql`now()` })
    .where(and(eq(modelRuns.id, runId), eq(modelRuns.status, 'running')))
    .returning();
  return row;
}

/** The team's runs, newest first (at most `limit`). */
export async function listRuns(db: Database, teamId: string, limit = 200): Promise<ModelRunRow[]> {
  return db
    .select()
    .from(modelRuns)
    .where(eq(modelRuns.teamId, teamId))
    .orderBy(desc(modelRuns.createdAt), desc(modelRuns.id))
    .limit(limit);
}

/** A cohort's run settings changed (only what is named); undefined for an unknown cohort. */
export async function setCohortRunSettings(
  db: Database,
  tag: string,
  change: { on?: boolean; budgetTokens?: number; cohortBudgetTokens?: number | null; runsPerMinute?: number },
): Promise<CohortRunSettings | undefined> {
  const [row] = await db
    .update(cohorts)
    .set({
      ...(change.on === undefined ? {} : { runsOn: change.on }),
      ...(change.budgetTokens === undefined ? {} : { runBudgetTokens: change.budgetTokens }),
      ...(change.runsPerMinute === undefined ? {} : { runsPerMinute: change.runsPerMinute }),
      ...(change.cohortBudgetTokens === undefined
        ? {}
        : { runCohortBudgetTokens: change.cohortBudgetTokens }),
    })
    .where(eq(cohorts.tag, tag))
    .returning({
      tag: cohorts.tag,
      name: cohorts.name,
      on: cohorts.runsOn,
      budgetTokens: cohorts.runBudgetTokens,
      cohortBudgetTokens: cohorts.runCohortBudgetTokens,
      runsPerMinute: cohorts.runsPerMinute,
    });
  return row;
}

/** Pauses a team's runs or lets them go on; false for an unknown team. */
export async function setTeamRunsPaused(db: Database, teamId: string, paused: boolean): Promise<boolean> {
  const rows = await db
    .update(teams)
    .set({ runsPaused: paused })
    .where(eq(teams.id, teamId))
    .returning({ id: teams.id });
  return rows.length > 0;
}

/** Every active cohort's settings, by name. */
export async function listCohortRunSettings(db: Database): Promise<CohortRunSettings[]> {
  return db
    .select({
      tag: cohorts.tag,
      name: cohorts.name,
      on: cohorts.runsOn,
      budgetTokens: cohorts.runBudgetTokens,
      cohortBudgetTokens: cohorts.runCohortBudgetTokens,
      runsPerMinute: cohorts.runsPerMinute,
    })
    .from(cohorts)
    .where(isNull(cohorts.archivedAt))
    .orderBy(cohorts.name, cohorts.tag);
}

/** Every team's use: its runs, tokens and reservation, and whether it is paused. */
export async function listTeamRunUse(
  db: Database,
  maxRunMs: number,
): Promise<Omit<TeamRunUse, 'tokensLeft'>[]> {
  const rows = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      cohortTag: teams.cohortTag,
      paused: teams.runsPaused,
      runs: sql<number>`count(${modelRuns.id})::int`,
      running: runningSql(maxRunMs),
      promptTokens: sql<number>`coalesce(sum(${modelRuns.promptTokens}), 0)::int`,
      completionTokens: sql<number>`coalesce(sum(${modelRuns.completionTokens}), 0)::int`,
      reservedTokens: heldSql(maxRunMs),
      lastRunAt: sql<Date | string | null>`max(${modelRuns.createdAt})`,
    })
    .from(teams)
    .leftJoin(modelRuns, eq(modelRuns.teamId, teams.id))
    .groupBy(teams.id)
    .orderBy(teams.name, teams.id);
  return rows.map((r) => ({
    teamId: r.teamId,
    teamName: r.teamName,
    cohortTag: r.cohortTag,
    paused: r.paused,
    runs: Number(r.runs),
    running: Number(r.running),
    promptTokens: Number(r.promptTokens),
    completionTokens: Number(r.completionTokens),
    reservedTokens: Number(r.reservedTokens),
    lastRunAt: r.lastRunAt === null ? null : new Date(r.lastRunAt).toISOString(),
  }));
}

/** Runs still `running` past the longest a run may last were cut off by a crash: marked failed; how many. */
export async function sweepInterruptedRuns(db: Database, maxRunMs: number, error: string): Promise<number> {
  const rows = await db
    .update(modelRuns)
    .set({ status: 'failed', error, reservedTokens: 0, finishedAt: sql`now()` })
    .where(
      and(
        eq(modelRuns.status, 'running'),
        sql`${modelRuns.createdAt} < now() - make_interval(secs => ${maxRunMs / 1000})`,
      ),
    )
    .returning({ id: modelRuns.id });
  return rows.length;
}
