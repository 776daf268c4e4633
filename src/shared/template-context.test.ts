import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderPromptTemplate } from './prompt-template.ts';
import { SHARED_FACT_IDS } from './shared-facts.ts';
import { buildTemplateContext } from './template-context.ts';

describe('buildTemplateContext', () => {
  const answers = {
    1: { company_name: 'Old Name Ltd', sector: 'STEM toys', research_findings: 'Competitors: A, B' },
    2: { company_name: 'Older Name', competitors: 'A; B', threat_summary: '' },
    5: { concept_name: 'SunBot Grow', unmet_need: 'Kits that last' },
  };
  const facts = { company_name: 'BrightSpark Labs', target_region: 'the United Kingdom' };

  it("puts this activity's answers and every shared fact under their plain ids", () => {
    const context = buildTemplateContext(2, answers, facts);
    expect(context.competitors).toBe('A; B');
    expect(context.company_name).toBe('BrightSpark Labs');
    expect(context.target_region).toBe('the United Kingdom');
    expect(context.research_findings).toBeUndefined();
  });

  it("puts every activity's answers under phaseN, with the team's one copy of each shared fact", () => {
    const context = buildTemplateContext(2, answers, facts);
    expect(context.phase1).toEqual({ ...answers[1], ...facts });
    expect(context.phase2).toEqual({ ...answers[2], ...facts });
    expect(context.phase3).toEqual(facts);
    expect(Object.keys(context).filter((k) => /^phase\d$/.test(k))).toEqual([
      'phase1',
      'phase2',
      'phase3',
      'phase4',
      'phase5',
      'phase6',
      'phase7',
      'phase8',
    ]);
  });

  it("keeps an activity's own copy of a fact the team's copy does not hold yet, and ignores unknown facts", () => {
    const context = buildTemplateContext(1, answers, { not_a_fact: 'x', concept_name: undefined });
    expect(context.company_name).toBe('Old Name Ltd');
    expect((context.phase2 as Record<string, unknown>).company_name).toBe('Older Name');
    expect((context.phase5 as Record<string, unknown>).concept_name).toBe('SunBot Grow');
    expect(context.not_a_fact).toBeUndefined();
  });

  it("uses the team's copy even when it is blank, so a cleared fact shows as a marker", () => {
    const context = buildTemplateContext(1, answers, { company_name: '' });
    expect(renderPromptTemplate('I work at {{company_name}}.', context)).toBe('I work at {{company_name}}.');
  });

  it('treats a missing, null or empty activity as an activity with no answers', () => {
    const context = buildTemplateContext(3, { 3: null, 4: undefined }, {});
    expect(context.phase3).toEqual({});
    expect(context.phase4).toEqual({});
  });

  it('lets a template build on an earlier activity, with its fallback when there is nothing yet', () => {
    const template =
      '{{#if phase1.research_findings}}Start from: {{phase1.research_findings}}{{else}}List the competitors.{{/if}} For {{company_name}}.';
    expect(renderPromptTemplate(template, buildTemplateContext(2, answers, facts))).toBe(
      'Start from: Competitors: A, B For BrightSpark Labs.',
    );
    expect(renderPromptTemplate(template, buildTemplateContext(2, {}, facts))).toBe(
      'List the competitors. For BrightSpark Labs.',
    );
    expect(renderPromptTemplate('{{phase2.threat_summary}}', buildTemplateContext(4, answers, facts))).toBe(
      '[not yet answered in Activity 2: threat summary]',
    );
  });

  it("never lets an answer named like an activity hide that activity's answers", () => {
    const context = buildTemplateContext(1, { 1: { phase2: 'sneaky' }, 2: { a: 'real' } }, {});
    expect(context.phase2).toEqual({ a: 'real' });
  });

  it('holds, for any answers, every fact of the team everywhere', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
    const activity = fc.dictionary(fc.constantFrom(...SHARED_FACT_IDS, 'x', 'y'), value);
    const team = fc.dictionary(fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8'), activity);
    const teamFacts = fc.dictionary(fc.constantFrom(...SHARED_FACT_IDS), fc.string());
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), team, teamFacts, (phase, answers, given) => {
        const context = buildTemplateContext(phase, answers, given);
        for (const [id, fact] of Object.entries(given)) {
          expect(context[id]).toBe(fact);
          for (let n = 1; n <= 8; n++)
            expect((context[`phase${n}`] as Record<string, unknown>)[id]).toBe(fact);
        }
      }),
    );
  });
});
