import { describe, expect, it } from 'vitest';
import {
  sharedFactsIn,
  WORKED_EXAMPLE_COLOUR,
  workedExampleAnswer,
  workedExampleAnswers,
  workedExampleTeam,
} from './worked-example.ts';

const options = (...values: string[]) => values.map((value) => ({ value, label: value }));

describe('the worked example as answers', () => {
  it("answers a choice with the worked example's choice, or the first option when it names none", () => {
    expect(
      workedExampleAnswer({ id: 'tone', type: 'select', options: options('scientific', 'parent_friendly') }),
    ).toBe('parent_friendly');
    expect(
      workedExampleAnswer({ id: 'rule_regions', type: 'checkboxes', options: options('us', 'canada') }),
    ).toBe('us, canada');
    expect(
      workedExampleAnswer({ id: 'new_choice', type: 'select', options: options('first', 'second') }),
    ).toBe('first');
  });

  it('answers a text with its placeholder, a colour with the brand colour, and a text without example not at all', () => {
    expect(workedExampleAnswer({ id: 'sector', type: 'text', placeholder: 'solar robot kits' })).toBe(
      'solar robot kits',
    );
    expect(workedExampleAnswer({ id: 'brand_color', type: 'color' })).toBe(WORKED_EXAMPLE_COLOUR);
    expect(workedExampleAnswer({ id: 'notes', type: 'textarea', placeholder: '  ' })).toBeUndefined();
    expect(workedExampleAnswer({ id: 'notes', type: 'textarea' })).toBeUndefined();
  });

  it("gives an activity's answers, the shared facts among them, and a whole team", () => {
    const research = {
      phase: 1,
      fields: [
        {
          id: 'company_name',
          label: 'Company',
          type: 'text' as const,
          required: true,
          placeholder: 'BrightSpark Labs',
        },
        { id: 'notes', label: 'Notes', type: 'textarea' as const, required: false },
        {
          id: 'exclusions',
          label: 'Exclusions',
          type: 'text' as const,
          required: false,
          placeholder: 'toys',
        },
      ],
    };
    expect(workedExampleAnswers(research)).toEqual({ company_name: 'BrightSpark Labs', exclusions: 'toys' });
    expect(workedExampleAnswers(research, (f) => f.required)).toEqual({ company_name: 'BrightSpark Labs' });
    expect(sharedFactsIn({ company_name: 'BrightSpark Labs', exclusions: 'toys' })).toEqual({
      company_name: 'BrightSpark Labs',
    });
    const team = workedExampleTeam([research]);
    expect(team).toEqual({
      team: { 1: { company_name: 'BrightSpark Labs', exclusions: 'toys' } },
      facts: { company_name: 'BrightSpark Labs' },
    });
  });
});
