import type { Allowance, CohortRunSettings, TeamRunUse } from '../../shared/schemas/runs.ts';
import { RUN_BUDGET_MIN } from '../../shared/model-runs.ts';
import type { ModelConfig } from '../config.ts';
import { conflict, forbidden, HttpError } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';

/**
 * The runs' rules, in one place (docs/decisions/056-runs-an-institute-can-trust-with-its-bill.md): when a
 * team may start a run, what a run reserves and is charged, and what a team has left. The routes ask these;
 * the queries only read and write what they decide.
 */

/** A team's standing: its cohort's settings (none: in no cohort, or an archived one) and what it spent. */
export type Standing = {
  paused: boolean;
  cohort: {
    on: boolean;
    budgetTokens: number;
    runsPerMinute: number;
    /** The cohort's own total, that all its teams draw from; null: none, each team has its budget only. */
    cohortBudgetTokens: number | null;
  } | null;
  usedTokens: number;
  reservedTokens: number;
  /** Runs started in the last minute. */
  recentRuns: number;
  /** The team's runs in flight now (on every instance). */
  runningRuns: number;
  /** What every team of the cohort spent, and holds in flight. */
  cohortUsedTokens: number;
  cohortReservedTokens: number;
};

/** Why a run may not start, from the team's standing. */
export type Refusal = 'no-cohort' | 'off' | 'paused' | 'busy' | 'rate' | 'budget' | 'cohort-budget';

/**
 * Tokens an activity's prompt is taken to need when a team's line counts its runs left, and what the
 * smallest budget holds beside one answer: above every standard activity's prompt filled in full.
 */
export const RUN_PROMPT_ALLOWANCE = 4_000;

/** What one typical run reserves: a prompt's allowance and the most an answer may take. */
export function oneRunReservation(model: Pick<ModelConfig, 'maxOutputTokens'>): number {
  return RUN_PROMPT_ALLOWANCE + model.maxOutputTokens;
}

/** The smallest budget an instructor may set (a team's or the cohort's): one run's reservation. */
export function smallestBudget(model: Pick<ModelConfig, 'maxOutputTokens'>): number {
  return Math.max(RUN_BUDGET_MIN, oneRunReservation(model));
}

/** What a run reserves: its prompt as counted, and the most its answer may take. */
export function reservationOf(promptTokens: number, model: Pick<ModelConfig, 'maxOutputTokens'>): number {
  return promptTokens + model.maxOutputTokens;
}

/** Tokens the team may still reserve: its budget's and its cohort's, the smaller; never below zero. */
export function tokensLeft(standing: Standing): number {
  const cohort = standing.cohort;
  if (!cohort) return 0;
  const team = cohort.budgetTokens - standing.usedTokens - standing.reservedTokens;
  const shared =
    cohort.cohortBudgetTokens === null
      ? Number.POSITIVE_INFINITY
      : cohort.cohortBudgetTokens - standing.cohortUsedTokens - standing.cohortReservedTokens;
  return Math.max(0, Math.min(team, shared));
}

/** Why a run reserving `reserve` may not start; undefined when it may. */
export function refusalOf(standing: Standing, reserve: number, runsPerTeam: number): Refusal | undefined {
  const cohort = standing.cohort;
  if (!cohort) return 'no-cohort';
  if (!cohort.on) return 'off';
  if (standing.paused) return 'paused';
  if (standing.runningRuns >= runsPerTeam) return 'busy';
  if (standing.recentRuns >= cohort.runsPerMinute) return 'rate';
  if (standing.usedTokens + standing.reservedTokens + reserve > cohort.budgetTokens) return 'budget';
  if (
    cohort.cohortBudgetTokens !== null &&
    standing.cohortUsedTokens + standing.cohortReservedTokens + reserve > cohort.cohortBudgetTokens
  )
    return 'cohort-budget';
  return undefined;
}

/** A refusal as the team reads it, and its status. */
export function refusalError(refusal: Refusal, standing: Standing, reserve: number): HttpError {
  switch (refusal) {
    case 'no-cohort':
      return forbidden(MESSAGES.runsNoCohort);
    case 'off':
      return forbidden(MESSAGES.runsOff);
    case 'paused':
      return forbidden(MESSAGES.runsPaused);
    case 'busy':
      return conflict(MESSAGES.runInFlight);
    case 'rate':
      return new HttpError(429, MESSAGES.tooManyRuns(standing.cohort!.runsPerMinute), {
        'retry-after': '60',
      });
    case 'budget':
      return conflict(MESSAGES.runBudgetSpent(tokensLeft(standing), reserve));
    case 'cohort-budget':
      return conflict(MESSAGES.cohortBudgetSpent(tokensLeft(standing), reserve));
  }
}

/**
 * What a run is charged: the provider's count when it gave one, else the server's own; never more than the
 * run reserved (the prompt's part at most what was counted for it, the answer's at most the rest).
 */
export function chargeOf(
  reserved: { promptTokens: number; total: number },
  counted: { promptTokens: number; completionTokens: number },
): { promptTokens: number; completionTokens: number } {
  const promptTokens = Math.max(0, Math.min(counted.promptTokens, reserved.promptTokens, reserved.total));
  const completionTokens = Math.max(0, Math.min(counted.completionTokens, reserved.total - promptTokens));
  return { promptTokens, completionTokens };
}

/** What a team may spend now, as its line and the dashboard show it. */
export function allowanceOf(standing: Standing, model: ModelConfig, runsPerTeam: number): Allowance {
  const typical = oneRunReservation(model);
  // A team's line says whether a typical run may start once its own run in flight has ended (it is charged
  // no more than it holds): a run going on is no reason to say the budget is spent.
  const settled: Standing = {
    ...standing,
    recentRuns: 0,
    runningRuns: 0,
    reservedTokens: 0,
    cohortReservedTokens: standing.cohortReservedTokens - standing.reservedTokens,
  };
  const refusal = refusalOf(settled, typical, runsPerTeam);
  const left = tokensLeft(standing);
  return {
    model: model.model,
    pricing: model.pricing ?? null,
    on: standing.cohort?.on ?? false,
    paused: standing.paused,
    budgetTokens: standing.cohort?.budgetTokens ?? 0,
    cohortBudgetTokens: standing.cohort?.cohortBudgetTokens ?? null,
    usedTokens: standing.usedTokens,
    reservedTokens: standing.reservedTokens,
    tokensLeft: left,
    runsLeft: Math.floor(left / typical),
    runsPerMinute: standing.cohort?.runsPerMinute ?? 0,
    blocked: refusal ? refusalError(refusal, standing, typical).message : null,
  };
}

/** Each team's use with what it has left, by the same rule as its own line (its cohort's total included). */
export function teamsWithTokensLeft(
  cohorts: readonly CohortRunSettings[],
  teams: readonly Omit<TeamRunUse, 'tokensLeft'>[],
): TeamRunUse[] {
  const spent = new Map<string, { used: number; held: number }>();
  for (const team of teams) {
    if (team.cohortTag === null) continue;
    const sum = spent.get(team.cohortTag) ?? { used: 0, held: 0 };
    sum.used += team.promptTokens + team.completionTokens;
    sum.held += team.reservedTokens;
    spent.set(team.cohortTag, sum);
  }
  return teams.map((team) => {
    const cohort = cohorts.find((c) => c.tag === team.cohortTag);
    const total = spent.get(team.cohortTag ?? '') ?? { used: 0, held: 0 };
    const standing: Standing = {
      paused: team.paused,
      cohort: cohort ? { ...cohort } : null,
      usedTokens: team.promptTokens + team.completionTokens,
      reservedTokens: team.reservedTokens,
      recentRuns: 0,
      runningRuns: team.running,
      cohortUsedTokens: total.used,
      cohortReservedTokens: total.held,
    };
    return { ...team, tokensLeft: tokensLeft(standing) };
  });
}
