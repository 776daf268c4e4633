import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listTemplatePlaceholders, parsePromptTemplate, renderPromptTemplate } from './prompt-template.ts';

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

describe('listTemplatePlaceholders', () => {
  it('lists distinct paths from placeholders and conditions in order of first use', () => {
    const template =
      '{{name}} {{#if tone == "x"}}{{a.b}}{{else}}{{name}}{{/if}}{{#if HAS}}{{/if}}{{}} {{bad tag}}';
    expect(listTemplatePlaceholders(template)).toEqual(['name', 'tone', 'a.b', 'HAS']);
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

  it('returns a template with no {{ unchanged', () => {
    const noOpen = templateish.filter((t) => !t.includes('{{'));
    fc.assert(
      fc.property(fc.oneof(fc.string(), noOpen), anyData, (template, data) => {
        fc.pre(!template.includes('{{'));
        expect(renderPromptTemplate(template, data)).toBe(template);
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
            `${before}${placeholder}${after}`,
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
      fc.constantFrom('{{else}}', '{{/if}}', '{{}}', '{{#if}}', '{{ bad tag }}'),
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
