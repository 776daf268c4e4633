/**
 * The prompt template engine: turns a phase's `promptTemplate` and a team's answers into
 * the AI prompt shown in the preview. Three stages: tokenize -> parse (AST) -> render.
 *
 * Syntax:
 * - `{{path}}` substitutes a value; `path` is dot-separated (`obj.key`); an UPPER_CASE segment falls back to
 *   its lowercase key when the exact key is absent (`{{COMPANY_NAME}}` -> `data.company_name`).
 * - `{{#if cond}}...{{else}}...{{/if}}`, nestable; `cond` is `path`, `path == "text"` or `path != 'text'`.
 *
 * Malformed input never throws; the chosen behaviour:
 * - an unterminated `{{`, an empty `{{}}`, and any tag that is not a placeholder, `#if`, `else` or `/if`
 *   (including `{{#if}}` with a missing or unreadable condition) is literal text;
 * - when a second `{{` starts before the first one's `}}`, the first is literal (`{{{name}}` -> `{` + value);
 * - a `{{/if}}` or `{{else}}` outside a block, and a second `{{else}}` in the same block, are literal text;
 * - an `{{#if}}` never closed is closed implicitly at the end of the template: its condition is evaluated
 *   normally and the chosen branch runs to the end; the opening tag itself is not emitted.
 * A condition's quoted text cannot contain `}}` (the tag ends at the first `}}`).
 */

export type TemplateCondition =
  | { kind: 'truthy'; path: readonly string[] }
  | { kind: 'compare'; path: readonly string[]; operator: '==' | '!='; value: string };

export type TemplateNode =
  | { kind: 'text'; text: string }
  /** `raw` is the tag exactly as written, emitted when the value is missing. */
  | { kind: 'placeholder'; path: readonly string[]; raw: string }
  | { kind: 'if'; condition: TemplateCondition; consequent: TemplateNode[]; alternate: TemplateNode[] };

type Token =
  | { type: 'text'; text: string }
  | { type: 'placeholder'; path: readonly string[]; raw: string }
  | { type: 'if-open'; condition: TemplateCondition; raw: string }
  | { type: 'else'; raw: string }
  | { type: 'if-close'; raw: string };

const OPEN = '{{';
const CLOSE = '}}';
const PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/** Splits a template into text and tags. Linear time: each `{{` and `}}` search resumes where it stopped. */
function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let searchFrom = 0;
  let close = -1;

  const pushText = (text: string): void => {
    if (text === '') return;
    const last = tokens[tokens.length - 1];
    if (last?.type === 'text') last.text += text;
    else tokens.push({ type: 'text', text });
  };

  for (;;) {
    const open = template.indexOf(OPEN, searchFrom);
    if (open === -1) break;
    if (close < open + OPEN.length) close = template.indexOf(CLOSE, open + OPEN.length);
    // No `}}` after this `{{` means no later tag can close either: the rest is literal.
    if (close === -1) break;
    const nextOpen = template.indexOf(OPEN, open + 1);
    if (nextOpen !== -1 && nextOpen < close) {
      searchFrom = nextOpen;
      continue;
    }
    const end = close + CLOSE.length;
    const raw = template.slice(open, end);
    const tag = classifyTag(raw, template.slice(open + OPEN.length, close).trim());
    pushText(template.slice(textStart, open));
    if (tag) tokens.push(tag);
    else pushText(raw);
    textStart = end;
    searchFrom = end;
  }
  pushText(template.slice(textStart));
  return tokens;
}

function classifyTag(raw: string, inner: string): Token | null {
  if (inner === 'else') return { type: 'else', raw };
  if (/^\/\s*if$/.test(inner)) return { type: 'if-close', raw };
  const ifMatch = /^#if(?:\s+([\s\S]*))?$/.exec(inner);
  if (ifMatch) {
    const condition = parseCondition(ifMatch[1] ?? '');
    return condition ? { type: 'if-open', condition, raw } : null;
  }
  const path = parsePath(inner);
  return path ? { type: 'placeholder', path, raw } : null;
}

function parsePath(text: string): string[] | null {
  return PATH_PATTERN.test(text) ? text.split('.') : null;
}

/** `path`, or `path == "text"` / `path != 'text'`; anything else is unreadable (null). */
function parseCondition(source: string): TemplateCondition | null {
  const text = source.trim();
  const operatorMatch = /^([^\s=!]+)\s*(==|!=)\s*/.exec(text);
  if (!operatorMatch) {
    const path = parsePath(text);
    return path ? { kind: 'truthy', path } : null;
  }
  const path = parsePath(operatorMatch[1] ?? '');
  const operator = operatorMatch[2] === '!=' ? '!=' : '==';
  const rest = text.slice(operatorMatch[0].length);
  const quote = rest[0];
  if (!path || (quote !== '"' && quote !== "'")) return null;
  const closing = rest.indexOf(quote, 1);
  // Nothing may follow the closing quote, so `a == "x" junk` is not silently half-read.
  if (closing === -1 || rest.slice(closing + 1).trim() !== '') return null;
  return { kind: 'compare', path, operator, value: rest.slice(1, closing) };
}

/** Builds the AST with an explicit stack, so nesting depth is limited only by memory. */
export function parsePromptTemplate(template: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const open: { node: Extract<TemplateNode, { kind: 'if' }>; inElse: boolean }[] = [];

  const current = (): TemplateNode[] => {
    const frame = open[open.length - 1];
    if (!frame) return root;
    return frame.inElse ? frame.node.alternate : frame.node.consequent;
  };
  const appendText = (text: string): void => {
    const nodes = current();
    const last = nodes[nodes.length - 1];
    if (last?.kind === 'text') last.text += text;
    else nodes.push({ kind: 'text', text });
  };

  for (const token of tokenize(template)) {
    switch (token.type) {
      case 'text':
        appendText(token.text);
        break;
      case 'placeholder':
        current().push({ kind: 'placeholder', path: token.path, raw: token.raw });
        break;
      case 'if-open': {
        const node: Extract<TemplateNode, { kind: 'if' }> = {
          kind: 'if',
          condition: token.condition,
          consequent: [],
          alternate: [],
        };
        current().push(node);
        open.push({ node, inElse: false });
        break;
      }
      case 'else': {
        const frame = open[open.length - 1];
        if (frame && !frame.inElse) frame.inElse = true;
        else appendText(token.raw);
        break;
      }
      case 'if-close':
        if (open.length > 0) open.pop();
        else appendText(token.raw);
        break;
    }
  }
  // Blocks still open here are closed implicitly: they are already in the tree with what they collected.
  return root;
}

function hasOwn(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

function isUpperCaseSegment(segment: string): boolean {
  return /[A-Z]/.test(segment) && segment === segment.toUpperCase();
}

/** Own properties only, so `{{constructor}}` or `{{__proto__}}` never reach the prototype chain. */
function lookup(data: unknown, path: readonly string[]): unknown {
  let value = data;
  for (const segment of path) {
    if (hasOwn(value, segment)) {
      value = (value as Record<string, unknown>)[segment];
    } else if (isUpperCaseSegment(segment) && hasOwn(value, segment.toLowerCase())) {
      value = (value as Record<string, unknown>)[segment.toLowerCase()];
    } else {
      return undefined;
    }
  }
  return value;
}

function formatScalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return undefined;
}

/** The text a value renders as, or undefined when the placeholder should stay as written. */
function formatValue(value: unknown): string | undefined {
  const text = Array.isArray(value)
    ? value
        .map(formatScalar)
        // Blank items are dropped so a half-filled list reads `a, b`, not `a, , b`.
        .filter((item): item is string => item !== undefined && item.trim() !== '')
        .join(', ')
    : formatScalar(value);
  return text === undefined || text.trim() === '' ? undefined : text;
}

function isTruthy(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return false;
}

function evaluate(condition: TemplateCondition, data: Record<string, unknown>): boolean {
  const value = lookup(data, condition.path);
  if (condition.kind === 'truthy') return isTruthy(value);
  const equal = (formatValue(value) ?? '').trim() === condition.value;
  return condition.operator === '==' ? equal : !equal;
}

/** Renders without recursion: a stack of node lists, each with a cursor. */
function render(nodes: TemplateNode[], data: Record<string, unknown>): string {
  const out: string[] = [];
  const stack: { nodes: TemplateNode[]; index: number }[] = [{ nodes, index: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = frame.nodes[frame.index];
    if (!node) {
      stack.pop();
      continue;
    }
    frame.index += 1;
    if (node.kind === 'text') out.push(node.text);
    else if (node.kind === 'placeholder') out.push(formatValue(lookup(data, node.path)) ?? node.raw);
    else stack.push({ nodes: evaluate(node.condition, data) ? node.consequent : node.alternate, index: 0 });
  }
  return out.join('');
}

/**
 * Fills a prompt template with a team's answers. Strings are used as is, numbers and booleans via String(),
 * arrays joined with ', '. Placeholders that are unknown, empty (after trim), null or objects stay exactly as
 * written, so the team sees what is still to fill.
 */
export function renderPromptTemplate(template: string, data: Record<string, unknown>): string {
  return render(parsePromptTemplate(template), data);
}

/** Distinct field paths used by placeholders and `#if` conditions, as written, in order of first use. */
export function listTemplatePlaceholders(template: string): string[] {
  const paths = new Set<string>();
  for (const token of tokenize(template)) {
    if (token.type === 'placeholder') paths.add(token.path.join('.'));
    else if (token.type === 'if-open') paths.add(token.condition.path.join('.'));
  }
  return [...paths];
}
