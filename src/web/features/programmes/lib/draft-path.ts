import { type ProblemPath, parsePathText } from '@shared/problem-path';
import type { ProgrammeProblem } from '@shared/programme-checks';

/** Where in an activity's config: `['fields', 3, 'options', 1, 'value']`. */
export type DraftPath = ProblemPath;

/** The value at `path`, or undefined where the config has nothing there. */
export function getIn(value: unknown, path: DraftPath): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * `value` with `next` at `path`, every object and array on the way copied, nothing else: the editor's drafts
 * are never changed in place, so React sees each edit and the saved copy stays as it was sent. `undefined`
 * removes an object's key (an optional part left out, as the JSON files leave it out).
 */
export function setIn<T>(value: T, path: DraftPath, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const inner = setIn(getIn(value, [key]), rest, next);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[key as number] = inner;
    return copy as T;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown> | undefined) };
  if (inner === undefined && rest.length === 0) delete copy[key];
  else copy[key] = inner;
  return copy as T;
}

/** The id of the editor's control for `path` in activity `activity`. */
export function controlId(activity: number, path: DraftPath): string {
  return ['programme-edit', `a${activity}`, ...path.map(String)].join('-');
}

/** The id of the editor's section for the part at `path` (a part may also have a control of its own). */
export function sectionId(activity: number, path: DraftPath): string {
  return `${controlId(activity, path)}-section`;
}

/**
 * Where the editor shows a problem, most precise first: its own control (or section), then each part it sits in
 * (`fields[3].options[1].value`, then `fields[3].options[1]`, `fields[3].options`, `fields[3]`, `fields`), then
 * the activity. A problem of the programme as a whole has none.
 */
export function problemTargets(problem: Pick<ProgrammeProblem, 'activity' | 'path'>): string[] {
  if (problem.activity === null) return [];
  const path = parsePathText(problem.path);
  const targets: string[] = [];
  for (let length = path.length; length >= 0; length -= 1) {
    const part = path.slice(0, length);
    targets.push(controlId(problem.activity, part), sectionId(problem.activity, part));
  }
  return targets;
}
