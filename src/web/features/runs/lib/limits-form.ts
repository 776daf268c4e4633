import { CohortRunSettingsBodySchema, type CohortRunSettingsChange } from '@shared/schemas/runs';

/** The cohort's limits as typed in the dashboard's form (text, as the inputs hold it). */
export type LimitsInput = { budget: string; perMinute: string; total: string };

/** A typed number: whole digits only (separators allowed), else NaN, so a blank is never read as 0. */
function wholeNumber(text: string): number {
  const digits = text.replace(/[\s,_]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * The change the form asks for, parsed with the server's own schema, or the reason it cannot be sent: a
 * blank or a word is refused here with the schema's words, a budget below one run's reservation too. The
 * cohort's total left blank means none.
 */
export function limitsChange(
  input: LimitsInput,
  smallestBudget: number,
): { change: CohortRunSettingsChange } | { problem: string } {
  const total = input.total.trim() === '' ? null : wholeNumber(input.total);
  const parsed = CohortRunSettingsBodySchema.safeParse({
    budgetTokens: wholeNumber(input.budget),
    runsPerMinute: wholeNumber(input.perMinute),
    cohortBudgetTokens: total,
  });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Check the limits.' };
  for (const [name, value] of [
    ['The budget per team', parsed.data.budgetTokens],
    ['The cohort total', parsed.data.cohortBudgetTokens],
  ] as const) {
    if (typeof value === 'number' && value < smallestBudget) {
      return {
        problem: `${name} must be at least ${smallestBudget.toLocaleString('en')}: one run reserves that much.`,
      };
    }
  }
  return { change: parsed.data };
}
