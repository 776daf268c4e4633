import { isActivityShaped } from '@shared/activity-reference';

/** The longest id (or option value) made from a label; a long label makes a readable prefix, not a sentence. */
export const FIELD_ID_MAX = 40;

/** The label in snake_case, accents dropped, at most FIELD_ID_MAX characters ending on a word; may be ''. */
function snakeCase(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, FIELD_ID_MAX)
    .replace(/_+$/, '');
}

/** `base`, or `base_2`, `base_3`, ... : the first not in `taken`. */
function unique(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const id = `${base}_${n}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * A new field's id, made from its label: snake_case (`Target customer` -> `target_customer`) and a field id
 * by the shared rule (`isFieldId`: starting with a letter, never one of `phase1` ... `phase8`, which
 * templates read other activities by), not in `taken` (`_2`, `_3`, ... added until it is free). Templates read
 * the answer by this id, and saved answers are kept under it, so it is given once and never changes after
 * the field is published: renaming a field changes its label only.
 */
export function fieldIdFromLabel(label: string, taken: ReadonlySet<string>): string {
  let base = snakeCase(label);
  if (!/^[a-z]/.test(base)) base = base ? `field_${base}` : 'field';
  if (isActivityShaped(base)) base = `${base}_answer`;
  return unique(base, taken);
}

/**
 * A new option's value, made from its label: snake_case (`Last 12 months` -> `last_12_months`, `18-25` ->
 * `18_25`), never blank (`option`). A value is not a field id: it is what the answer stores and templates
 * compare with, so it may start with a digit and may be `phase2`; only the field-id rules' snake_case is
 * shared, which keeps it free of the ", " that joins a checkboxes answer's values.
 */
export function optionValueFromLabel(label: string): string {
  return snakeCase(label) || 'option';
}

/**
 * What is fixed in one activity: the ids of its fields, and by field id the values of its options. A field's id
 * and an option's value are fixed from when they are created: templates read the answer by them, and saved
 * answers are kept under them, so renaming changes a label only.
 */
export type FixedNames = { ids: ReadonlySet<string>; values: ReadonlyMap<string, ReadonlySet<string>> };

export const NOTHING_FIXED: FixedNames = { ids: new Set(), values: new Map() };

/** The ids and option values each activity of `activities` holds (by activity number); lenient on any shape. */
export function fixedNamesOf(activities: readonly unknown[]): Map<number, FixedNames> {
  const byActivity = new Map<number, FixedNames>();
  for (const [i, config] of activities.entries()) {
    const fields = (config as { fields?: unknown } | null)?.fields;
    const ids = new Set<string>();
    const values = new Map<string, Set<string>>();
    for (const field of Array.isArray(fields) ? fields : []) {
      const id = (field as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || id === '') continue;
      ids.add(id);
      const options = (field as { options?: unknown }).options;
      const held = values.get(id) ?? new Set<string>();
      for (const option of Array.isArray(options) ? options : []) {
        const value = (option as { value?: unknown } | null)?.value;
        if (typeof value === 'string' && value !== '') held.add(value);
      }
      values.set(id, held);
    }
    byActivity.set(i + 1, { ids, values });
  }
  return byActivity;
}

/** Both sets of fixed names together (the draft as opened, and the newest published version). */
export function mergeFixed(a: FixedNames | undefined, b: FixedNames | undefined): FixedNames {
  if (!a) return b ?? NOTHING_FIXED;
  if (!b) return a;
  const values = new Map<string, ReadonlySet<string>>(a.values);
  for (const [id, held] of b.values) values.set(id, new Set([...(values.get(id) ?? []), ...held]));
  return { ids: new Set([...a.ids, ...b.ids]), values };
}
