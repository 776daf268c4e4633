/** The longest id a new field is given from its label; a long label makes a readable prefix, not a sentence. */
export const FIELD_ID_MAX = 40;

/**
 * A new field's id, made from its label: snake_case (`Target customer` -> `target_customer`), starting with a
 * letter, never one of `phase1` ... `phase8` (templates read other activities as `phaseN.<id>`), and not in
 * `taken` (`_2`, `_3`, ... added until it is free). Templates read the answer by this id, and saved answers
 * are kept under it, so it is given once and never changes after the field is published: renaming a field
 * changes its label only.
 */
export function fieldIdFromLabel(label: string, taken: ReadonlySet<string>): string {
  let base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, FIELD_ID_MAX)
    .replace(/_+$/, '');
  if (!/^[a-z]/.test(base)) base = base ? `field_${base}` : 'field';
  if (/^phase[0-9]+$/.test(base)) base = `${base}_answer`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const id = `${base}_${n}`;
    if (!taken.has(id)) return id;
  }
}
