import { describe, expect, it } from 'vitest';
import { TOTAL_PHASES } from './phases.ts';
import { renderPromptTemplate } from './prompt-template.ts';
import { SHARED_FACTS, isSharedFactId, sharedFact, sharedFactMismatches } from './shared-facts.ts';

describe('shared facts', () => {
  it('have unique snake_case ids, a home activity, and the running example as placeholder of a text', () => {
    const ids = SHARED_FACTS.map((fact) => fact.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const fact of SHARED_FACTS) {
      expect(fact.id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(fact.home).toBeGreaterThanOrEqual(1);
      expect(fact.home).toBeLessThanOrEqual(TOTAL_PHASES);
      if (fact.field.type === 'checkboxes') expect(fact.field.options.length).toBeGreaterThan(1);
      else expect(fact.field.placeholder.trim()).not.toBe('');
    }
  });

  it('are found by id', () => {
    expect(sharedFact('target_region')?.home).toBe(1);
    expect(isSharedFactId('company_name')).toBe(true);
    expect(isSharedFactId('research_questions')).toBe(false);
    expect(sharedFact('constructor')).toBeUndefined();
  });

  it('accept a field that matches, whatever its help and required', () => {
    const fact = sharedFact('company_name')!;
    const field = { id: fact.id, label: fact.label, ...fact.field, help: 'Anything', required: true };
    expect(sharedFactMismatches(field)).toEqual([]);
    expect(
      sharedFactMismatches({ id: 'company_name', label: 'Company name', placeholder: 'BrightSpark Labs' }),
    ).toEqual([]);
  });

  it('name every property in which a field differs', () => {
    const fact = sharedFact('target_audience')!;
    const problems = sharedFactMismatches({
      id: fact.id,
      label: 'Audience',
      type: 'text',
      placeholder: fact.field.placeholder,
      options: [{ value: 'a', label: 'A' }],
    });
    expect(problems.map((p) => p.key)).toEqual(['label', 'type', 'tooltip', 'options']);
    expect(problems[0]!.message).toBe(
      '"Target audience" is a shared fact, asked alike in every activity: its label must stay "Target audience", not "Audience".',
    );
    expect(problems[3]!.message).toMatch(/: its options must stay .*, not "A"\.$/);
  });

  it('let a team name ten sensitive areas, or none, and another in its own words', () => {
    const options = sharedFact('sensitive_areas')!.field.options!;
    // Stored answers keep their meaning: the values are as they were, a new area comes before "none", which
    // stays last and alone.
    expect(options.map((o) => o.value)).toEqual([
      'children',
      'health',
      'food',
      'finance',
      'personal_data',
      'safety',
      'advice',
      'employment',
      'employment_advice',
      'staff_records',
      'none',
    ]);
    expect(options.filter((o) => o.exclusive).map((o) => o.value)).toEqual(['none']);
    for (const option of options.filter((o) => !o.exclusive)) expect(option.description?.trim()).toBeTruthy();
    expect(options.map((o) => o.label)).toContain('Data about other people');
    expect(sharedFact('sensitive_areas')!.field.tooltip).toMatch(/employees, drivers, patients or pupils/);
    // "employment" keeps the meaning teams stored it with, under a name that says it; its neighbours split off
    // the other cases a business that ticked "Employment" might have meant.
    expect(options.find((o) => o.value === 'employment')?.label).toBe('Screening or monitoring workers');
    expect(options.find((o) => o.value === 'employment')?.description).toMatch(/test, check or monitor/);
    expect(options.find((o) => o.value === 'employment_advice')?.label).toBe(
      'Advising employers on their staff',
    );
    expect(options.find((o) => o.value === 'staff_records')?.label).toBe('Holding staff records');
    expect(sharedFact('own_sensitive_area')?.field.type).toBe('text');
    // Each area's wording fits a service as well as a product.
    expect(options.find((o) => o.value === 'health')?.description).toMatch(/a product or a service/);
  });

  it('keep the claims a team must not make in the business profile, shaped as Activity 3 asked them', () => {
    const claims = sharedFact('claims_to_avoid')!;
    expect(claims.home).toBe(1);
    // The field is the one Activity 3 had, so a programme copied before the move still matches it.
    expect({ id: claims.id, label: claims.label, ...claims.field }).toEqual({
      id: 'claims_to_avoid',
      label: 'Claims we must not make',
      type: 'text',
      placeholder: '"Makes your child smarter", IQ gains, medical or therapeutic benefits, guaranteed grades',
    });
  });

  it('switch each caution on by the value ticked, alone or with others', () => {
    const template = ['personal_data', 'safety', 'advice']
      .map((area) => `{{#if sensitive_areas has "${area}"}}[${area}]{{/if}}`)
      .join('');
    const cautions = (sensitive_areas: string) => renderPromptTemplate(template, { sensitive_areas });
    expect(cautions('safety, personal_data')).toBe('[personal_data][safety]');
    expect(cautions('advice')).toBe('[advice]');
    expect(cautions('finance, health')).toBe('');
    expect(cautions('none')).toBe('');
  });

  it('say nothing about a field that is not a shared fact', () => {
    expect(sharedFactMismatches({ id: 'research_questions', label: 'Anything' })).toEqual([]);
  });
});
