/** A hast node, as much of it as this module needs (react-markdown's syntax tree of the rendered prompt). */
export type HastNode = {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

/**
 * The shape of a placeholder the engine leaves unfilled (`{{name}}`, `{{obj.key}}`, `{{ UPPER }}`), and of
 * the marker a template writes where the prompt has nothing to start from (`[MISSING: the competitors]`).
 */
const PLACEHOLDER = /\{\{\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\}\}|\[MISSING: [^\]\n]*\]/g;
const HAS_PLACEHOLDER = /\{\{\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\}\}|\[MISSING: [^\]\n]*\]/;

/** Wraps every unfilled `{{placeholder}}` and `[MISSING: ...]` in the prompt in a <mark>, so the team sees what is left. */
function splitPlaceholders(text: string): HastNode[] {
  const parts: HastNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ type: 'text', value: text.slice(last, start) });
    parts.push({
      type: 'element',
      tagName: 'mark',
      properties: { className: ['placeholder'] },
      children: [{ type: 'text', value: match[0] }],
    });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

export function markPlaceholders(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value && HAS_PLACEHOLDER.test(child.value)) {
      return splitPlaceholders(child.value);
    }
    markPlaceholders(child);
    return [child];
  });
}
