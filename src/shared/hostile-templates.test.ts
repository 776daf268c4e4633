import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../testing/phase-content.ts';
import { PHASE_NUMBERS } from './phases.ts';
import { checkProgramme } from './programme-checks.ts';
import { renderAndLint } from './programme-rendering-checks.ts';
import { lintRenderedPrompt } from './prompt-lint.ts';
import {
  listTemplatePlaceholders,
  parseTemplateCondition,
  renderPromptTemplate,
  tokenizeTemplate,
} from './prompt-template.ts';
import { PhaseConfigSchema } from './phase-config.ts';

/**
 * Every check that reads a prompt template, fed random and hostile ones: none throws, and each spends a
 * CPU time that grows with the template's length, not its square. The hostile pieces are repeated up to 50,000
 * times (a 100 KB template of unclosed `{{` took the lint seconds, and an import minutes, when each `{{`
 * was searched to the end). The bounds are wide, for a busy machine: a quadratic check is far past them.
 */

/** Pieces that once made a check slow or throw, and the template language's own. */
const HOSTILE = [
  '{{',
  '}}',
  '{{ ',
  '{',
  '}',
  '{{#if company_name}}',
  '{{#if company_name}}x',
  '{{else if company_name == "x"}}',
  '{{else}}',
  '{{/if}}',
  '{{company_name}} ',
  '{{#if a == "',
  '{{#if ',
  'a ',
  'a\n',
  'a:\n',
  '# a\n',
  '## a\n',
  '1. a\n',
  ' 1. a\n',
  '```\n',
  '   ',
  '\n',
  '\n \n',
  ', ',
  '( ',
  '** ',
  ': ',
  '[MISSING: ',
  '[not yet answered in Activity 1',
];

/** A template of a few pieces, each repeated up to `maxRepeat` times, and some random text. */
const template = (maxRepeat: number) =>
  fc
    .array(
      fc.oneof(
        fc.tuple(fc.constantFrom(...HOSTILE), fc.integer({ min: 1, max: maxRepeat })),
        fc.tuple(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 50 })),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.map(([piece, times]) => piece.repeat(times)).join(''));

/**
 * Runs `check`, failing the test if it throws or spends more than `limitMs` of this process's CPU time. CPU
 * time, not the clock's: beside busy processes a check waits for a core far longer than it computes, and
 * the bound is for what the check costs (a quadratic check is far past it on any machine).
 */
function timed<T>(what: string, limitMs: number, check: () => T): T {
  const start = process.cpuUsage();
  const result = check();
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000;
  expect(ms, `${what} took ${Math.round(ms)} ms of CPU`).toBeLessThan(limitMs);
  return result;
}

const data = { company_name: 'Acme', a: 'x', phase1: { research_findings: 'Found.' } };

describe('checks on hostile templates', () => {
  it('the renderer, its tokenizer, the lint and the condition reader never throw and stay quick', () => {
    fc.assert(
      fc.property(template(50_000), (text) => {
        timed('tokenizeTemplate', 2000, () => tokenizeTemplate(text));
        const rendered = timed('renderPromptTemplate', 2000, () => renderPromptTemplate(text, data));
        timed('lintRenderedPrompt', 2000, () => lintRenderedPrompt(text));
        timed('lintRenderedPrompt of the render', 2000, () => lintRenderedPrompt(rendered));
        timed('listTemplatePlaceholders', 2000, () => listTemplatePlaceholders(text));
        timed('parseTemplateCondition', 2000, () => parseTemplateCondition(text));
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  const configs = PHASE_NUMBERS.map(readConfig) as Record<string, unknown>[];

  it('the programme checks never throw and stay quick on a programme holding one', () => {
    fc.assert(
      fc.property(template(50_000), fc.integer({ min: 1, max: 8 }), (text, phase) => {
        const programme = configs.map((config, i) =>
          i === phase - 1
            ? { ...config, promptTemplate: `${String(config.promptTemplate)}\n${text}` }
            : config,
        );
        const problems = timed('checkProgramme', 10_000, () => checkProgramme(programme));
        expect(Array.isArray(problems)).toBe(true);
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('the editor’s reading of one prompt (renderAndLint) never throws and stays quick', () => {
    fc.assert(
      fc.property(template(20_000), (text) => {
        const config = PhaseConfigSchema.parse({ ...configs[0], promptTemplate: `Start.\n${text}` });
        timed('renderAndLint', 5000, () => renderAndLint(config, {}, {}));
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
