import { isReservedFieldId } from '@shared/phase-config';

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
  if (isReservedFieldId(base)) base = `${base}_answer`;
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
