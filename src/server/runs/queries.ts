import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CohortRunSettings, Run, TeamRunUse } from '../../shared/schemas/runs.ts';
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

/** A team's standing: its cohort's settings (none: in no cohort, or an archived one) and what it spent. */
export type Standing = {
  paused: boolean;
  cohort: { on: boolean; budgetTokens: number; runsPerMinute: number } | null;
  usedTokens: number;
  reservedTokens: number;
  /** Runs started in the last minute. */
  recentRuns: number;
};

/**
 * What runs hold from the budget: a run in flight its reservation, unless it has been running longer than a
 * run may last (a crash cut it off: it holds nothing and is no longer `running` to anyone reading it).
 */
const heldSql = (maxRunMs: number) =>
  sql<number>`coalesce(sum(${modelRuns.reservedTokens}) filter (where ${modelRuns.status} = 'running' and ${modelRuns.createdAt} > now() - make_interval(secs => ${maxRunMs / 1000})), 0)::int`;
const usedSql = sql<number>`coalesce(sum(${modelRuns.promptTokens} + ${modelRuns.completionTokens}), 0)::int`;

async function standingOf(
  db: Database,
  teamId: string,
  maxRunMs: number,
  lock: boolean,
): Promise<Standing | undefined> {
  const query = db
    .select({
      paused: teams.runsPaused,
      on: cohorts.runsOn,
      archivedAt: cohorts.archivedAt,
      budgetTokens: cohorts.runBudgetTokens,
      runsPerMinute: cohorts.runsPerMinute,
    })
    .from(teams)
    .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
    .where(eq(teams.id, teamId));
  const [team] = lock ? await query.for('update', { of: teams }) : await query;
  if (!team) return undefined;
  const [use] = await db
    .select({
      used: usedSql,
      held: heldSql(maxRunMs),
      recent: sql<number>`count(*) filter (where ${modelRuns.createdAt} > now() - interval '1 minute')::int`,
    })
    .from(modelRuns)
    .where(eq(modelRuns.teamId, teamId));
  const active = team.on !== null && team.archivedAt === null;
  return {
    paused: team.paused,
    cohort: active
      ? { on: team.on!, budgetTokens: team.budgetTokens!, runsPerMinute: team.runsPerMinute! }
      : null,
    usedTokens: Number(use?.used ?? 0),
    reservedTokens: Number(use?.held ?? 0),
    recentRuns: Number(use?.recent ?? 0),
  };
}

export function teamStanding(db: Database, teamId: string, maxRunMs: number): Promise<Standing | undefined> {
  return standingOf(db, teamId, maxRunMs, false);
}

/** Why a run may not start, from the team's standing; undefined when it may. */
export type Refusal = 'no-cohort' | 'off' | 'paused' | 'rate' | 'budget';

export function refusalOf(standing: Standing, reserve: number): Refusal | undefined {
  if (!standing.cohort) return 'no-cohort';
  if (!standing.cohort.on) return 'off';
  if (standing.paused) return 'paused';
  if (standing.recentRuns >= standing.cohort.runsPerMinute) return 'rate';
  if (standing.usedTokens + standing.reservedTokens + reserve > standing.cohort.budgetTokens) return 'budget';
  return undefined;
}

/**
 * Starts a run if the team may: its row locked first, so two runs sent together are decided one after the
 * other (the second sees the first's reservation and its place in the minute's count), on every instance.
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
): Promise<{ row: ModelRunRow } | { refusal: Refusal; standing: Standing } | undefined> {
  return db.transaction(async (tx) => {
    const standing = await standingOf(tx as unknown as Database, run.teamId, run.maxRunMs, true);
    if (!standing) return undefined;
    const refusal = refusalOf(standing, run.reserve);
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
  change: { on?: boolean; budgetTokens?: number; runsPerMinute?: number },
): Promise<CohortRunSettings | undefined> {
  const [row] = await db
    .update(cohorts)
    .set({
      ...(change.on === undefined ? {} : { runsOn: change.on }),
      ...(change.budgetTokens === undefined ? {} : { runBudgetTokens: change.budgetTokens }),
      ...(change.runsPerMinute === undefined ? {} : { runsPerMinute: change.runsPerMinute }),
    })
    .where(eq(cohorts.tag, tag))
    .returning({
      tag: cohorts.tag,
      name: cohorts.name,
      on: cohorts.runsOn,
      budgetTokens: cohorts.runBudgetTokens,
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
      runsPerMinute: cohorts.runsPerMinute,
    })
    .from(cohorts)
    .where(isNull(cohorts.archivedAt))
    .orderBy(cohorts.name, cohorts.tag);
}

/** Every team's use: its runs, tokens and reservation, and whether it is paused. */
export async function listTeamRunUse(db: Database, maxRunMs: number): Promise<TeamRunUse[]> {
  const rows = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      cohortTag: teams.cohortTag,
      paused: teams.runsPaused,
      runs: sql<number>`count(${modelRuns.id})::int`,
      running: sql<number>`count(${modelRuns.id}) filter (where ${modelRuns.status} = 'running' and ${modelRuns.createdAt} > now() - make_interval(secs => ${maxRunMs / 1000}))::int`,
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
