import { describe, expect, it } from 'vitest';
import { missingMarker, unmetNeeds } from './activity-needs.ts';
import type { Need } from './phase-config.ts';

const need: Need = {
  what: 'the competitors to score',
  fix: 'List them, or paste the competitor table into Market Research.',
  from: 1,
  anyOf: ['competitors', 'phase1.research_findings', 'evidence_approach == "web_research"'],
};

describe('unmetNeeds', () => {
  it('is met when any of its conditions holds', () => {
    expect(unmetNeeds([need], { competitors: 'A; B' })).toEqual([]);
    expect(unmetNeeds([need], { phase1: { research_findings: 'A table' } })).toEqual([]);
    expect(unmetNeeds([need], { evidence_approach: 'web_research' })).toEqual([]);
  });

  it('is unmet when none holds, blank answers included', () => {
    expect(unmetNeeds([need], {})).toEqual([need]);
    expect(
      unmetNeeds([need], { competitors: '  ', phase1: {}, evidence_approach: 'team_knowledge' }),
    ).toEqual([need]);
    expect(unmetNeeds(undefined, {})).toEqual([]);
  });

  it('never holds an unreadable condition', () => {
    expect(unmetNeeds([{ ...need, anyOf: ['a ==', '{{x}}'] }], { a: 'x' })).toHaveLength(1);
  });

  it('marks the gap in the prompt by what is missing', () => {
    expect(missingMarker(need)).toBe('[MISSING: the competitors to score]');
  });
});
