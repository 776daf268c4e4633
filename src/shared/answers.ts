/**
 * Whether a saved value counts as an answer (docs/product.md, Autosave and collaboration): anything but
 * nothing (null or undefined), blank text (empty, or nothing but spaces, tabs and line breaks), an empty
 * list or an empty object. A number, a boolean, and a list or object with anything in it count. The one rule:
 * the activity page, the header's list of activities, practice mode and the server (the dashboard and the
 * CSV export, which count answers in SQL with a translation tested against this function) all use it.
 */
export function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Whether an activity's saved answers (or a form's values) hold at least one answer. */
export function hasAnyAnswer(data: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return data !== null && data !== undefined && Object.values(data).some(isAnswered);
}
