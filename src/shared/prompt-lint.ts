/**
 * Reads a rendered prompt the way a careful instructor would and lists what breaks it: holes left by blank
 * answers ("in , each", "Main goal: "), dangling separators, numbered lists that skip or start late, bare
 * list numbers, empty sections, and template tags that are not deliberate markers. The programme checks
 * (programme-checks.ts) render every activity at several stages of filling in and require an empty list.
 *
 * A deliberate marker is `{{id}}` for a field of the activity's own form that is still blank: the preview
 * highlights it so the team sees what to fill. Anything else in braces is a leak.
 */

export type LintOptions = {
  /** Field ids whose `{{id}}` may stay in the prompt: this activity's fields that are blank. */
  markers?: ReadonlySet<string>;
  /**
   * The line rules' findings by line, kept across calls: a caller that reads many prompts differing in a
   * few lines (the programme checks render each activity for every option of every choice) passes one map.
   */
  lineFindings?: Map<string, readonly string[]>;
};

const TAG = /\{\{[\s\S]*?\}\}/g;
const MARKER = /^\{\{\s*([a-z][a-z0-9_]*)\s*\}\}$/;
const ITEM = /^( *)(\d+)\.(?=\s|$)/;
const HEADING = /^(#{1,6})(\s|$)/;

function linesOutsideFences(text: string): { line: string; index: number }[] {
  const out: { line: string; index: number }[] = [];
  let inFence = false;
  text.split('\n').forEach((line, index) => {
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence) out.push({ line, index });
  });
  return out;
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
  { name: 'bare list item', test: (l) => /^\s*(\d+\.|[-*+])\s*$/.test(l) },
  { name: 'empty heading', test: (l) => /^#{1,6}\s*$/.test(l) },
  { name: 'empty bold', test: (l) => /\*\*\s*\*\*/.test(l) },
  { name: 'line starts with punctuation', test: (l) => /^\s*[,;.:]/.test(l) && !/^\s*\.\.\./.test(l) },
  { name: 'doubled full stop', test: (l) => /[^.]\.\.(?!\.)/.test(l) },
];

/** Problems found in a rendered prompt, each naming its line; empty when it reads cleanly. */
export function lintRenderedPrompt(text: string, options: LintOptions = {}): string[] {
  const problems: string[] = [];
  const markers = options.markers ?? new Set<string>();
  const where = (index: number, line: string) => `line ${index + 1} "${line.trim().slice(0, 90)}"`;

  for (const match of text.matchAll(TAG)) {
    const id = MARKER.exec(match[0])?.[1];
    if (!id || !markers.has(id)) problems.push(`raw template tag ${match[0].slice(0, 60)}`);
  }
  const withoutTags = text.replace(TAG, 'x');
  if (withoutTags.includes('{{') || withoutTags.includes('}}')) problems.push('stray {{ or }}');
  if (/\[not yet answered in Activity \d+/.test(text)) {
    problems.push('a reference to another activity has no fallback');
  }
  if (/\n\s*\n\s*\n/.test(text)) problems.push('more than one blank line in a row');
  if (text !== text.trim()) problems.push('leading or trailing blank space');

  const lines = linesOutsideFences(text);
  for (const { line, index } of lines) {
    let found = options.lineFindings?.get(line);
    if (!found) {
      found = LINE_RULES.filter((rule) => rule.test(line)).map((rule) => rule.name);
      options.lineFindings?.set(line, found);
    }
    for (const name of found) problems.push(`${name}: ${where(index, line)}`);
  }

  // A line ending in a colon introduces something: the next non-blank line must exist and not be a heading.
  const all = text.split('\n');
  for (const { line, index } of lines) {
    if (!/:\s*$/.test(line) || HEADING.test(line)) continue;
    const next = all.slice(index + 1).find((l) => l.trim() !== '');
    if (next === undefined || HEADING.test(next)) problems.push(`dangling colon: ${where(index, line)}`);
  }

  // A heading must have something under it before the next heading of the same or a higher level.
  lines.forEach(({ line, index }, i) => {
    const level = HEADING.exec(line)?.[1]?.length;
    if (!level) return;
    const following = lines.slice(i + 1).find((l) => l.line.trim() !== '');
    const nextLevel = following ? HEADING.exec(following.line)?.[1]?.length : undefined;
    if (!following || (nextLevel !== undefined && nextLevel <= level)) {
      problems.push(`empty section: ${where(index, line)}`);
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
    const item = ITEM.exec(line);
    const indent = item ? item[1]!.length : line.length - line.trimStart().length;
    for (const key of open.keys()) if (key > indent || (!item && key === indent)) open.delete(key);
    if (!item) continue;
    const number = Number(item[2]);
    const list = open.get(indent);
    const expected = list ? list.expected : 1;
    if (number !== expected) {
      problems.push(`numbered list goes to ${number} where ${expected} was due: ${where(index, line)}`);
    }
    open.set(indent, { expected: number + 1 });
  }
  return problems;
}
