import type { Allowance } from '@shared/schemas/runs';
import { describe, expect, it } from 'vitest';
import { budgetLine, runsLeftText } from './budget-line';
import { limitsChange } from './limits-form';

const allowance: Allowance = {
  model: 'm',
  pricing: null,
  on: true,
  paused: false,
  budgetTokens: 50_000,
  cohortBudgetTokens: null,
  usedTokens: 8_000,
  reservedTokens: 6_000,
  tokensLeft: 36_000,
  runsLeft: 6,
  runsPerMinute: 3,
  blocked: null,
};

describe('the budget line', () => {
  it('says the runs left in words, and the tokens left as the server counted them', () => {
    expect(budgetLine(allowance)).toBe('Budget: about 6 runs left (36,000 of 50,000 tokens left).');
    expect(runsLeftText(1)).toBe('about 1 run left');
    expect(runsLeftText(0)).toBe('no run left');
  });

  it('never reads more used than the budget when the budget was lowered below what was spent', () => {
    const lowered = {
      ...allowance,
      budgetTokens: 1_000,
      usedTokens: 1_336,
      reservedTokens: 0,
      tokensLeft: 0,
      runsLeft: 0,
    };
    expect(budgetLine(lowered)).toBe('Budget: no run left (0 of 1,000 tokens left).');
  });

  it('names the cohort’s total when the team draws from it, and the cost spent where a price is set', () => {
    const shared = {
      ...allowance,
      cohortBudgetTokens: 20_000,
      tokensLeft: 12_000,
      runsLeft: 2,
      pricing: { inputPer1k: 1, outputPer1k: 3, currency: 'EUR' },
    };
    expect(budgetLine(shared)).toBe(
      'Budget: about 2 runs left (12,000 of 20,000 tokens left, shared with your cohort; spent about EUR 16.00).',
    );
  });
});

describe('the limits form', () => {
  const typed = { budget: '50,000', perMinute: '3', total: '' };

  it('sends what the server’s schema accepts: separators read, a blank total is none', () => {
    expect(limitsChange(typed, 6_000)).toEqual({
      change: { budgetTokens: 50_000, runsPerMinute: 3, cohortBudgetTokens: null },
    });
    expect(limitsChange({ ...typed, total: '200000' }, 6_000)).toEqual({
      change: { budgetTokens: 50_000, runsPerMinute: 3, cohortBudgetTokens: 200_000 },
    });
  });

  it('refuses a blank or a word (never sent as 0), and a budget below one run', () => {
    expect(limitsChange({ ...typed, budget: '' }, 6_000)).toEqual({
      problem: 'budgetTokens must be a number',
    });
    expect(limitsChange({ ...typed, perMinute: 'lots' }, 6_000)).toEqual({
      problem: 'runsPerMinute must be a number',
    });
    expect(limitsChange({ ...typed, budget: '5000' }, 6_000)).toEqual({
      problem: 'The budget per team must be at least 6,000: one run reserves that much.',
    });
    expect(limitsChange({ ...typed, total: '5000' }, 6_000)).toEqual({
      problem: 'The cohort total must be at least 6,000: one run reserves that much.',
    });
  });
});
