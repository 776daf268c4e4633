/**
 * Running an activity's prompt on the institute's chat model (docs/product.md, Running a prompt in the app):
 * the rules both sides agree on. Kept apart from the schemas (zod) so the page that only needs a note or an
 * estimate does not load them.
 */

/** A team's budget, in tokens: what an instructor may set, and what a cohort starts with. */
export const RUN_BUDGET_MIN = 1_000;
export const RUN_BUDGET_MAX = 10_000_000;
export const RUN_BUDGET_DEFAULT = 50_000;
/** A cohort's own total, that all its teams draw from (optional), in tokens: the most an instructor may set. */
export const COHORT_BUDGET_MAX = 1_000_000_000;

/** Runs a team may start in one minute: what an instructor may set, and what a cohort starts with. */
export const RUNS_PER_MINUTE_MIN = 1;
export const RUNS_PER_MINUTE_MAX = 60;
export const RUNS_PER_MINUTE_DEFAULT = 3;

/**
 * What an activity asks for that a chat model cannot do, by activity number: the page says so beside
 * "Run", and copying the prompt into an assistant that can stays the way.
 */
export const BEYOND_A_CHAT_MODEL: Readonly<Record<number, string>> = {
  1: 'web research',
  3: 'web research',
  6: 'images',
  7: 'a voice',
};

/** The note for an activity whose prompt needs more than a chat model; undefined when it needs no more. */
export function beyondChatModelNote(phaseNumber: number): string | undefined {
  const what = BEYOND_A_CHAT_MODEL[phaseNumber];
  if (!what) return undefined;
  return `This activity needs ${what}, which a chat model here cannot do: its answer may be made up or out of date. For the real thing, copy the prompt into an assistant that can.`;
}

/**
 * Tokens a text is likely to take, before the model counts them: about four characters a token in English.
 * What a run reserves from the budget is this for the prompt plus the most the answer may take; the model's
 * own count is what is charged when it gives one.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The cost of tokens at a price per thousand, read and written: an estimate, never a bill. */
export function estimateCost(
  tokens: { prompt: number; completion: number },
  pricing: { inputPer1k: number; outputPer1k: number },
): number {
  return (tokens.prompt * pricing.inputPer1k + tokens.completion * pricing.outputPer1k) / 1000;
}

/** "about USD 0.42" (a price of nothing: "no cost"). */
export function formatCost(amount: number, currency: string): string {
  if (amount === 0) return 'no cost';
  const digits = amount < 0.01 ? 4 : 2;
  return `about ${currency} ${amount.toFixed(digits)}`;
}
