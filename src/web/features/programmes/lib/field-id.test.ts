import { describe, expect, it } from 'vitest';
import { isFieldId } from '@shared/phase-config';
import {
  FIELD_ID_MAX,
  fieldIdFromLabel,
  fixedNamesOf,
  mergeFixed,
  NOTHING_FIXED,
  optionValueFromLabel,
} from './field-id.ts';

const none = new Set<string>();

describe('fieldIdFromLabel', () => {
  it('makes a snake_case id from the label', () => {
    expect(fieldIdFromLabel('Target customer', none)).toBe('target_customer');
    expect(fieldIdFromLabel('  What is your price?  ', none)).toBe('what_is_your_price');
    expect(fieldIdFromLabel('Café & crème brûlée', none)).toBe('cafe_creme_brulee');
  });

  it('starts with a letter, and is never blank', () => {
    expect(fieldIdFromLabel('3 words', none)).toBe('field_3_words');
    expect(fieldIdFromLabel('!!!', none)).toBe('field');
    expect(fieldIdFromLabel('', none)).toBe('field');
  });

  it('never gives phase1 ... phase8, which templates read as other activities', () => {
    expect(fieldIdFromLabel('Phase2', none)).toBe('phase2_answer');
    expect(fieldIdFromLabel('Phase 2', none)).toBe('phase_2');
  });

  it('is unique among the ids taken', () => {
    const taken = new Set(['price', 'price_2']);
    expect(fieldIdFromLabel('Price', taken)).toBe('price_3');
    expect(fieldIdFromLabel('Price!', new Set(['price']))).toBe('price_2');
  });

  it('keeps a long label to a readable length, ending on a word', () => {
    const id = fieldIdFromLabel('The one thing your customers would miss most if you stopped tomorrow', none);
    expect(id.length).toBeLessThanOrEqual(FIELD_ID_MAX);
    expect(id).toMatch(/^[a-z][a-z0-9_]*[a-z0-9]$/);
  });

  it('always gives an id the config schema accepts', () => {
    for (const label of ['Ünïcödé', '42', 'phase8', '___', 'a'.repeat(100), 'Name (optional)']) {
      const id = fieldIdFromLabel(label, none);
      expect(isFieldId(id)).toBe(true);
    }
  });
});

describe('optionValueFromLabel', () => {
  it('makes a snake_case value from the label, without the field-id rules', () => {
    expect(optionValueFromLabel('Last 12 months')).toBe('last_12_months');
    expect(optionValueFromLabel('18-25')).toBe('18_25');
    expect(optionValueFromLabel('Phase 2')).toBe('phase_2');
    expect(optionValueFromLabel('Phase2')).toBe('phase2');
  });

  it('is never blank, and never holds the comma that joins a checkboxes answer', () => {
    expect(optionValueFromLabel('!!!')).toBe('option');
    expect(optionValueFromLabel('Food, drink')).toBe('food_drink');
  });
});

describe('fixedNamesOf', () => {
  it('reads each activity’s field ids and, by field, its option values, whatever the draft holds', () => {
    const fixed = fixedNamesOf([
      {
        fields: [
          { id: 'research_depth', options: [{ value: 'consumers' }, { value: '' }, { label: 'no value' }] },
          { id: '' },
          null,
          { id: 'sector' },
        ],
      },
      { fields: 'not a list' },
      null,
    ]);
    expect([...fixed.get(1)!.ids]).toEqual(['research_depth', 'sector']);
    expect([...fixed.get(1)!.values.get('research_depth')!]).toEqual(['consumers']);
    expect(fixed.get(2)!.ids.size).toBe(0);
    expect(fixed.get(3)!.ids.size).toBe(0);
  });

  it('merges the draft as opened with the published version', () => {
    const [a] = [...fixedNamesOf([{ fields: [{ id: 'x', options: [{ value: 'one' }] }] }]).values()];
    const [b] = [
      ...fixedNamesOf([{ fields: [{ id: 'x', options: [{ value: 'two' }] }, { id: 'y' }] }]).values(),
    ];
    const both = mergeFixed(a, b);
    expect([...both.ids].sort()).toEqual(['x', 'y']);
    expect([...both.values.get('x')!].sort()).toEqual(['one', 'two']);
    expect(mergeFixed(undefined, undefined)).toBe(NOTHING_FIXED);
  });
});
