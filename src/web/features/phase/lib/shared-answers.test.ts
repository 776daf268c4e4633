import type { FormField } from '@shared/phase-config';
import { renderPromptTemplate } from '@shared/prompt-template';
import { describe, expect, it } from 'vitest';
import { factOrigins, formAnswers, promptContext } from './shared-answers.ts';

const field = (id: string, partial: Partial<FormField> = {}): FormField => ({
  id,
  label: id,
  type: 'text',
  required: false,
  ...partial,
});
const fields = [field('company_name'), field('concept_name'), field('pitch')];
const fact = (id: string, value: string, givenIn: number) => ({ id, value, givenIn, updatedAt: '' });

describe('shared facts in an activity', () => {
  it("fills a fact field from the team's copy, never from the activity's own old copy", () => {
    expect(
      formAnswers(fields, { company_name: 'Old', pitch: 'Grow it' }, { company_name: 'BrightSpark Labs' }),
    ).toEqual({ company_name: 'BrightSpark Labs', concept_name: '', pitch: 'Grow it' });
    // A fact the team does not hold yet keeps what the activity has.
    expect(formAnswers(fields, { company_name: 'Old' }, {})).toMatchObject({ company_name: 'Old' });
  });

  it('marks a fact outside the activity it was first given in (or its home while not given)', () => {
    const origins = factOrigins(6, fields, [fact('company_name', 'BrightSpark', 2)]);
    expect(Object.fromEntries(origins)).toEqual({
      company_name: 'First given in Activity 2 · Competition Analysis',
      concept_name: 'First given in Activity 5 · Brief Generation',
    });
    expect(factOrigins(2, fields, [fact('company_name', 'BrightSpark', 2)]).has('company_name')).toBe(false);
    // A cleared fact counts as not given: its home says where it belongs.
    expect(factOrigins(2, fields, [fact('company_name', ' ', 2)]).get('company_name')).toBe(
      'First given in Activity 1 · Market Research',
    );
  });

  it("renders a prompt with the typed answers, the facts and other activities' answers", () => {
    const context = promptContext(
      2,
      { 1: { research_findings: 'LEGO, KiwiCo' }, 2: { pitch: 'saved' } },
      { company_name: 'Saved name', sector: 'STEM toys' },
      { company_name: 'Typed name', pitch: 'typed' },
    );
    const template =
      '{{company_name}} ({{sector}}): {{pitch}}.{{#if phase1.research_findings}} Competitors: {{phase1.research_findings}}.{{/if}} {{phase1.company_name}} {{phase3.company_name}}';
    expect(renderPromptTemplate(template, context)).toBe(
      'Typed name (STEM toys): typed. Competitors: LEGO, KiwiCo. Typed name Typed name',
    );
  });
});
