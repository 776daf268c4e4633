import { describe, expect, it } from 'vitest';
import { lintRenderedPrompt } from './prompt-lint.ts';
import { listItem, renumberLists } from './prompt-template.ts';

const clean = [
  '# Brief for BrightSpark Labs',
  '',
  '## Context',
  'We sell in the United States and Canada. The customers: parents and grandparents.',
  '',
  '## Task',
  '1. Find the competitors.',
  '2. Score them:',
  '   - **Market share** (weight 25%): 1 = niche; 5 = leader.',
  '   If the weights do not add up to 100, rescale them.',
  '3. Write it up, e.g. "When ..., [customer] wants to ...".',
  '',
  '## Output format',
  '| Competitor | Score |',
  '```',
  'Competitor A: (4x25 + 3x20) / 45 = 3.6',
  '```',
  'Keep it short.',
].join('\n');

describe('lintRenderedPrompt', () => {
  it('accepts a prompt that reads cleanly', () => {
    expect(lintRenderedPrompt(clean)).toEqual([]);
  });

  it('accepts a blank field of the form as a marker, and nothing else in braces', () => {
    const text = 'I work at {{company_name}}.\n\nIt has {{ sector }} and {{phase1.findings}} and {{other}}.';
    expect(lintRenderedPrompt(text, { markers: new Set(['company_name', 'sector']) })).toEqual([
      'raw template tag {{phase1.findings}}',
      'raw template tag {{other}}',
    ]);
    expect(lintRenderedPrompt('{{#if x}}a{{/if}} and }} alone')).toEqual([
      'raw template tag {{#if x}}',
      'raw template tag {{/if}}',
      'stray {{ or }}',
    ]);
  });

  it.each([
    ['a hole before a comma', 'Write five statements in , each with a source.', 'space before punctuation'],
    ['a hole before a full stop', 'Our focus region is .', 'space before punctuation'],
    ['an empty list item in a sentence', 'Use wood, , and paper.', 'empty list separator'],
    ['empty brackets', 'The proof () is missing.', 'empty brackets or quotes'],
    ['empty quotes', 'Polish this line: "".', 'empty brackets or quotes'],
    ['a preposition cut off', 'Sold in, mostly online.', 'word cut off before punctuation'],
    ['a dangling "Main goal: "', 'Main goal: ', 'trailing whitespace'],
    ['two spaces where a word was', 'Write a brief that  can act on it.', 'double space'],
    ['a bare number', 'Steps:\n1. One.\n2.', 'bare list item'],
    ['a bare bullet', 'Points:\n- ', 'bare list item'],
    ['an empty heading', '## \nText', 'empty heading'],
    ['empty bold', 'See ****.', 'empty bold'],
    ['a line starting with a comma', 'Context\n, and more', 'line starts with punctuation'],
    ['a doubled full stop', 'It ends here..', 'doubled full stop'],
  ])('finds %s', (_name, text, rule) => {
    const problems = lintRenderedPrompt(text);
    expect(
      problems.some((p) => p.startsWith(rule)),
      problems.join('\n'),
    ).toBe(true);
  });

  // A list item is what the renderer renumbers (prompt-template's listItem): one to three digits. The lint
  // once read any number and a full stop as an item, so a line "2024." was a bare item to it and a year to the
  // renderer.
  it('reads a list item as the renderer does: a year alone on a line is not a bare item, an indented number is', () => {
    expect(lintRenderedPrompt('Founded in\n2024.').filter((p) => p.startsWith('bare list item'))).toEqual([]);
    expect(lintRenderedPrompt('Steps:\n1. One.\n  2.').some((p) => p.startsWith('bare list item'))).toBe(
      true,
    );
    expect(lintRenderedPrompt('Steps:\n1. One.\n999.').some((p) => p.startsWith('bare list item'))).toBe(
      true,
    );
    expect(lintRenderedPrompt('Steps:\n1. One.\n2. Two.')).toEqual([]);
  });

  it('finds a colon with nothing after it, before a heading or at the end', () => {
    expect(lintRenderedPrompt('Main goal:\n\n## Task\nDo it.')).toEqual([
      'dangling colon: line 1 "Main goal:"',
    ]);
    expect(lintRenderedPrompt('Intro.\n\nThe competitors to score:')).toEqual([
      'dangling colon: line 3 "The competitors to score:"',
    ]);
    expect(lintRenderedPrompt('The competitors to score:\nA; B; C')).toEqual([]);
  });

  it('finds an empty section', () => {
    expect(lintRenderedPrompt('## Time horizon\n\n## Method\nQuick scan.')).toEqual([
      'empty section: line 1 "## Time horizon"',
    ]);
    expect(lintRenderedPrompt('## Method\nQuick scan.\n\n## Tone')).toEqual([
      'empty section: line 4 "## Tone"',
    ]);
    // A heading followed by a deeper heading is not empty.
    expect(lintRenderedPrompt('## Output\n### Part\nText.')).toEqual([]);
  });

  it('finds numbered lists that skip, repeat or start late, at any indentation', () => {
    expect(lintRenderedPrompt('1. a\n2. b\n4. c')).toEqual([
      'numbered list goes to 4 where 3 was due: line 3 "4. c"',
    ]);
    expect(lintRenderedPrompt('Steps:\n2. a\n3. b')).toEqual([
      'numbered list goes to 2 where 1 was due: line 2 "2. a"',
    ]);
    expect(lintRenderedPrompt('1. a\n   1. x\n   3. y\n2. b')).toEqual([
      'numbered list goes to 3 where 2 was due: line 3 "3. y"',
    ]);
    // A paragraph or a heading ends a list; the next one starts at 1 again.
    expect(lintRenderedPrompt('1. a\n2. b\n\nThen:\n1. c\n\n## Next\n1. d')).toEqual([]);
  });

  it('finds runs of blank lines and blank space around the prompt', () => {
    expect(lintRenderedPrompt('a\n\n\nb')).toEqual(['more than one blank line in a row']);
    expect(lintRenderedPrompt('a\n')).toEqual(['leading or trailing blank space']);
  });

  it('finds a reference to another activity left without a fallback', () => {
    expect(lintRenderedPrompt('From research: [not yet answered in Activity 1: research findings]')).toEqual([
      'a reference to another activity has no fallback',
    ]);
  });

  it('finds the same with a cache of line findings shared across calls, which it fills', () => {
    const lineFindings = new Map<string, readonly string[]>();
    const text = 'Sold in, mostly online.\nA clean line.';
    expect(lintRenderedPrompt(text, { lineFindings })).toEqual(lintRenderedPrompt(text));
    expect(lineFindings.get('Sold in, mostly online.')).toEqual(['word cut off before punctuation']);
    expect(lineFindings.get('A clean line.')).toEqual([]);
    expect(lintRenderedPrompt('Intro.\nSold in, mostly online.', { lineFindings })).toEqual([
      'word cut off before punctuation: line 2 "Sold in, mostly online."',
    ]);
  });

  it('leaves fenced code alone', () => {
    expect(lintRenderedPrompt('```\nx , y\n3.\n```\nDone.')).toEqual([]);
  });
});

/*
 * The list rule is written once (`listItem` in prompt-template.ts) for the renderer, which renumbers lists,
 * and this lint, which checks them. The cases are those where their copies used to disagree: the lint took
 * any number of digits for an item, the renderer one to three.
 */
describe('numbered lists, read as the renderer reads them', () => {
  it('takes one to three digits and a full stop for an item', () => {
    expect(listItem('1. First')).toEqual({ indent: 0, number: 1, marker: '1.' });
    expect(listItem('  12. Twelfth')).toEqual({ indent: 2, number: 12, marker: '  12.' });
    expect(listItem('999.')).toMatchObject({ number: 999 });
    expect(listItem('2024. was a year')).toBeNull();
    expect(listItem('1.5 litres')).toBeNull();
  });

  it('leaves a year opening a line alone, in the lint as in the renderer', () => {
    const text = 'Milestones:\n\n1. Founded\n2024. The year it all changed';
    expect(renumberLists(text)).toBe(text);
    expect(lintRenderedPrompt(text).filter((p) => p.startsWith('numbered list'))).toEqual([]);
  });

  it('checks what the renderer renumbers', () => {
    const text = 'Steps:\n\n1. One\n3. Three';
    expect(lintRenderedPrompt(text)).toEqual(['numbered list goes to 3 where 2 was due: line 4 "3. Three"']);
    expect(lintRenderedPrompt(renumberLists(text))).toEqual([]);
  });

  it('skips fenced code in both', () => {
    const text = 'Example:\n\n```\n3. kept as written\n```\n\n1. One';
    expect(renumberLists(text)).toBe(text);
    expect(lintRenderedPrompt(text)).toEqual([]);
  });
});
