import { describe, expect, it } from 'vitest';
import { isActivityShaped } from './activity-reference.ts';
import { FormFieldSchema, isFieldId } from './phase-config.ts';
import { lintRenderedPrompt } from './prompt-lint.ts';

/*
 * The field-id rule is written once (`isFieldId`) and read by the schema, the prompt lint's markers, the
 * editor's ids made from labels and its preview. The cases are those where its copies used to disagree:
 * the preview's and the lint's copies took `phase3` as a field id, the schema's did not.
 */
const cases: [string, boolean][] = [
  ['target_customer', true],
  ['a', true],
  ['phase', true],
  ['phase3_answer', true],
  ['phases3', true],
  ['phase3', false],
  ['phase12', false],
  ['Phase3', false],
  ['3_words', false],
  ['_field', false],
  ['target-customer', false],
  ['', false],
];

describe('the field-id rule', () => {
  it.each(cases)('%s is a field id: %s', (id, expected) => {
    expect(isFieldId(id)).toBe(expected);
    expect(FormFieldSchema.safeParse({ id, label: 'A field' }).success).toBe(expected);
  });

  it('reserves phase1 ... phaseN for other activities', () => {
    expect(isActivityShaped('phase3')).toBe(true);
    expect(isActivityShaped('phase3_answer')).toBe(false);
  });

  it('lets only a field id stay in a prompt as a deliberate marker', () => {
    for (const [id, expected] of cases.filter(([id]) => id !== '')) {
      const problems = lintRenderedPrompt(`Write about {{${id}}}.`, { markers: new Set([id]) });
      expect(problems.some((p) => p.startsWith('raw template tag'))).toBe(!expected);
    }
  });
});
