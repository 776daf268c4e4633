import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintRenderedPrompt } from './prompt-lint.ts';
import {
  listTemplatePlaceholders,
  parsePromptTemplate,
  renderParsedTemplateWithin,
  renderPromptTemplate,
  renumberLists,
  scanTemplate,
  templateBlockIssues,
  tokenizeTemplate,
} from './prompt-template.ts';

describe('renderPromptTemplate: placeholders', () => {
  it('substitutes a field', () => {
    expect(renderPromptTemplate('Hello {{name}}!', { name: 'Ada' })).toBe('Hello Ada!');
  });

  it('tolerates whitespace inside the braces', () => {
    expect(renderPromptTemplate('{{ name }}|{{\tname\n}}', { name: 'Ada' })).toBe('Ada|Ada');
  });

  it('walks nested objects with dots', () => {
    const data = { company: { profile: { city: 'Oslo' } } };
    expect(renderPromptTemplate('City: {{company.profile.city}}', data)).toBe('City: Oslo');
  });

  it('maps an UPPER_CASE placeholder to the lowercase field when the exact key is absent', () => {
    expect(renderPromptTemplate('{{COMPANY_NAME}}', { company_name: 'Acme' })).toBe('Acme');
    expect(renderPromptTemplate('{{COMPANY.CITY}}', { company: { city: 'Oslo' } })).toBe('Oslo');
  });

  it('prefers the exact key over the lowercase mapping', () => {
    expect(renderPromptTemplate('{{NAME}}', { NAME: 'exact', name: 'lower' })).toBe('exact');
  });

  it('does not lowercase mixed-case names', () => {
    expect(renderPromptTemplate('{{CompanyName}}', { companyname: 'Acme' })).toBe('{{CompanyName}}');
  });

  it('renders numbers and booleans with String()', () => {
    expect(
      renderPromptTemplate('{{n}} {{zero}} {{yes}} {{no}}', { n: 4.5, zero: 0, yes: true, no: false }),
    ).toBe('4.5 0 true false');
  });

  it('joins arrays with a comma and a space, dropping blank items', () => {
    expect(renderPromptTemplate('{{tags}}', { tags: ['eco', 3, ' ', 'kids'] })).toBe('eco, 3, kids');
  });

  it('leaves placeholders for plain objects as written', () => {
    expect(renderPromptTemplate('{{ company }}', { company: { city: 'Oslo' } })).toBe('{{ company }}');
  });

  it('keeps unknown, undefined, null, blank and empty-array placeholders exactly as written', () => {
    const data = { u: undefined, n: null, blank: '  \n', list: [] };
    const template = '{{missing}} {{ u }} {{n  }} {{  blank}} {{list}} {{a.b.c}}';
    expect(renderPromptTemplate(template, data)).toBe(template);
  });

  it('keeps the string value untrimmed when it is not blank', () => {
    expect(renderPromptTemplate('[{{x}}]', { x: ' padded ' })).toBe('[ padded ]');
  });

  it('does not reach the prototype chain', () => {
    const template = '{{constructor}} {{toString}} {{__proto__}} {{name.length}}';
    expect(renderPromptTemplate(template, { name: 'Ada' })).toBe(template);
  });

  it('reads array items by index', () => {
    expect(renderPromptTemplate('{{items.1}}', { items: ['a', 'b'] })).toBe('b');
  });

  it('does not substitute inside values (single pass)', () => {
    expect(renderPromptTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });
});

describe('renderPromptTemplate: conditions', () => {
  it('renders the then-branch when the field is truthy, the else-branch otherwise', () => {
    const template = '{{#if premium}}Luxury{{else}}Budget{{/if}}';
    expect(renderPromptTemplate(template, { premium: 'yes' })).toBe('Luxury');
    expect(renderPromptTemplate(template, { premium: '   ' })).toBe('Budget');
    expect(renderPromptTemplate(template, {})).toBe('Budget');
  });

  it('treats {{else}} as optional', () => {
    expect(renderPromptTemplate('a{{#if x}}b{{/if}}c', { x: true })).toBe('abc');
    expect(renderPromptTemplate('a{{#if x}}b{{/if}}c', { x: false })).toBe('ac');
  });

  it.each([
    ['non-empty string', 'x', true],
    ['blank string', ' \t', false],
    ['non-zero number', -2, true],
    ['zero', 0, false],
    ['NaN', Number.NaN, false],
    ['true', true, true],
    ['false', false, false],
    ['non-empty array', ['a'], true],
    ['empty array', [], false],
    ['null', null, false],
    ['non-empty object', { a: 1 }, true],
    ['empty object', {}, false],
  ])('evaluates a bare field for truthiness: %s', (_label, value, expected) => {
    expect(renderPromptTemplate('{{#if f}}T{{else}}F{{/if}}', { f: value })).toBe(expected ? 'T' : 'F');
  });

  it('compares with == against a double- or single-quoted string, after trimming the field', () => {
    const double = '{{#if tone == "formal"}}Dear{{else}}Hi{{/if}}';
    const single = "{{#if tone=='formal'}}Dear{{else}}Hi{{/if}}";
    expect(renderPromptTemplate(double, { tone: ' formal ' })).toBe('Dear');
    expect(renderPromptTemplate(single, { tone: 'formal' })).toBe('Dear');
    expect(renderPromptTemplate(double, { tone: 'casual' })).toBe('Hi');
    expect(renderPromptTemplate(double, { tone: 'Formal' })).toBe('Hi');
    expect(renderPromptTemplate(double, {})).toBe('Hi');
  });

  it('compares with !=', () => {
    const template = '{{#if tone != "formal"}}Hi{{else}}Dear{{/if}}';
    expect(renderPromptTemplate(template, { tone: 'casual' })).toBe('Hi');
    expect(renderPromptTemplate(template, { tone: 'formal' })).toBe('Dear');
  });

  it('compares numbers, booleans and arrays through their rendered text', () => {
    expect(renderPromptTemplate('{{#if n == "3"}}y{{/if}}', { n: 3 })).toBe('y');
    expect(renderPromptTemplate('{{#if b == "true"}}y{{/if}}', { b: true })).toBe('y');
    expect(renderPromptTemplate('{{#if l == "a, b"}}y{{/if}}', { l: ['a', 'b'] })).toBe('y');
  });

  it('finds an item in a list answer with has: an array, or a comma-separated text such as ticked boxes', () => {
    const template = '{{#if areas has "food"}}F{{else}}-{{/if}}';
    expect(renderPromptTemplate(template, { areas: 'children, food' })).toBe('F');
    expect(renderPromptTemplate(template, { areas: ' food ' })).toBe('F');
    expect(renderPromptTemplate(template, { areas: ['health', 'food'] })).toBe('F');
    expect(renderPromptTemplate(template, { areas: 'seafood, foods' })).toBe('-');
    expect(renderPromptTemplate(template, { areas: 'Food' })).toBe('-');
    expect(renderPromptTemplate(template, { areas: '' })).toBe('-');
    expect(renderPromptTemplate(template, { areas: { food: true } })).toBe('-');
    expect(renderPromptTemplate(template, {})).toBe('-');
    expect(renderPromptTemplate('{{#if n has "3"}}y{{/if}}', { n: [1, 3] })).toBe('y');
    expect(renderPromptTemplate('{{#if a.b has \'x\'}}y{{else if c has "z"}}z{{/if}}', { c: 'x,z' })).toBe(
      'z',
    );
  });

  it('reads a has without its spaces or its quotes as text, not as a condition', () => {
    expect(renderPromptTemplate('{{#if a has"x"}}y{{/if}}', { a: 'x' })).toBe('{{#if a has"x"}}y{{/if}}');
    expect(renderPromptTemplate('{{#if a has x}}y{{/if}}', { a: 'x' })).toBe('{{#if a has x}}y{{/if}}');
    expect(renderPromptTemplate('{{#if has}}y{{/if}}', { has: 'x' })).toBe('y');
  });

  it('allows quotes of the other kind inside the compared text', () => {
    expect(renderPromptTemplate(`{{#if q == "it's"}}y{{/if}}`, { q: "it's" })).toBe('y');
  });

  it('looks up condition fields like placeholders (dots, UPPER_CASE)', () => {
    const data = { brand: { tone: 'bold' }, has_logo: true };
    expect(renderPromptTemplate('{{#if brand.tone == "bold"}}B{{/if}}{{#if HAS_LOGO}}L{{/if}}', data)).toBe(
      'BL',
    );
  });

  it('nests blocks', () => {
    const template = '{{#if a}}A{{#if b}}B{{else}}b{{/if}}{{else}}{{#if c}}C{{else}}none{{/if}}{{/if}}';
    expect(renderPromptTemplate(template, { a: 1, b: 1 })).toBe('AB');
    expect(renderPromptTemplate(template, { a: 1 })).toBe('Ab');
    expect(renderPromptTemplate(template, { c: 1 })).toBe('C');
    expect(renderPromptTemplate(template, {})).toBe('none');
  });

  it('nests to great depth without overflowing the stack', () => {
    const depth = 20_000;
    const template = `${'{{#if x}}('.repeat(depth)}{{name}}${')){{/if}}'.repeat(depth)}`;
    const rendered = renderPromptTemplate(template, { x: true, name: 'N' });
    expect(rendered).toBe(`${'('.repeat(depth)}N${'))'.repeat(depth)}`);
  });

  it('substitutes placeholders inside the chosen branch only', () => {
    const template = '{{#if a}}{{name}}{{else}}{{other}}{{/if}}';
    expect(renderPromptTemplate(template, { a: 'y', name: 'Ada', other: 'Bob' })).toBe('Ada');
    expect(renderPromptTemplate(template, { name: 'Ada' })).toBe('{{other}}');
  });

  it('tolerates whitespace in block tags', () => {
    expect(renderPromptTemplate('{{ #if x }}y{{ else }}n{{ /if }}', { x: 1 })).toBe('y');
  });
});

describe('renderPromptTemplate: else if', () => {
  const chain = '{{#if t == "a"}}A{{else if t == "b"}}B{{else if t}}other{{else}}blank{{/if}}!';

  it('takes the first branch whose condition holds, else the final else', () => {
    expect(renderPromptTemplate(chain, { t: 'a' })).toBe('A!');
    expect(renderPromptTemplate(chain, { t: 'b' })).toBe('B!');
    expect(renderPromptTemplate(chain, { t: 'c' })).toBe('other!');
    expect(renderPromptTemplate(chain, { t: ' ' })).toBe('blank!');
    expect(renderPromptTemplate(chain, {})).toBe('blank!');
  });

  it('renders nothing when no branch holds and there is no else', () => {
    expect(renderPromptTemplate('[{{#if a}}A{{else if b}}B{{/if}}]', {})).toBe('[]');
  });

  it('closes the whole chain with one {{/if}}, inside another block too', () => {
    const nested = '{{#if x}}<{{#if a}}A{{else if b}}B{{/if}}>{{else}}none{{/if}}.';
    expect(renderPromptTemplate(nested, { x: 1, b: 1 })).toBe('<B>.');
    expect(renderPromptTemplate(nested, {})).toBe('none.');
    const inner = '{{#if a}}{{#if c}}C{{else if d}}D{{/if}}{{else if b}}B{{/if}}';
    expect(renderPromptTemplate(inner, { a: 1, d: 1 })).toBe('D');
    expect(renderPromptTemplate(inner, { b: 1 })).toBe('B');
  });

  it('parses as an if in the else branch', () => {
    expect(parsePromptTemplate('{{#if a}}A{{else if b == "x"}}B{{else}}C{{/if}}')).toEqual([
      {
        kind: 'if',
        condition: { kind: 'truthy', path: ['a'] },
        consequent: [{ kind: 'text', text: 'A' }],
        alternate: [
          {
            kind: 'if',
            condition: { kind: 'compare', path: ['b'], operator: '==', value: 'x' },
            consequent: [{ kind: 'text', text: 'B' }],
            alternate: [{ kind: 'text', text: 'C' }],
          },
        ],
      },
    ]);
  });

  it('keeps {{else if}} outside a block, after {{else}}, or with no readable condition as text', () => {
    expect(renderPromptTemplate('a{{else if b}}c', { b: 1 })).toBe('a{{else if b}}c');
    expect(renderPromptTemplate('{{#if a}}A{{else}}E{{else if b}}B{{/if}}', { b: 1 })).toBe(
      'E{{else if b}}B',
    );
    expect(renderPromptTemplate('{{#if a}}A{{else if}}B{{/if}}', {})).toBe('');
    expect(renderPromptTemplate('{{#if a}}A{{else if = "x"}}B{{/if}}', { a: 1 })).toBe('A{{else if = "x"}}B');
  });

  it('closes an unclosed chain at the end of the template', () => {
    expect(renderPromptTemplate('{{#if a}}A{{else if b}}B', { b: 1 })).toBe('B');
  });
});

describe('renderPromptTemplate: answers of other activities', () => {
  const data = { phase1: { research_findings: 'Three competitors', company_name: 'Acme' }, phase2: {} };

  it("reads another activity's answer as phaseN.<field id>", () => {
    expect(renderPromptTemplate('From research: {{phase1.research_findings}}', data)).toBe(
      'From research: Three competitors',
    );
    expect(renderPromptTemplate('{{PHASE1.COMPANY_NAME}}', data)).toBe('Acme');
  });

  it('renders a blank one as a note naming the activity and the answer, never the raw tag or a hole', () => {
    expect(renderPromptTemplate('Openings: {{phase2.threat_summary}}', data)).toBe(
      'Openings: [not yet answered in Activity 2: threat summary]',
    );
    expect(renderPromptTemplate('{{ phase4.chosen_concept }}', {})).toBe(
      '[not yet answered in Activity 4: chosen concept]',
    );
  });

  it('lets a template give its own fallback', () => {
    const template = '{{#if phase2.threat_summary}}{{phase2.threat_summary}}{{else}}No matrix yet.{{/if}}';
    expect(renderPromptTemplate(template, data)).toBe('No matrix yet.');
    expect(renderPromptTemplate(template, { phase2: { threat_summary: 'High: A' } })).toBe('High: A');
  });

  it('leaves what is not an answer of activities 1 to 8 as written', () => {
    const template = '{{phase9.x}} {{phase0.x}} {{phase1}} {{phases.x}}';
    expect(renderPromptTemplate(template, {})).toBe(template);
  });

  it('never shows a raw or empty reference to an activity with no answers', () => {
    const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        id,
        fc.constantFrom({}, { phase1: {} }),
        (n, field, ctx) => {
          const out = renderPromptTemplate(`<{{phase${n}.${field}}}>`, ctx);
          expect(out).not.toContain('{{');
          expect(out).toMatch(new RegExp(`^<\\[not yet answered in Activity ${n}: .+\\]>$`));
        },
      ),
    );
  });
});

describe('renumberLists', () => {
  it('renumbers a list whose items were left out', () => {
    expect(renumberLists('1. a\n2. b\n4. c\n7. d')).toBe('1. a\n2. b\n3. c\n4. d');
  });

  it('counts from the first item and keeps sub-items, continuations and blank lines inside the list', () => {
    const text = '3. a\n   - sub\n   more\n\n9. b\n   1. x\n   5. y\n1. c';
    expect(renumberLists(text)).toBe('3. a\n   - sub\n   more\n\n4. b\n   1. x\n   2. y\n5. c');
  });

  it('starts again after a paragraph or a heading', () => {
    expect(renumberLists('1. a\n3. b\nText\n2. c\n## H\n5. d')).toBe('1. a\n2. b\nText\n2. c\n## H\n5. d');
  });

  it('renumbers a bare number too, leaves decimals, years and fenced code alone', () => {
    expect(renumberLists('1. a\n5.')).toBe('1. a\n2.');
    const untouched = '3.8 is the score\n2024. was a year\n```\n1. a\n3. b\n```';
    expect(renumberLists(untouched)).toBe(untouched);
  });

  it('is applied to every rendered prompt, so a conditional item leaves no gap', () => {
    const template = '1. a\n{{#if x}}2. b\n{{/if}}3. c\n{{#if y}}4. d{{else}}4. e{{/if}}';
    expect(renderPromptTemplate(template, {})).toBe('1. a\n2. c\n3. e');
    expect(renderPromptTemplate(template, { x: 1, y: 1 })).toBe('1. a\n2. b\n3. c\n4. d');
  });

  const listish = fc
    .array(
      fc.oneof(
        fc
          .tuple(
            fc.constantFrom('', '   ', '      '),
            fc.integer({ min: 0, max: 120 }),
            fc.constantFrom('', ' x', ' y z'),
          )
          .map(([indent, n, rest]) => `${indent}${n}.${rest}`),
        fc.constantFrom('', 'text', '   cont', '- bullet', '## Head', '```'),
      ),
      { maxLength: 25 },
    )
    .map((lines) => lines.join('\n'));

  it('is idempotent and changes only the numbers of items', () => {
    fc.assert(
      fc.property(listish, (text) => {
        const once = renumberLists(text);
        expect(renumberLists(once)).toBe(once);
        expect(once.replace(/\d+/g, '#')).toBe(text.replace(/\d+/g, '#'));
      }),
    );
  });

  it('leaves every list counting up by one', () => {
    fc.assert(
      fc.property(listish, (text) => {
        let inFence = false;
        const last = new Map<number, number>();
        for (const line of renumberLists(text).split('\n')) {
          if (line.startsWith('```')) {
            inFence = !inFence;
            last.clear();
            continue;
          }
          if (inFence || line.trim() === '') continue;
          const item = /^( *)(\d+)\.(?=\s|$)/.exec(line);
          const indent = item ? item[1]!.length : line.length - line.trimStart().length;
          for (const key of [...last.keys()]) if (key > indent || (!item && key === indent)) last.delete(key);
          if (!item) continue;
          const previous = last.get(indent);
          if (previous !== undefined) expect(Number(item[2])).toBe(previous + 1);
          last.set(indent, Number(item[2]));
        }
      }),
    );
  });
});

describe('renderPromptTemplate: malformed templates', () => {
  it('closes an unclosed {{#if}} at the end of the template, evaluating it normally', () => {
    expect(renderPromptTemplate('a{{#if x}}b{{name}}', { x: true, name: 'N' })).toBe('abN');
    expect(renderPromptTemplate('a{{#if x}}b', { x: false })).toBe('a');
    expect(renderPromptTemplate('a{{#if x}}b{{else}}c', { x: false })).toBe('ac');
    expect(renderPromptTemplate('{{#if x}}{{#if y}}Y{{/if}}rest', { x: true, y: true })).toBe('Yrest');
  });

  it('emits a stray {{/if}} or {{else}} as literal text', () => {
    expect(renderPromptTemplate('a{{/if}}b', {})).toBe('a{{/if}}b');
    expect(renderPromptTemplate('a{{ else }}b', {})).toBe('a{{ else }}b');
    expect(renderPromptTemplate('{{#if x}}1{{/if}}{{/if}}', { x: 1 })).toBe('1{{/if}}');
  });

  it('emits a second {{else}} in one block as literal text in the else-branch', () => {
    expect(renderPromptTemplate('{{#if x}}a{{else}}b{{else}}c{{/if}}', {})).toBe('b{{else}}c');
  });

  it('keeps an unterminated {{ as literal text', () => {
    expect(renderPromptTemplate('Hello {{name', { name: 'Ada' })).toBe('Hello {{name');
    expect(renderPromptTemplate('{{name}} and {{', { name: 'Ada' })).toBe('Ada and {{');
  });

  it('treats an earlier {{ without its own }} as literal', () => {
    expect(renderPromptTemplate('{{ {{name}}', { name: 'Ada' })).toBe('{{ Ada');
    expect(renderPromptTemplate('{{{name}}}', { name: 'Ada' })).toBe('{Ada}');
  });

  it('keeps {{}} and other unreadable tags as literal text', () => {
    const template =
      '{{}} {{ }} {{#if}} {{#if a b}} {{#if a = "x"}} {{#if a == x}} {{#if a == "x" y}} {{a b}}';
    expect(renderPromptTemplate(template, { a: 'x' })).toBe(template);
  });

  it('emits the closing tag of an unreadable {{#if}} as literal text', () => {
    expect(renderPromptTemplate('{{#if ?}}x{{/if}}', {})).toBe('{{#if ?}}x{{/if}}');
  });
});

describe('parsePromptTemplate', () => {
  it('builds an AST of text, placeholders and if-nodes', () => {
    expect(parsePromptTemplate('Hi {{ name }}{{#if a == "b"}}x{{else}}y{{/if}}')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'placeholder', path: ['name'], raw: '{{ name }}' },
      {
        kind: 'if',
        condition: { kind: 'compare', path: ['a'], operator: '==', value: 'b' },
        consequent: [{ kind: 'text', text: 'x' }],
        alternate: [{ kind: 'text', text: 'y' }],
      },
    ]);
  });
});

describe('tokenizeTemplate: the one scan the renderer and the lint share', () => {
  it('reads text and tags as the renderer does, a tag it cannot read as unknown', () => {
    expect(
      tokenizeTemplate('Hi {{ name }}{{#if a == "b"}}x{{else if c}}{{else}}y{{/if}} {{}} {{two words}}'),
    ).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'placeholder', path: ['name'], raw: '{{ name }}' },
      {
        type: 'if-open',
        condition: { kind: 'compare', path: ['a'], operator: '==', value: 'b' },
        raw: '{{#if a == "b"}}',
      },
      { type: 'text', text: 'x' },
      { type: 'else-if', condition: { kind: 'truthy', path: ['c'] }, raw: '{{else if c}}' },
      { type: 'else', raw: '{{else}}' },
      { type: 'text', text: 'y' },
      { type: 'if-close', raw: '{{/if}}' },
      { type: 'text', text: ' ' },
      { type: 'unknown', raw: '{{}}' },
      { type: 'text', text: ' ' },
      { type: 'unknown', raw: '{{two words}}' },
    ]);
  });

  it('keeps an unclosed {{ and the {{ before a nearer one as text', () => {
    expect(tokenizeTemplate('{{ {{name}} and {{')).toEqual([
      { type: 'text', text: '{{ ' },
      { type: 'placeholder', path: ['name'], raw: '{{name}}' },
      { type: 'text', text: ' and {{' },
    ]);
    expect(tokenizeTemplate('{{'.repeat(50_000))).toEqual([{ type: 'text', text: '{{'.repeat(50_000) }]);
  });

  it('gives tokens one at a time, so a reader can stop early', () => {
    const scan = scanTemplate(`${'{{a}}'.repeat(10)}rest`);
    expect(scan.next().value).toEqual({ type: 'placeholder', path: ['a'], raw: '{{a}}' });
    expect([...scan]).toHaveLength(10);
  });

  it('finds what the lint calls a tag exactly where the renderer sees one', () => {
    // A tag the renderer keeps as written (unknown, or a placeholder without a value) is the lint's raw tag;
    // braces the renderer leaves as text are the lint's strays, and never a tag.
    const piece = fc.constantFrom('{{', '}}', '{', '}', '{{a}}', '{{ b }}', '{{#if a}}', '{{/if}}', 'x', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join('');
        const tags = tokenizeTemplate(text).filter((t) => t.type !== 'text');
        const raw = lintRenderedPrompt(text).filter((p) => p.startsWith('raw template tag '));
        expect(raw).toEqual(tags.map((t) => `raw template tag ${'raw' in t ? t.raw : ''}`));
      }),
    );
  });
});

describe('renderParsedTemplateWithin', () => {
  it('renders up to the length given, and gives null past it', () => {
    const nodes = parsePromptTemplate('{{a}}{{a}}');
    expect(renderParsedTemplateWithin(nodes, { a: 'xyz' }, 6)).toBe('xyzxyz');
    expect(renderParsedTemplateWithin(nodes, { a: 'xyz' }, 5)).toBeNull();
    // It stops as soon as the text is too long, however much more the template would write.
    const many = parsePromptTemplate('{{a}}'.repeat(2000));
    expect(renderParsedTemplateWithin(many, { a: 'x'.repeat(1_000_000) }, 50_000)).toBeNull();
  });
});

describe('listTemplatePlaceholders', () => {
  it('lists distinct paths from placeholders and conditions in order of first use', () => {
    const template =
      '{{name}} {{#if tone == "x"}}{{a.b}}{{else}}{{name}}{{/if}}{{#if HAS}}{{/if}}{{}} {{bad tag}}';
    expect(listTemplatePlaceholders(template)).toEqual(['name', 'tone', 'a.b', 'HAS']);
  });

  it('lists the conditions of {{else if}} and references to other activities', () => {
    const template = '{{#if a == "x"}}{{else if phase1.findings}}{{phase1.findings}}{{else if b}}{{/if}}';
    expect(listTemplatePlaceholders(template)).toEqual(['a', 'phase1.findings', 'b']);
  });

  it('returns nothing for a template without tags', () => {
    expect(listTemplatePlaceholders('plain text {{ unterminated')).toEqual([]);
  });
});

describe('renderPromptTemplate: properties', () => {
  const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  const anyData = fc.dictionary(
    fc.string(),
    fc.oneof(scalar, fc.array(scalar), fc.dictionary(fc.string(), scalar)),
  ) as fc.Arbitrary<Record<string, unknown>>;
  // Strings rich in template syntax, so the parser's edge cases are actually reached.
  const templateish = fc
    .array(
      fc.oneof(
        fc.string(),
        fc.constantFrom(
          '{{',
          '}}',
          '{',
          '}',
          '{{#if ',
          '{{else}}',
          '{{else if ',
          '{{/if}}',
          '==',
          '"',
          "'",
          ' ',
          'a',
          'A.b',
        ),
      ),
    )
    .map((parts) => parts.join(''));

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), templateish), anyData, (template, data) => {
        expect(typeof renderPromptTemplate(template, data)).toBe('string');
        expect(Array.isArray(listTemplatePlaceholders(template))).toBe(true);
      }),
    );
  });

  it('returns a template with no {{ unchanged, but for its list numbers', () => {
    const noOpen = templateish.filter((t) => !t.includes('{{'));
    fc.assert(
      fc.property(fc.oneof(fc.string(), noOpen), anyData, (template, data) => {
        fc.pre(!template.includes('{{'));
        expect(renderPromptTemplate(template, data)).toBe(renumberLists(template));
      }),
    );
  });

  it('keeps an unknown placeholder {{x_...}} verbatim', () => {
    const name = fc.stringMatching(/^x_[A-Za-z0-9_]{0,12}$/);
    const pad = fc.constantFrom('', ' ', '  ', '\t');
    fc.assert(
      fc.property(
        name,
        pad,
        pad,
        fc.string(),
        fc.string(),
        anyData,
        (field, left, right, before, after, data) => {
          fc.pre(
            !before.includes('{') && !before.includes('}') && !after.includes('{') && !after.includes('}'),
          );
          const placeholder = `{{${left}${field}${right}}}`;
          const known = { ...data };
          delete known[field];
          delete known[field.toLowerCase()];
          expect(renderPromptTemplate(`${before}${placeholder}${after}`, known)).toBe(
            renumberLists(`${before}${placeholder}${after}`),
          );
        },
      ),
    );
  });

  it('is idempotent when no value contains braces', () => {
    // Rendering is concatenation, so a `{` in a value could glue to a literal `{` and form a new tag; values
    // without braces (and brace-free text) rule that out, leaving the engine's own behaviour under test.
    const fields = ['name', 'tone', 'COMPANY', 'company', 'tags', 'x_unknown', 'obj.key', 'obj'];
    const braceFree = fc.string().filter((s) => !s.includes('{') && !s.includes('}'));
    const value = fc.oneof(
      braceFree,
      fc.constantFrom('', ' ', 'formal'),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(braceFree),
    );
    const data = fc.record({
      name: value,
      tone: value,
      company: value,
      tags: value,
      obj: fc.oneof(value, fc.record({ key: value })),
    }) as fc.Arbitrary<Record<string, unknown>>;
    const field = fc.constantFrom(...fields);
    const piece = fc.oneof(
      braceFree,
      field.map((f) => `{{${f}}}`),
      field.map((f) => `{{ ${f} }}`),
      field.map((f) => `{{#if ${f}}}`),
      fc
        .tuple(field, fc.constantFrom('==', '!='), fc.constantFrom('formal', '', '1'))
        .map(([f, op, v]) => `{{#if ${f} ${op} "${v}"}}`),
      field.map((f) => `{{else if ${f}}}`),
      fc.constantFrom(
        '{{else}}',
        '{{/if}}',
        '{{}}',
        '{{#if}}',
        '{{ bad tag }}',
        '\n1. ',
        '\n3. ',
        '{{phase1.x}}',
      ),
    );
    const template = fc
      .tuple(fc.array(piece, { maxLength: 30 }), fc.constantFrom('', '{{', '{{ name'))
      .map(([pieces, tail]) => pieces.join('') + tail);
    fc.assert(
      fc.property(template, data, (t, d) => {
        const once = renderPromptTemplate(t, d);
        expect(renderPromptTemplate(once, d)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe('templateBlockIssues', () => {
  it('finds nothing in whole blocks, chains included', () => {
    expect(
      templateBlockIssues('{{#if a}}A{{else if b == "x"}}B{{else}}{{#if c}}C{{/if}}{{/if}} {{d}}'),
    ).toEqual([]);
  });

  it('names each block left open, each stray {{else}} and {{/if}}, and each tag it cannot read', () => {
    expect(templateBlockIssues('{{#if a}}A {{#if b}}B{{/if}}')).toEqual([
      { kind: 'unclosed', raw: '{{#if a}}' },
    ]);
    expect(templateBlockIssues('A{{/if}} B{{else}} {{#if a}}x{{else}}y{{else if b}}z{{/if}}')).toEqual([
      { kind: 'stray-close', raw: '{{/if}}' },
      { kind: 'stray-else', raw: '{{else}}' },
      { kind: 'stray-else', raw: '{{else if b}}' },
    ]);
    expect(templateBlockIssues('{{#if}}x{{/if}} {{ two words }}')).toEqual([
      { kind: 'unreadable', raw: '{{#if}}' },
      { kind: 'stray-close', raw: '{{/if}}' },
      { kind: 'unreadable', raw: '{{ two words }}' },
    ]);
  });
});
