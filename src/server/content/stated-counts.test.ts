import { describe, expect, it } from 'vitest';
import { isChoiceField } from '../../shared/phase-config.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import {
  listTemplatePlaceholders,
  parsePromptTemplate,
  renderParsedTemplate,
} from '../../shared/prompt-template.ts';
import { sharedFact } from '../../shared/shared-facts.ts';
import { buildTemplateContext } from '../../shared/template-context.ts';
import { workedExampleTeam } from '../../shared/worked-example.ts';
import { configOf, configs } from '../../../testing/phase-content.ts';

/**
 * A prompt that says how many things it lists lists that many: "the six numbered headings", "three prompts:
 * (a) ..., (b) ..., (c) ...", "five statements:" followed by a list. Conditional items must never leave a
 * count behind them (a test script of "twelve" conversations that lists fifteen once four areas are ticked),
 * so every prompt is rendered for every combination of the business profile's ticks (sensitive areas, the
 * places whose rules apply, who the customers are) and for every option of its own form's choices.
 */

const WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  twenty: 20,
};

const NUMBER = `(?:${Object.keys(WORDS).join('|')}|one|\\d+)`;
/** A range ("five to eight", "two or three", "1 to 5"), which counts nothing exactly. */
const RANGE = new RegExp(`\\b${NUMBER}\\s+(?:to|or)\\s+${NUMBER}\\b`, 'gi');
/** A count of things: a number word or 2-20 in digits, followed by a word, and not part of a figure. */
const COUNT = new RegExp(
  `(?<![\\d,.-])\\b(${Object.keys(WORDS).join('|')}|[2-9]|1\\d|20)\\b(?![\\d,.%-])(?= [a-z])`,
  'gi',
);
const counts = (text: string) => [...text.replace(RANGE, 'several').matchAll(COUNT)];
const ITEM = /^(\s*)(?:\d+\.|-|\*)\s/;

/** A count and its list; `atMost` when the list names some of the things counted ("Include: ..."). */
type Stated = { where: string; stated: number; listed: number; atMost?: true };

function countOf(word: string): number {
  return WORDS[word.toLowerCase()] ?? Number(word);
}

/** The sentence a line ends with (after its last full stop). */
function lastSentence(line: string): string {
  const parts = line.split(/(?<=[.!?])\s+(?=[A-Z(])/);
  return parts[parts.length - 1] ?? line;
}

/** Every count a prompt states for a list it then gives, with the length of that list. */
function statedCounts(text: string): Stated[] {
  const found: Stated[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (!/:\s*$|\(a\) |numbered headings|Include: /.test(line)) return;
    // A line ending in a colon, whose last sentence counts, introduces a list: its items at one indentation.
    if (/:\s*$/.test(line)) {
      const stated = counts(lastSentence(line));
      const first = lines[i + 1] === undefined ? null : ITEM.exec(lines[i + 1]!);
      if (stated.length === 1 && first) {
        const indent = first[1]!.length;
        let listed = 0;
        for (const next of lines.slice(i + 1)) {
          const item = ITEM.exec(next);
          const depth = next.length - next.trimStart().length;
          if (item && item[1]!.length === indent) listed += 1;
          else if (!item && depth <= indent) break;
          else if (item && item[1]!.length < indent) break;
        }
        found.push({ where: line.trim().slice(0, 100), stated: countOf(stated[0]![1]!), listed });
      }
    }
    // A sentence that counts and letters its list inline: "three prompts ...: (a) ..., (b) ..., (c) ...".
    if (line.includes('(a) ')) {
      for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z])/)) {
        const letters = sentence.match(/\([a-z]\)\s/g);
        const stated = counts(sentence);
        if (letters && stated.length > 0) {
          found.push({
            where: sentence.slice(0, 100),
            stated: countOf(stated[0]![1]!),
            listed: letters.length,
          });
        }
      }
    }
    // "ten test conversations ... Include: a, b and c.": the things it names may not outnumber the count.
    const include = /^(.*)\bInclude: ([^.]*)\./.exec(line);
    if (include) {
      const stated = counts(include[1]!);
      const items = include[2]!.replace(/\([^)]*\)/g, '').split(/,\s*(?:and\s+)?|\s+and\s+/);
      if (stated.length > 0) {
        const where = include[0].slice(0, 100);
        found.push({ where, stated: countOf(stated.at(-1)![1]!), listed: items.length, atMost: true });
      }
    }
    // "the six numbered headings": the numbered, bold headings of the Task.
    const headings = /\bthe (\w+) numbered headings\b/i.exec(line);
    if (headings) {
      const task = text.slice(text.indexOf('## Task'), text.indexOf('\n## ', text.indexOf('## Task') + 1));
      const listed = task.split('\n').filter((l) => /^\d+\. \*\*/.test(l)).length;
      found.push({ where: headings[0], stated: countOf(headings[1]!), listed });
    }
  });
  return found;
}

/** Every subset of a list of values, as the ticks a checkboxes field stores ("a, b"); the empty one is blank. */
function subsets(values: readonly string[]): string[] {
  return Array.from({ length: 2 ** values.length }, (_, mask) =>
    values.filter((_, i) => mask & (2 ** i)).join(', '),
  );
}

const optionValues = (id: string) =>
  ((sharedFact(id)!.field as { options?: readonly { value: string; exclusive?: true }[] }).options ?? [])
    .filter((o) => !o.exclusive)
    .map((o) => o.value);

describe('the counts a prompt states', () => {
  it('are found where the prompts state them', () => {
    const text = [
      '## Task',
      '1. **One**: write three prompts: (a) a, (b) b, (c) c.',
      '2. **Two**: five statements, each with a source:',
      '   1. x',
      '   2. y',
      'Score the five to eight competitors that matter, about 1,000-1,500 words:',
      '- a',
      '## Output format',
      'Markdown with the two numbered headings above.',
      // The test script as it was: twelve conversations, fifteen named once four areas were ticked.
      '5. **Test script**: twelve test conversations with the expected behaviour. Include: a typical question, a question the facts cannot answer, a question about security (or certifications), a question about data, an integration, a buying question, a discount, an angry customer, a real person, an attack, a health question, a data question, a failure, advice on a case, and one off-topic question.',
    ].join('\n');
    expect(statedCounts(text)).toEqual([
      { where: '1. **One**: write three prompts: (a) a, (b) b, (c) c.', stated: 3, listed: 3 },
      { where: '2. **Two**: five statements, each with a source:', stated: 5, listed: 2 },
      { where: 'the two numbered headings', stated: 2, listed: 2 },
      {
        where:
          '5. **Test script**: twelve test conversations with the expected behaviour. Include: a typical questi',
        stated: 12,
        listed: 15,
        atMost: true,
      },
    ]);
  });

  const { team, facts } = workedExampleTeam(configs);
  const areas = [...subsets(optionValues('sensitive_areas')), 'none'];
  const places = subsets(optionValues('rule_regions'));

  it.each(PHASE_NUMBERS)(
    'agree with the lists of activity %i for every combination of the profile and every choice of its form',
    (phase) => {
      const config = configOf(phase);
      const nodes = parsePromptTemplate(config.promptTemplate);
      const base = buildTemplateContext(phase, team, facts);
      // Only the ticks the prompt reads can change it.
      const reads = new Set(listTemplatePlaceholders(config.promptTemplate));
      const choices = (id: string, values: string[]) => (reads.has(id) ? values : [values.at(-1)!]);
      const wrong = new Set<string>();
      const read = (data: Record<string, unknown>, how: string) => {
        const text = renderParsedTemplate(nodes, data);
        for (const { where, stated, listed, atMost } of statedCounts(text)) {
          if (atMost ? listed > stated : stated !== listed) {
            wrong.add(`"${where}" states ${stated} and lists ${listed} (${how})`);
          }
        }
      };
      // Every combination of ticks, for a team that sells to businesses and one that sells to consumers; then
      // each way of answering who the customers are (none given, both) with every combination of areas.
      const combinations: [string, string, string][] = [];
      for (const sensitive_areas of choices('sensitive_areas', areas)) {
        for (const rule_regions of choices('rule_regions', places)) {
          for (const customer_type of choices('customer_type', ['businesses', 'consumers'])) {
            combinations.push([sensitive_areas, rule_regions, customer_type]);
          }
        }
        for (const customer_type of choices('customer_type', ['', 'both'])) {
          combinations.push([sensitive_areas, places.at(-1)!, customer_type]);
        }
      }
      for (const [sensitive_areas, rule_regions, customer_type] of combinations) {
        read(
          { ...base, sensitive_areas, rule_regions, customer_type },
          `${sensitive_areas || 'no area'}; ${rule_regions || 'no place'}; ${customer_type || 'no customers'}`,
        );
      }
      // Each of the form's own choices, with every area and place ticked and with none.
      for (const field of config.fields.filter(isChoiceField)) {
        for (const option of field.options ?? []) {
          for (const ticks of [{}, { sensitive_areas: areas.at(-2), rule_regions: places.at(-1) }]) {
            read({ ...base, ...ticks, [field.id]: option.value }, `${field.id} = ${option.value}`);
          }
        }
      }
      expect([...wrong]).toEqual([]);
    },
    // Thousands of renders of the activity's prompt (every subset of the areas and places): up to 20 s beside
    // two busy processes on this project's two-core machines, a few seconds on a quiet one.
    120_000,
  );

  it('include the voice agent test script, which lists one conversation for each case it names', () => {
    const config = configOf(7);
    const nodes = parsePromptTemplate(config.promptTemplate);
    const base = buildTemplateContext(7, team, facts);
    const script = (data: Record<string, unknown>) => {
      const text = renderParsedTemplate(nodes, { ...base, ...data });
      const start = text.indexOf('**Test script**');
      return text
        .slice(start, text.indexOf('**To confirm**'))
        .split('\n')
        .filter((l) => /^ {3}\d+\. /.test(l));
    };
    const none = script({ customer_type: 'businesses', sensitive_areas: 'none' });
    const all = script({ customer_type: 'businesses', sensitive_areas: areas.at(-2) });
    // Each area ticked adds its caller, and nothing states a number the list then outgrows.
    expect(all.length - none.length).toBe(optionValues('sensitive_areas').length);
    expect(all.at(-1)).toMatch(/^ {3}\d+\. One off-topic question\.$/);
    expect(all.map((l) => Number(/\d+/.exec(l)![0]))).toEqual(all.map((_, i) => i + 1));
  });
});
