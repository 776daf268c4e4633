import { describe, expect, it } from 'vitest';
import { type HastNode, markPlaceholders } from './mark-placeholders.ts';

const text = (value: string): HastNode => ({ type: 'text', value });

describe('unfilled placeholder marking', () => {
  it('wraps each {{placeholder}} left in the text in a <mark>, keeping the text around it', () => {
    const tree: HastNode = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', children: [text('For {{company_name}} in {{target_region}}.')] },
      ],
    };
    markPlaceholders(tree);
    const p = tree.children![0]!;
    expect(
      p.children!.map((n) => (n.type === 'text' ? n.value : `<${n.tagName}>${n.children![0]!.value}`)),
    ).toEqual(['For ', '<mark>{{company_name}}', ' in ', '<mark>{{target_region}}', '.']);
  });

  it('marks what a prompt is missing to start from, as a placeholder', () => {
    const tree: HastNode = {
      type: 'root',
      children: [text('Score: [MISSING: the competitors to score] now.')],
    };
    markPlaceholders(tree);
    expect(tree.children!.map((n) => (n.type === 'text' ? n.value : `<${n.tagName}>`))).toEqual([
      'Score: ',
      '<mark>',
      ' now.',
    ]);
    expect(tree.children![1]!.children![0]!.value).toBe('[MISSING: the competitors to score]');
  });

  it('reaches nested elements and leaves text without placeholders alone', () => {
    const plain = text('nothing to fill');
    const tree: HastNode = {
      type: 'root',
      children: [
        plain,
        {
          type: 'element',
          tagName: 'ul',
          children: [{ type: 'element', tagName: 'li', children: [text('{{a}}{{b}}')] }],
        },
      ],
    };
    markPlaceholders(tree);
    expect(tree.children![0]).toBe(plain);
    const li = tree.children![1]!.children![0]!;
    expect(li.children!.map((n) => n.tagName)).toEqual(['mark', 'mark']);
  });

  it('ignores braces that are not a placeholder', () => {
    const tree: HastNode = { type: 'root', children: [text('{{ }} and {single} and {{}}')] };
    markPlaceholders(tree);
    expect(tree.children).toHaveLength(1);
  });
});
