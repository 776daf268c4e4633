/**
 * How saves from several devices of one team merge into one activity's answers (docs/decisions/
 * 014-merging-saves.md). The server does this in one SQL statement; this module states the rule once, in
 * plain code: the request's plan, and the model the tests hold the database to.
 */

export type AnswerValues = Record<string, unknown>;

/** An activity's stored answers: the values, the save count, and which save last wrote each field. */
export type StoredAnswers = { data: AnswerValues; version: number; fieldVersions: Record<string, number> };

export type SaveRequest = { data: AnswerValues; changed?: readonly string[]; baseVersion?: number };

/**
 * `stored` with the `changed` fields of `data` written into it: a named field absent from `data` is
 * removed, every other stored field stays. The rule of every save that names its fields: the server's
 * (planSave below), practice mode's in this browser, and a teammate's save applied to a page's cache.
 */
export function writeChangedFields(
  stored: AnswerValues | null | undefined,
  data: AnswerValues,
  changed: readonly string[],
): AnswerValues {
  const merged: AnswerValues = { ...stored };
  for (const field of changed) {
    if (Object.hasOwn(data, field)) merged[field] = data[field];
    else delete merged[field];
  }
  return merged;
}

/**
 * What a save asks to write: `values` to set, `removed` fields to delete, and `baseVersion` when only the
 * fields nobody wrote after that version may be written (null: write them all).
 * - With `changed`: exactly the named fields; a named field absent from `data` is removed. The later
 *   save of a field wins, so the version the device started from does not matter.
 * - Without: every field of `data`, limited by `baseVersion` when the device sent one; nothing removed (a
 *   whole-activity copy that lacks a field says nothing about it).
 */
export function planSave(save: SaveRequest): {
  values: AnswerValues;
  removed: string[];
  baseVersion: number | null;
} {
  if (save.changed) {
    const values: AnswerValues = {};
    const removed: string[] = [];
    for (const id of new Set(save.changed)) {
      if (Object.hasOwn(save.data, id)) values[id] = save.data[id];
      else removed.push(id);
    }
    return { values, removed, baseVersion: null };
  }
  return { values: { ...save.data }, removed: [], baseVersion: save.baseVersion ?? null };
}

/** The record after `save` is applied to `stored` (none: the activity's first save), and what it wrote. */
export function applySave(
  stored: StoredAnswers | undefined,
  save: SaveRequest,
): { record: StoredAnswers; written: string[] } {
  const plan = planSave(save);
  const version = (stored?.version ?? 0) + 1;
  const data: AnswerValues = { ...stored?.data };
  const fieldVersions = { ...stored?.fieldVersions };
  const writable = (id: string) => plan.baseVersion === null || (fieldVersions[id] ?? 0) <= plan.baseVersion;
  const written: string[] = [];
  for (const id of plan.removed) {
    if (!writable(id)) continue;
    delete data[id];
    fieldVersions[id] = version;
    written.push(id);
  }
  for (const [id, value] of Object.entries(plan.values)) {
    if (!writable(id)) continue;
    data[id] = value;
    fieldVersions[id] = version;
    written.push(id);
  }
  return { record: { data, version, fieldVersions }, written };
}
