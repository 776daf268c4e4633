import { estimateCost, formatCost } from '@shared/model-runs';
import type { Allowance, Pricing } from '@shared/schemas/runs';

/** "1,234 tokens (about EUR 0.01)": the estimate only where a price is configured. */
export function tokensText(tokens: { prompt: number; completion: number }, pricing: Pricing | null): string {
  const total = tokens.prompt + tokens.completion;
  const text = `${total.toLocaleString('en')} ${total === 1 ? 'token' : 'tokens'}`;
  return pricing ? `${text} (${formatCost(estimateCost(tokens, pricing), pricing.currency)})` : text;
}

/** "about 6 runs left", "about 1 run left", "no run left". */
export function runsLeftText(runsLeft: number): string {
  if (runsLeft <= 0) return 'no run left';
  return `about ${runsLeft.toLocaleString('en')} ${runsLeft === 1 ? 'run' : 'runs'} left`;
}

/**
 * What the team may still spend, in one line, from what the server counted (its tokens left are the
 * server's rule: the team's budget and its cohort's total, what runs in flight hold, never below zero).
 */
export function budgetLine(allowance: Allowance): string {
  const budget =
    allowance.cohortBudgetTokens === null
      ? allowance.budgetTokens
      : Math.min(allowance.budgetTokens, allowance.cohortBudgetTokens);
  const left = `${allowance.tokensLeft.toLocaleString('en')} of ${budget.toLocaleString('en')} tokens left`;
  const runs = runsLeftText(allowance.runsLeft);
  const shared = allowance.cohortBudgetTokens === null ? '' : ', shared with your cohort';
  if (!allowance.pricing || allowance.usedTokens === 0) return `Budget: ${runs} (${left}${shared}).`;
  const rate = (allowance.pricing.inputPer1k + allowance.pricing.outputPer1k) / 2;
  const spent = formatCost((allowance.usedTokens * rate) / 1000, allowance.pricing.currency);
  return `Budget: ${runs} (${left}${shared}; spent ${spent}).`;
}
