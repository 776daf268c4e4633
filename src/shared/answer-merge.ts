/**
 * How saves from several devices of one team merge into one activity's answers (docs/decisions/
 * 014-merging-saves.md, and 051-text-typed-together-merges.md for text typed into one field at once). A save
 * that only sets values is one SQL statement on the server, the rule of `planSave`; a save that merges text
 * (or sets a field whose text has a document) is `applySave`, in plain code, which is also the model the
 * tests hold the database to.
 */
import {
  decodeText,
  type EncodedText,
  encodeText,
  mergeTextEdit,
  type TextEdit,
  type TextRefusal,
  writeWholeText,
} from './shared-text.ts';

export type AnswerValues = Record<string, unknown>;

/**
 * An activity's stored answers: the values, the save count, which save last wrote each field, and the
 * document of each text field typed with merging (src/shared/shared-text.ts), by field id.
 */
export type StoredAnswers = {
  data: AnswerValues;
  version: number;
  fieldVersions: Record<string, number>;
  text: Record<string, EncodedText>;
};

export type SaveRequest = {
  data: AnswerValues;
  changed?: readonly string[];
  baseVersion?: number;
  /** Text fields edited as documents: merged with what others typed, whatever `data` holds for them. */
  text?: Readonly<Record<string, TextEdit>>;
};

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

/** A save applied: the record, the fields it wrote, and for each text it merged what to send out. */
export type AppliedSave = {
  record: StoredAnswers;
  written: string[];
  /** By field: what the saving device lacks of the merged document (its edit's `sv` given). */
  replies: Record<string, EncodedText>;
  /** By field: what this save added to the field's document, for every other open page. */
  deltas: Record<string, EncodedText>;
};

/** A save that cannot be applied: a text edit that cannot be read, or not merged into the stored document. */
export type RefusedSave = { refused: TextRefusal; field: string };

const stringValue = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The record after `save` is applied to `stored` (none: the activity's first save), and what it wrote:
 * values set and removed by the plan's rule (a field whose text has a document gets the new value as one
 * edit of it, so devices typing in it keep their words), and each text edit merged into its field's
 * document (never limited by `baseVersion`: merging keeps everyone's words). Refused, with nothing
 * applied, when a text edit cannot be merged.
 */
export function applySave(stored: StoredAnswers | undefined, save: SaveRequest): AppliedSave | RefusedSave {
  const plan = planSave(save);
  const edits = save.text ?? {};
  const version = (stored?.version ?? 0) + 1;
  const data: AnswerValues = { ...stored?.data };
  const fieldVersions = { ...stored?.fieldVersions };
  const text = { ...stored?.text };
  const replies: Record<string, EncodedText> = {};
  const deltas: Record<string, EncodedText> = {};
  const writable = (id: string) => plan.baseVersion === null || (fieldVersions[id] ?? 0) <= plan.baseVersion;
  const written: string[] = [];
  const write = (id: string, value: unknown) => {
    const state = text[id];
    if (state !== undefined) {
      // A removed text is an empty one to its document: a device still holding its words must not bring
      // them back with its next edit.
      if (typeof value === 'string' || value === undefined) {
        const whole = writeWholeText(decodeText(state), stringValue(data[id]), stringValue(value));
        text[id] = encodeText(whole.state);
        deltas[id] = encodeText(whole.delta);
      } else delete text[id];
    }
    if (value === undefined) delete data[id];
    else data[id] = value;
    fieldVersions[id] = version;
    written.push(id);
  };
  for (const id of plan.removed) if (!Object.hasOwn(edits, id) && writable(id)) write(id, undefined);
  for (const [id, value] of Object.entries(plan.values)) {
    if (!Object.hasOwn(edits, id) && writable(id)) write(id, value);
  }
  for (const [id, edit] of Object.entries(edits)) {
    let merged: ReturnType<typeof mergeTextEdit>;
    try {
      const state = text[id];
      merged = mergeTextEdit(state === undefined ? undefined : decodeText(state), stringValue(data[id]), {
        update: decodeText(edit.update),
        sv: decodeText(edit.sv),
      });
    } catch {
      merged = 'unreadable';
    }
    if (typeof merged === 'string') return { refused: merged, field: id };
    text[id] = encodeText(merged.state);
    replies[id] = encodeText(merged.reply);
    deltas[id] = encodeText(merged.delta);
    data[id] = merged.value;
    fieldVersions[id] = version;
    written.push(id);
  }
  return { record: { data, version, fieldVersions, text }, written, replies, deltas };
}

/** Whether `applySave` refused. */
export function isRefused(outcome: AppliedSave | RefusedSave): outcome is RefusedSave {
  return 'refused' in outcome;
}
