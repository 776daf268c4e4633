import { describe, expect, it } from 'vitest';
import { isChoiceField } from '../../shared/phase-config.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import { SHARED_FACT_IDS, isSharedFactId } from '../../shared/shared-facts.ts';
import type { TeamAnswers } from '../../shared/template-context.ts';
import {
  BUSINESSES,
  type Business,
  type BusinessKind,
  HEARTH_AND_BEAN,
  KIND_WORDS,
  LEDGERLOOP,
  WORKED_EXAMPLE,
} from '../../../testing/businesses.ts';
import { renderAndLint } from '../../shared/programme-checks.ts';
import { configOf, configs, workedExampleAnswer } from '../../../testing/phase-content.ts';

/**
 * Every prompt, read for three businesses of different kinds (testing/businesses.ts), fully
 * filled in, with only the required answers, and blank: no word that belongs to another kind of business
 * (outside the team's own answers), no raw template tag, no hole.
 */

const ALL_KINDS = Object.keys(KIND_WORDS) as BusinessKind[];

/** Every answer of a business: the shared facts, and each activity's own answers. */
function everything(business: Business): { facts: Record<string, string>; answers: TeamAnswers } {
  if (business === WORKED_EXAMPLE) {
    const facts: Record<string, string> = {};
    const answers: Record<number, Record<string, string>> = {};
    for (const config of configs) {
      answers[config.phase] = {};
      for (const field of config.fields) {
        const value = workedExampleAnswer(field);
        if (isSharedFactId(field.id)) facts[field.id] = value;
        else answers[config.phase]![field.id] = value;
      }
    }
    return { facts, answers };
  }
  return { facts: business.facts, answers: business.answers ?? {} };
}

/** Only the answers some activity requires. */
function requiredOnly(business: Business): { facts: Record<string, string>; answers: TeamAnswers } {
  const { facts, answers } = everything(business);
  const required = (phase: number, id: string) =>
    configOf(phase).fields.some((field) => field.id === id && field.required);
  const requiredAnywhere = (id: string) => configs.some((config) => required(config.phase, id));
  return {
    facts: Object.fromEntries(Object.entries(facts).filter(([id]) => requiredAnywhere(id))),
    answers: Object.fromEntries(
      PHASE_NUMBERS.map((phase) => [
        phase,
        Object.fromEntries(Object.entries(answers[phase] ?? {}).filter(([id]) => required(phase, id))),
      ]),
    ),
  };
}

/** The prompt with the team's own answers taken out, so only the template's words are left. */
function templateWords(text: string, facts: Record<string, string>, answers: TeamAnswers): string {
  const values = [
    ...Object.values(facts),
    ...PHASE_NUMBERS.flatMap((phase) => Object.values(answers[phase] ?? {})),
  ].filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  let out = text;
  for (const value of values.sort((a, b) => b.length - a.length)) out = out.split(value).join(' «answer» ');
  return out;
}

/** Each word of another kind of business found in a prompt, with a little context. */
function wordsOfOtherKinds(text: string, kinds: readonly BusinessKind[]): string[] {
  const found: string[] = [];
  for (const kind of ALL_KINDS.filter((k) => !kinds.includes(k))) {
    for (const pattern of KIND_WORDS[kind]) {
      const match = new RegExp(
        pattern.source,
        pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
      );
      for (const m of text.matchAll(match)) {
        const at = m.index ?? 0;
        found.push(`${kind} "${m[0]}": …${text.slice(Math.max(0, at - 60), at + 40).replace(/\n/g, ' ')}…`);
      }
    }
  }
  return found;
}

describe('the three businesses', () => {
  it.each([LEDGERLOOP, HEARTH_AND_BEAN])('$name answers every field of every activity', (business) => {
    expect(Object.keys(business.facts).sort()).toEqual([...SHARED_FACT_IDS].sort());
    for (const config of configs) {
      for (const field of config.fields) {
        const value = isSharedFactId(field.id)
          ? business.facts[field.id]
          : business.answers?.[config.phase]?.[field.id];
        expect(value?.trim(), `${business.name}: activity ${config.phase} ${field.id}`).toBeTruthy();
        if (isChoiceField(field)) {
          for (const chosen of value!.split(',').map((v) => v.trim())) {
            expect(
              field.options?.map((o) => o.value),
              `${field.id} = ${chosen}`,
            ).toContain(chosen);
          }
        }
      }
      const own = Object.keys(business.answers?.[config.phase] ?? {});
      expect(own.filter((id) => !config.fields.some((f) => f.id === id))).toEqual([]);
    }
  });

  it('are of different kinds', () => {
    expect(BUSINESSES.map((b) => b.kinds.join(' '))).toEqual([
      'children consumers us canada',
      'businesses finance eu',
      'food consumers uk',
    ]);
  });
});

describe.each(BUSINESSES.map((business) => [business.name, business] as const))('%s', (_name, business) => {
  const stages = [
    ['fully filled in', everything(business)],
    ['with only the required answers', requiredOnly(business)],
  ] as const;

  describe.each(stages)('%s', (stage, { facts, answers }) => {
    it.each(PHASE_NUMBERS)('activity %i reads as written for this business', (phase) => {
      const { text, problems } = renderAndLint(configOf(phase), answers, facts);
      expect(problems, text).toEqual([]);
      expect(text, 'a raw template tag').not.toContain('{{');
      if (stage === 'fully filled in') expect(text, 'nothing is missing').not.toContain('[MISSING');
      expect(wordsOfOtherKinds(templateWords(text, facts, answers), business.kinds)).toEqual([]);
    });
  });
});

describe('a team that has answered nothing', () => {
  it.each(PHASE_NUMBERS)(
    'gets a neutral activity %i prompt: markers, no kind of business assumed',
    (phase) => {
      const { text, problems } = renderAndLint(configOf(phase), {}, {});
      // The lint allows `{{id}}` only for a field of this form (a marker the preview highlights).
      expect(problems, text).toEqual([]);
      expect(wordsOfOtherKinds(text, [])).toEqual([]);
    },
  );
});
