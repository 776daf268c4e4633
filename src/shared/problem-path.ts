/*
 * Where in an activity's config a programme problem sits, written once for the checks (which write it) and
 * the editor (which reads it back to show the problem at its control): `fields[3].options[1].value`.
 */

/** Where in an activity's config: `['fields', 3, 'options', 1, 'value']`. */
export type ProblemPath = readonly (string | number)[];

/** The path as a problem names it: `fields[3].options[1].value` (a schema's symbol keys as their names). */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
}

/** `fields[3].options[1].value` read back into its keys; `''` is the activity itself. */
export function parsePathText(text: string): ProblemPath {
  const keys: (string | number)[] = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    keys.push(match[2] === undefined ? match[1]! : Number(match[2]));
  }
  return keys;
}
