import { activityNamed } from './activity-reference.ts';

/**
 * The prompt template engine: turns an activity's `promptTemplate` and a team's answers into the AI prompt
 * shown in the preview. Three stages: tokenize -> parse (AST) -> render, then a pass that renumbers
 * numbered lists.
 *
 * Syntax:
 * - `{{path}}` substitutes a value; `path` is dot-separated (`obj.key`); an UPPER_CASE segment falls back to
 *   its lowercase key when the exact key is absent (`{{COMPANY_NAME}}` -> `data.company_name`).
 * - `{{#if cond}}...{{else if cond}}...{{else}}...{{/if}}`, nestable; `cond` is `path`, `path == "text"`,
 *   `path != 'text'` or `path has "item"` (the answer is a list, or a comma-separated text such as a group of
 *   ticked boxes, `children, food`, that holds the item). `{{else if}}` may repeat; one `{{/if}}` closes the
 *   whole chain.
 *
 * Answers of other activities, and shared facts (see `template-context.ts`, which builds the data):
 * - A template reads its own activity's answers and the team's shared facts by their plain ids
 *   (`{{company_name}}`), and any activity's answers as `phaseN.<field id>` (`{{phase1.research_findings}}`).
 *   Shared facts (`shared-facts.ts`) are kept once per team, so `{{target_region}}` is the same value in
 *   every activity; each activity that uses one shows it as a field of its own form.
 * - Every activity has one optional "handoff" field where the team pastes the key result of the AI's answer;
 *   later activities read it as `phaseN.<id>`, always inside `{{#if phaseN.<id>}}` with a fallback for a
 *   team that has not done (or skipped) that activity.
 * - A `phaseN.<id>` reference left blank renders as a bracketed note naming the activity and the answer
 *   (`[not yet answered in Activity 1: research findings]`), never as the raw tag and never as a hole.
 *
 * Unfilled answers: a placeholder of the activity's own field that is blank stays exactly as written
 * (`{{sector}}`): the preview highlights it so the team sees what is left. Templates write a select's
 * fallback as that marker (`{{#if a == "x"}}...{{else}}{{a}}{{/if}}`), so an unchosen option is visible too.
 *
 * Numbered lists: after rendering, consecutive `N. ` items at the same indentation are renumbered from the
 * list's first number, so items that are conditional never leave a gap (4 -> 7). Fenced code is untouched.
 *
 * Malformed input never throws; the chosen behaviour:
 * - an unterminated `{{`, an empty `{{}}`, and any tag that is not a placeholder, `#if`, `else`, `else if` or
 *   `/if` (including an `{{#if}}` or `{{else if}}` with a missing or unreadable condition) is literal text;
 * - when a second `{{` starts before the first one's `}}`, the first is literal (`{{{name}}` -> `{` + value);
 * - a `{{/if}}`, `{{else}}` or `{{else if}}` outside a block, and an `{{else}}` or `{{else if}}` after the
 *   block's `{{else}}`, are literal text;
 * - an `{{#if}}` never closed is closed implicitly at the end of the template: its condition is evaluated
 *   normally and the chosen branch runs to the end; the opening tag itself is not emitted.
 * A condition's quoted text cannot contain `}}` (the tag ends at the first `}}`).
 */

export type TemplateCondition =
  | { kind: 'truthy'; path: readonly string[] }
  | { kind: 'compare'; path: readonly string[]; operator: '==' | '!=' | 'has'; value: string };

export type TemplateNode =
  | { kind: 'text'; text: string }
  /** `raw` is the tag exactly as written, emitted when the value is missing. */
  | { kind: 'placeholder'; path: readonly string[]; raw: string }
  | { kind: 'if'; condition: TemplateCondition; consequent: TemplateNode[]; alternate: TemplateNode[] };

/**
 * A template read as the renderer reads it: text, and the tags between `{{` and `}}`. `unknown` is a tag the
 * engine does not read (`{{}}`, `{{#if ?}}`, `{{ two words }}`): it renders as written. The prompt lint
 * (prompt-lint.ts) reads rendered prompts with this same scan, so the two never disagree on what a tag is.
 */
export type TemplateToken =
  | { type: 'text'; text: string }
  | { type: 'unknown'; raw: string }
  | { type: 'placeholder'; path: readonly string[]; raw: string }
  | { type: 'if-open'; condition: TemplateCondition; raw: string }
  | { type: 'else'; raw: string }
  | { type: 'else-if'; condition: TemplateCondition; raw: string }
  | { type: 'if-close'; raw: string };

type TagToken = Exclude<TemplateToken, { type: 'text' }>;

const OPEN = '{{';
const CLOSE = '}}';
const PATH_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/**
 * Reads a template into text and tags, in one pass: each search for `{{` and `}}` resumes where the last
 * stopped, and the `}}` found is kept until a `{{` passes it, so the time is linear in the template's length
 * whatever it holds (50,000 unclosed `{{` included). Tokens come one at a time, so a reader may stop early;
 * text between two tags is one token.
 */
export function* scanTemplate(template: string): Generator<TemplateToken, void, undefined> {
  let textStart = 0;
  let searchFrom = 0;
  let close = -1;
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
    if (open > textStart) yield { type: 'text', text: template.slice(textStart, open) };
    yield classifyTag(template.slice(open, end), template.slice(open + OPEN.length, close).trim());
    textStart = end;
    searchFrom = end;
  }
  if (textStart < template.length) yield { type: 'text', text: template.slice(textStart) };
}

/** Every token of a template (`scanTemplate`), in order. */
export function tokenizeTemplate(template: string): TemplateToken[] {
  return [...scanTemplate(template)];
}

function classifyTag(raw: string, inner: string): TagToken {
  if (inner === 'else') return { type: 'else', raw };
  if (/^\/\s*if$/.test(inner)) return { type: 'if-close', raw };
  const elseIfMatch = /^else\s+if(?:\s+([\s\S]*))?$/.exec(inner);
  if (elseIfMatch) {
    const condition = parseTemplateCondition(elseIfMatch[1] ?? '');
    return condition ? { type: 'else-if', condition, raw } : { type: 'unknown', raw };
  }
  const ifMatch = /^#if(?:\s+([\s\S]*))?$/.exec(inner);
  if (ifMatch) {
    const condition = parseTemplateCondition(ifMatch[1] ?? '');
    return condition ? { type: 'if-open', condition, raw } : { type: 'unknown', raw };
  }
  const path = parsePath(inner);
  return path ? { type: 'placeholder', path, raw } : { type: 'unknown', raw };
}

function parsePath(text: string): string[] | null {
  return PATH_PATTERN.test(text) ? text.split('.') : null;
}

/** `path`, `path == "text"`, `path != 'text'` or `path has "item"`; anything else is unreadable (null). */
export function parseTemplateCondition(source: string): TemplateCondition | null {
  const text = source.trim();
  const operatorMatch = /^([^\s=!]+)(?:\s*(==|!=)\s*|\s+(has)\s+)/.exec(text);
  if (!operatorMatch) {
    const path = parsePath(text);
    return path ? { kind: 'truthy', path } : null;
  }
  const path = parsePath(operatorMatch[1] ?? '');
  const operator = operatorMatch[3] ?? (operatorMatch[2] === '!=' ? '!=' : '==');
  const rest = text.slice(operatorMatch[0].length);
  const quote = rest[0];
  if (!path || (quote !== '"' && quote !== "'")) return null;
  const closing = rest.indexOf(quote, 1);
  // Nothing may follow the closing quote, so `a == "x" junk` is not silently half-read.
  if (closing === -1 || rest.slice(closing + 1).trim() !== '') return null;
  return { kind: 'compare', path, operator: operator as '==' | '!=' | 'has', value: rest.slice(1, closing) };
}

/** What makes a template's blocks wrong, as the renderer reads them (each a tag as written). */
export type TemplateBlockIssue =
  /** An `{{#if}}` never closed by `{{/if}}`: the renderer closes it at the end of the template. */
  | { kind: 'unclosed'; raw: string }
  /** A `{{/if}}` with no block open: the renderer shows it as text. */
  | { kind: 'stray-close'; raw: string }
  /** An `{{else}}` or `{{else if}}` with no block open, or after its block's `{{else}}`: shown as text. */
  | { kind: 'stray-else'; raw: string }
  /** A tag the engine cannot read (`{{#if}}` without a condition, `{{ two words }}`): shown as text. */
  | { kind: 'unreadable'; raw: string };

/**
 * The template's blocks checked as `parsePromptTemplate` builds them (one scan, a stack of the open blocks):
 * every `{{#if}}` left open, every `{{/if}}` or `{{else}}` outside a block, every tag it cannot read, in the
 * order they stand. Empty when the blocks are whole.
 */
export function templateBlockIssues(template: string): TemplateBlockIssue[] {
  const issues: TemplateBlockIssue[] = [];
  const open: { raw: string; inElse: boolean }[] = [];
  for (const token of scanTemplate(template)) {
    const frame = open[open.length - 1];
    switch (token.type) {
      case 'unknown':
        issues.push({ kind: 'unreadable', raw: token.raw });
        break;
      case 'if-open':
        open.push({ raw: token.raw, inElse: false });
        break;
      case 'else':
      case 'else-if':
        if (!frame || frame.inElse) issues.push({ kind: 'stray-else', raw: token.raw });
        else if (token.type === 'else') frame.inElse = true;
        break;
      case 'if-close':
        if (!frame) issues.push({ kind: 'stray-close', raw: token.raw });
        else open.pop();
        break;
    }
  }
  for (const frame of open) issues.push({ kind: 'unclosed', raw: frame.raw });
  return issues;
}

type IfNode = Extract<TemplateNode, { kind: 'if' }>;

/**
 * Builds the AST with an explicit stack, so nesting depth is limited only by memory. `{{else if c}}` is the
 * `{{else}}` branch holding a nested `{{#if c}}`; its frame is `chained`, so the one `{{/if}}` that closes
 * the chain pops it together with the frame it continues.
 */
export function parsePromptTemplate(template: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const open: { node: IfNode; inElse: boolean; chained: boolean }[] = [];

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

  for (const token of scanTemplate(template)) {
    switch (token.type) {
      case 'text':
        appendText(token.text);
        break;
      case 'unknown':
        appendText(token.raw);
        break;
      case 'placeholder':
        current().push({ kind: 'placeholder', path: token.path, raw: token.raw });
        break;
      case 'if-open': {
        const node: IfNode = { kind: 'if', condition: token.condition, consequent: [], alternate: [] };
        current().push(node);
        open.push({ node, inElse: false, chained: false });
        break;
      }
      case 'else': {
        const frame = open[open.length - 1];
        if (frame && !frame.inElse) frame.inElse = true;
        else appendText(token.raw);
        break;
      }
      case 'else-if': {
        const frame = open[open.length - 1];
        if (!frame || frame.inElse) {
          appendText(token.raw);
          break;
        }
        frame.inElse = true;
        const node: IfNode = { kind: 'if', condition: token.condition, consequent: [], alternate: [] };
        frame.node.alternate.push(node);
        open.push({ node, inElse: false, chained: true });
        break;
      }
      case 'if-close':
        if (open.length === 0) {
          appendText(token.raw);
          break;
        }
        for (let frame = open.pop(); frame?.chained; frame = open.pop()) {
          // An `{{else if}}` frame closes with the block it continues.
        }
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

/** The items of a list answer: an array's scalar items, or a text's comma-separated parts, trimmed. */
function itemsOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(formatScalar) : (formatScalar(value) ?? '').split(',');
  return items.flatMap((item) => (item === undefined || item.trim() === '' ? [] : [item.trim()]));
}

/** Whether a condition holds for the data (a missing answer is blank: false, `!=` true). Never throws. */
export function conditionHolds(condition: TemplateCondition, data: Record<string, unknown>): boolean {
  const value = lookup(data, condition.path);
  if (condition.kind === 'truthy') return isTruthy(value);
  if (condition.operator === 'has') return itemsOf(value).includes(condition.value);
  const equal = (formatValue(value) ?? '').trim() === condition.value;
  return condition.operator === '==' ? equal : !equal;
}

/** What a placeholder without a value renders as: its own tag, or a note for another activity's answer. */
function unfilled(node: Extract<TemplateNode, { kind: 'placeholder' }>): string {
  const phase = node.path.length >= 2 ? activityNamed(node.path[0]!) : undefined;
  if (phase === undefined) return node.raw;
  const answer = node.path.slice(1).join(' ').toLowerCase().replace(/[_-]+/g, ' ');
  return `[not yet answered in Activity ${phase}: ${answer}]`;
}

/**
 * Renders without recursion: a stack of node lists, each with a cursor. Null as soon as the text passes
 * `maxLength` (a caller that must bound its work: many placeholders each showing a long value multiply).
 */
function render(nodes: TemplateNode[], data: Record<string, unknown>, maxLength = Infinity): string | null {
  const out: string[] = [];
  let length = 0;
  const stack: { nodes: TemplateNode[]; index: number }[] = [{ nodes, index: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = frame.nodes[frame.index];
    if (!node) {
      stack.pop();
      continue;
    }
    frame.index += 1;
    if (node.kind === 'if') {
      stack.push({
        nodes: conditionHolds(node.condition, data) ? node.consequent : node.alternate,
        index: 0,
      });
      continue;
    }
    const piece = node.kind === 'text' ? node.text : (formatValue(lookup(data, node.path)) ?? unfilled(node));
    length += piece.length;
    if (length > maxLength) return null;
    out.push(piece);
  }
  return out.join('');
}

/*
 * How a prompt's lines are read, written once for the renderer (which renumbers lists) and the prompt lint
 * (which checks them): a numbered list item is `N.` with one to three digits (`2024.` opening a line is a
 * year, not an item), indented by spaces, followed by a space or the line's end; a fence (```` ``` ```` or
 * `~~~`, indented by at most three spaces) opens or closes a block of code, whose lines are not read.
 */
const LIST_ITEM = /^( *)(\d{1,3})\.(?=\s|$)/;
const FENCE = /^ {0,3}(```|~~~)/;

/** A numbered list item's indentation, number and marker (`  2.`); null for any other line. */
export function listItem(line: string): { indent: number; number: number; marker: string } | null {
  const match = LIST_ITEM.exec(line);
  return match ? { indent: match[1]!.length, number: Number(match[2]), marker: match[0] } : null;
}

/** Whether the line opens or closes a fenced block of code. */
export function isFence(line: string): boolean {
  return FENCE.test(line);
}

/**
 * Renumbers markdown numbered lists so they count up by one from their first item: `1. 2. 4.` -> `1. 2. 3.`.
 * A list is the run of `N.` items at one indentation; deeper lines (sub-items, continuations) and blank lines
 * stay inside it, a line at or left of its indentation that is not an item ends it. Fenced code is skipped.
 */
export function renumberLists(text: string): string {
  const lines = text.split('\n');
  // Indentation -> the number the next item of the list open at that indentation gets.
  let next = new Map<number, number>();
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isFence(line)) {
      inFence = !inFence;
      next = new Map();
      continue;
    }
    if (inFence || line.trim() === '') continue;
    const item = listItem(line);
    const indent = item ? item.indent : line.length - line.trimStart().length;
    // Lists deeper than this line have ended; so has the list at its indentation if it is not an item.
    for (const open of next.keys()) if (open > indent || (!item && open === indent)) next.delete(open);
    if (!item) continue;
    const number = next.get(indent) ?? item.number;
    next.set(indent, number + 1);
    lines[i] = `${' '.repeat(indent)}${number}${line.slice(item.marker.length - 1)}`;
  }
  return lines.join('\n');
}

/**
 * Fills a prompt template with a team's answers. Strings are used as is, numbers and booleans via String(),
 * arrays joined with ', '. Placeholders that are unknown, empty (after trim), null or objects stay exactly as
 * written, so the team sees what is still to fill; another activity's answer left blank becomes a note.
 * Numbered lists are then renumbered.
 */
export function renderPromptTemplate(template: string, data: Record<string, unknown>): string {
  return renderParsedTemplate(parsePromptTemplate(template), data);
}

/** `renderPromptTemplate` for a template parsed once (`parsePromptTemplate`) and rendered with many answers. */
export function renderParsedTemplate(nodes: TemplateNode[], data: Record<string, unknown>): string {
  return renumberLists(render(nodes, data)!);
}

/** `renderParsedTemplate`, or null when the prompt would be longer than `maxLength` characters. */
export function renderParsedTemplateWithin(
  nodes: TemplateNode[],
  data: Record<string, unknown>,
  maxLength: number,
): string | null {
  const text = render(nodes, data, maxLength);
  return text === null ? null : renumberLists(text);
}

/** Distinct field paths used by placeholders and `#if` conditions, as written, in order of first use. */
export function listTemplatePlaceholders(template: string): string[] {
  const paths = new Set<string>();
  for (const token of scanTemplate(template)) {
    if (token.type === 'placeholder') paths.add(token.path.join('.'));
    else if (token.type === 'if-open' || token.type === 'else-if') paths.add(token.condition.path.join('.'));
  }
  return [...paths];
}
