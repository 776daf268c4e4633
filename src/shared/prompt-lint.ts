import { isFieldId } from './phase-config.ts';
import { isFence, listItem, scanTemplate } from './prompt-template.ts';

/**
 * Reads a rendered prompt the way a careful instructor would and lists what breaks it: holes left by blank
 * answers ("in , each", "Main goal: "), dangling separators, numbered lists that skip or start late, bare
 * list numbers, empty sections, and template tags that are not deliberate markers. The programme checks
 * (programme-checks.ts) render every activity at several stages of filling in and require an empty list.
 *
 * A deliberate marker is `{{id}}` for a field of the activity's own form that is still blank: the preview
 * highlights it so the team sees what to fill. Any other tag is a leak, a tag being exactly what the renderer
 * reads as one (`scanTemplate`); braces outside a tag are strays.
 */

export type LintOptions = {
  /** Field ids whose `{{id}}` may stay in the prompt: this activity's fields that are blank. */
  markers?: ReadonlySet<string>;
  /**
   * The line rules' findings by line, kept across calls: a caller that reads many prompts differing in a
   * few lines (the programme checks render each activity for every option of every choice) passes one map.
   */
  lineFindings?: Map<string, readonly string[]>;
  /** Stop after this many problems (the programme checks list a few per prompt, not one per line). */
  maxProblems?: number;
};

const HEADING = /^(#{1,6})(\s|$)/;
/** Lines the line cache keeps at most: past it, it starts again (a cache, so only speed depends on it). */
const LINE_CACHE_MAX = 20_000;

function linesOutsideFences(all: readonly string[]): { line: string; index: number }[] {
  const out: { line: string; index: number }[] = [];
  let inFence = false;
  all.forEach((line, index) => {
    if (isFence(line)) inFence = !inFence;
    else if (!inFence) out.push({ line, index });
  });
  return out;
}

/** A numbered item (as the renderer reads one: `2024.` is a year) or a bullet with nothing after it. */
function isBareListItem(line: string): boolean {
  const item = listItem(line);
  if (item) return line.slice(item.marker.length).trim() === '';
  return /^\s*[-*+]\s*$/.test(line);
}

const LINE_RULES: { name: string; test: (line: string) => boolean }[] = [
  {
    name: 'space before punctuation (a blank answer left a hole)',
    test: (l) => /\S\s+[,;:!?](\s|$)|\S\s+\.(\s|$)/.test(l),
  },
  { name: 'empty list separator', test: (l) => /,\s*,|,\s*\.(\s|$)/.test(l) },
  { name: 'empty brackets or quotes', test: (l) => /\(\s*\)|\[\s*\]|""|“”/.test(l) },
  {
    name: 'word cut off before punctuation',
    test: (l) => /\b(in|of|at|with|by|from|called|the|an)[,;:]/i.test(l),
  },
  { name: 'trailing whitespace', test: (l) => /\S[ \t]+$/.test(l) },
  { name: 'double space', test: (l) => /\S {2,}\S/.test(l.replace(/^\s+/, '')) && !/^\s*\|/.test(l) },
  { name: 'bare list item', test: isBareListItem },
  { name: 'empty heading', test: (l) => /^#{1,6}\s*$/.test(l) },
  { name: 'empty bold', test: (l) => /\*\*\s*\*\*/.test(l) },
  { name: 'line starts with punctuation', test: (l) => /^\s*[,;.:]/.test(l) && !/^\s*\.\.\./.test(l) },
  { name: 'doubled full stop', test: (l) => /[^.]\.\.(?!\.)/.test(l) },
];

/**
 * Problems found in a rendered prompt, each naming its line; empty when it reads cleanly. Linear in the
 * text's length: tags are found by the renderer's own scan (`scanTemplate`), every rule reads one line
 * with patterns that cannot backtrack past it, and what follows a line is looked up, not searched for.
 */
export function lintRenderedPrompt(text: string, options: LintOptions = {}): string[] {
  const problems: string[] = [];
  const max = options.maxProblems ?? Number.POSITIVE_INFINITY;
  const add = (problem: string) => {
    if (problems.length < max) problems.push(problem);
  };
  const markers = options.markers ?? new Set<string>();
  const where = (index: number, line: string) => `line ${index + 1} "${line.trim().slice(0, 90)}"`;

  // Tags as the renderer reads them; braces left in the text between them are strays. Past the problems
  // wanted, the rest of the text's tags are not read.
  let stray = false;
  for (const token of scanTemplate(text)) {
    if (problems.length >= max) break;
    if (token.type === 'text') {
      stray ||= token.text.includes('{{') || token.text.includes('}}');
      continue;
    }
    const id = token.type === 'placeholder' && token.path.length === 1 ? token.path[0]! : '';
    if (!isFieldId(id) || !markers.has(id)) add(`raw template tag ${token.raw.slice(0, 60)}`);
  }
  if (stray) add('stray {{ or }}');
  if (/\[not yet answered in Activity \d+/.test(text)) {
    add('a reference to another activity has no fallback');
  }
  if (/\n[^\S\n]*\n[^\S\n]*\n/.test(text)) add('more than one blank line in a row');
  if (text !== text.trim()) add('leading or trailing blank space');

  const all = text.split('\n');
  const lines = linesOutsideFences(all);
  const cache = options.lineFindings;
  if (cache && cache.size > LINE_CACHE_MAX) cache.clear();
  for (const { line, index } of lines) {
    if (problems.length >= max) break;
    let found = cache?.get(line);
    if (!found) {
      found = LINE_RULES.filter((rule) => rule.test(line)).map((rule) => rule.name);
      cache?.set(line, found);
    }
    for (const name of found) add(`${name}: ${where(index, line)}`);
  }

  // A line ending in a colon introduces something: the next non-blank line must exist and not be a heading.
  // The next non-blank line after each line, found in one pass from the end.
  const nextNonBlank = new Array<number>(all.length);
  for (let i = all.length - 1, next = -1; i >= 0; i--) {
    nextNonBlank[i] = next;
    if (all[i]!.trim() !== '') next = i;
  }
  for (const { line, index } of lines) {
    if (!/:\s*$/.test(line) || HEADING.test(line)) continue;
    const next = nextNonBlank[index]!;
    if (next === -1 || HEADING.test(all[next]!)) add(`dangling colon: ${where(index, line)}`);
  }

  // A heading must have something under it before the next heading of the same or a higher level.
  const followingLine = new Array<string | undefined>(lines.length);
  for (let i = lines.length - 1, following: string | undefined; i >= 0; i--) {
    followingLine[i] = following;
    if (lines[i]!.line.trim() !== '') following = lines[i]!.line;
  }
  lines.forEach(({ line, index }, i) => {
    const level = HEADING.exec(line)?.[1]?.length;
    if (!level) return;
    const following = followingLine[i];
    const nextLevel = following === undefined ? undefined : HEADING.exec(following)?.[1]?.length;
    if (following === undefined || (nextLevel !== undefined && nextLevel <= level)) {
      add(`empty section: ${where(index, line)}`);
    }
  });

  // Numbered lists count 1, 2, 3 at each indentation; deeper and blank lines stay inside a list.
  let open = new Map<number, { expected: number }>();
  for (const { line, index } of lines) {
    if (line.trim() === '') continue;
    if (HEADING.test(line)) {
      open = new Map();
      continue;
    }
    const item = listItem(line);
    const indent = item ? item.indent : line.length - line.trimStart().length;
    for (const key of open.keys()) if (key > indent || (!item && key === indent)) open.delete(key);
    if (!item) continue;
    const { number } = item;
    const list = open.get(indent);
    const expected = list ? list.expected : 1;
    if (number !== expected) {
      add(`numbered list goes to ${number} where ${expected} was due: ${where(index, line)}`);
    }
    open.set(indent, { expected: number + 1 });
  }
  return problems;
}
