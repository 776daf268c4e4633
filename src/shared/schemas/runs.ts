import { z } from 'zod';
import {
  COHORT_BUDGET_MAX,
  RUN_BUDGET_MAX,
  RUN_BUDGET_MIN,
  RUNS_PER_MINUTE_MAX,
  RUNS_PER_MINUTE_MIN,
} from '../model-runs.ts';
import { PhaseNumberSchema } from '../phase-config.ts';

/**
 * Running a prompt on the institute's model (docs/product.md, Running a prompt in the app): a team's runs,
 * what it may still spend, the instructor's controls, and the lines a run's answer streams in.
 */

export const RUN_STATUSES = ['running', 'done', 'stopped', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** One run: the prompt as sent (rendered by the server), the answer as written (text, never markup), the model and its count. */
export const RunSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  phaseNumber: z.number().int(),
  prompt: z.string(),
  answer: z.string(),
  model: z.string(),
  status: z.enum(RUN_STATUSES),
  /** Why a run failed or was stopped, in words for the team; null when it did not. */
  error: z.string().nullable(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

export const PricingSchema = z.object({
  inputPer1k: z.number(),
  outputPer1k: z.number(),
  currency: z.string(),
});
export type Pricing = z.infer<typeof PricingSchema>;

/** What a team may spend now, and why it may not run (null: it may). */
export const AllowanceSchema = z.object({
  model: z.string(),
  pricing: PricingSchema.nullable(),
  /** The cohort's instructor has switched runs on (a team in no cohort: false). */
  on: z.boolean(),
  /** The instructor paused this team. */
  paused: z.boolean(),
  budgetTokens: z.number().int(),
  /** The cohort's total that all its teams draw from (null: none). */
  cohortBudgetTokens: z.number().int().nullable(),
  usedTokens: z.number().int(),
  /** Held by runs in flight: charged when they end. */
  reservedTokens: z.number().int(),
  /** What the team may still reserve: its budget's and its cohort's left, the smaller; never below zero. */
  tokensLeft: z.number().int(),
  /** Typical runs that fit in what is left ("about 6 runs left"). */
  runsLeft: z.number().int(),
  runsPerMinute: z.number().int(),
  /** Why a run cannot start now, in words for the team (null: it can, unless it is the minute's last). */
  blocked: z.string().nullable(),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

/** `GET /api/teams/:teamId/runs`: the team's runs, newest first, and its allowance. */
export const TeamRunsSchema = z.object({ runs: z.array(RunSchema), allowance: AllowanceSchema });
export type TeamRuns = z.infer<typeof TeamRunsSchema>;

/**
 * Body of `POST /api/teams/:teamId/runs` (the team): which activity's prompt to run. The server renders it
 * from the team's saved answers, as the preview shows it; the page never sends the text.
 */
export const NewRunBodySchema = z.strictObject(
  { phaseNumber: PhaseNumberSchema },
  { error: 'Name the activity (phaseNumber) only: the server renders its prompt from your saved answers.' },
);
export type NewRunBody = z.infer<typeof NewRunBodySchema>;

/**
 * The lines of a run's answer (`application/x-ndjson`, one JSON object a line): `start` (the run as saved),
 * `delta` (the next part of the answer), then `end` (the run as saved at its end: done, stopped or failed).
 */
export const RunLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), run: RunSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('end'), run: RunSchema }),
]);
export type RunLine = z.infer<typeof RunLineSchema>;

/** Body of `PATCH /api/admin/cohorts/:tag/runs`: any of the cohort's run settings. */
export const CohortRunSettingsBodySchema = z
  .object({
    on: z.boolean({ message: 'on must be true or false' }).optional(),
    budgetTokens: z
      .number({ message: 'budgetTokens must be a number' })
      .int('budgetTokens must be a whole number')
      .min(RUN_BUDGET_MIN, `budgetTokens must be at least ${RUN_BUDGET_MIN}`)
      .max(RUN_BUDGET_MAX, `budgetTokens must be at most ${RUN_BUDGET_MAX}`)
      .optional(),
    cohortBudgetTokens: z
      .number({ message: 'cohortBudgetTokens must be a number or null' })
      .int('cohortBudgetTokens must be a whole number')
      .min(RUN_BUDGET_MIN, `cohortBudgetTokens must be at least ${RUN_BUDGET_MIN}`)
      .max(COHORT_BUDGET_MAX, `cohortBudgetTokens must be at most ${COHORT_BUDGET_MAX}`)
      .nullable()
      .optional(),
    runsPerMinute: z
      .number({ message: 'runsPerMinute must be a number' })
      .int('runsPerMinute must be a whole number')
      .min(RUNS_PER_MINUTE_MIN, `runsPerMinute must be at least ${RUNS_PER_MINUTE_MIN}`)
      .max(RUNS_PER_MINUTE_MAX, `runsPerMinute must be at most ${RUNS_PER_MINUTE_MAX}`)
      .optional(),
  })
  .strict()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Name a setting to change: on, budgetTokens, cohortBudgetTokens or runsPerMinute.',
  );

export type CohortRunSettingsChange = z.infer<typeof CohortRunSettingsBodySchema>;

export const CohortRunSettingsSchema = z.object({
  tag: z.string(),
  name: z.string(),
  on: z.boolean(),
  budgetTokens: z.number().int(),
  cohortBudgetTokens: z.number().int().nullable(),
  runsPerMinute: z.number().int(),
});
export type CohortRunSettings = z.infer<typeof CohortRunSettingsSchema>;

/** Body of `PATCH /api/admin/teams/:teamId/runs`: pause the team's runs, or let them go on. */
export const TeamRunPauseBodySchema = z.object({
  paused: z.boolean({ message: 'paused must be true or false' }),
});

/** A team's use, as the dashboard shows it. */
export const TeamRunUseSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  cohortTag: z.string().nullable(),
  paused: z.boolean(),
  runs: z.number().int(),
  running: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  reservedTokens: z.number().int(),
  /** What the team may still reserve: its budget's and its cohort's left, the smaller (the server's rule). */
  tokensLeft: z.number().int(),
  lastRunAt: z.string().nullable(),
});
export type TeamRunUse = z.infer<typeof TeamRunUseSchema>;

/** `GET /api/admin/runs`: the model, every active cohort's settings and every team's use. */
export const AdminRunsSchema = z.object({
  model: z.string(),
  pricing: PricingSchema.nullable(),
  /** The smallest budget the server accepts (a team's or a cohort's): one run's reservation. */
  smallestBudgetTokens: z.number().int(),
  cohorts: z.array(CohortRunSettingsSchema),
  teams: z.array(TeamRunUseSchema),
});
export type AdminRuns = z.infer<typeof AdminRunsSchema>;
