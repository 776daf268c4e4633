import { describe, expect, it } from 'vitest';
import { fieldText } from './field-text.ts';

describe('a field help that follows the business profile', () => {
  const help =
    'Relative to what customers pay{{#if sector}} for {{sector}}{{/if}}: {{#if customer_type == "businesses"}}per seat or per contract{{else}}per purchase{{/if}}.';

  it('reads the neutral branches for a team that has not given its profile', () => {
    expect(fieldText(help, {})).toBe('Relative to what customers pay: per purchase.');
  });

  it("takes its examples from the team's profile once it is known", () => {
    expect(fieldText(help, { sector: 'payroll software', customer_type: 'businesses' })).toBe(
      'Relative to what customers pay for payroll software: per seat or per contract.',
    );
  });

  it('leaves a text without template syntax as it is', () => {
    const plain = 'One line, under 25 words. Numbers like 1. 2. stay.';
    expect(fieldText(plain, { sector: 'x' })).toBe(plain);
  });
});
