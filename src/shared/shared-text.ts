/**
 * Text that several devices type into at once (docs/decisions/051-text-typed-together-merges.md). Each text
 * answer (an activity's text field, a shared fact) is, besides its plain value, a Yjs document holding one
 * `Y.Text`: every device edits its own copy of it character by character and sends what it typed as a Yjs
 * update; the store merges updates in any order, so two devices typing in one field at once both keep
 * their words, on every device, with nobody choosing a version. This module is the one place that knows
 * the document's shape and the merge; the server (src/server/phase-data/queries.ts) and the page
 * (src/web/features/phase/lib/text-replica.ts) both use it. It alone in src/shared imports Yjs.
 *
 * A value stored before any document existed (answers saved before text merged, or written whole by a
 * client that knows nothing of documents) has none: its document is its "seed", the value inserted by a
 * client id made from the value itself, so every device and the server make the very same document from
 * the same value, and a device's edits of it merge with the server's. A document holds at most one seed:
 * an update made on the seed of another value (a device that read the value before someone replaced it
 * whole) cannot be merged and is refused (`conflict`), for the device to start again from the stored one.
 */
import { fromBase64, toBase64 } from 'lib0/buffer';
import * as Y from 'yjs';

/** The name of the one `Y.Text` in a field's document. */
const TEXT = 'text';

/** Client ids from here up are seeds (a value's own id); devices and the server take ids below. */
const SEED_CLIENTS = 0x8000_0000;

/** A stored document (or an update) as it travels in JSON and is stored: base64 of Yjs's update encoding. */
export type EncodedText = string;

/** A device's edit of one field: what it typed since the store's copy (`update`), and all it now holds (`sv`). */
export type TextEdit = { update: EncodedText; sv: EncodedText };

export const encodeText = (bytes: Uint8Array): EncodedText => toBase64(bytes);
export const decodeText = (text: EncodedText): Uint8Array => fromBase64(text);

/** FNV-1a over the UTF-16 code units: the same number for the same text on every device and the server. */
function hash31(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fff_ffff;
}

/** The client id of `value`'s seed. */
export function seedClientId(value: string): number {
  return SEED_CLIENTS + hash31(value);
}

/** A client id for a device's or the server's edits: random, never in the seeds' range, never 0. */
export function editorClientId(): number {
  const [n] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return ((n ?? 1) % (SEED_CLIENTS - 1)) + 1;
}

/** The document of `value` as nobody typed it yet, encoded. The empty value's has nothing in it. */
export function seedOf(value: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = seedClientId(value);
  if (value !== '') doc.getText(TEXT).insert(0, value);
  const seed = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return seed;
}

/** A field's document: `state` when it has one, else the seed of its stored `value`. Edits made on it take a fresh editor id. */
export function openText(state: Uint8Array | undefined, value: string): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = editorClientId();
  Y.applyUpdate(doc, state ?? seedOf(value));
  return doc;
}

export function textOf(doc: Y.Doc): Y.Text {
  return doc.getText(TEXT);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The one edit that turns the document's text into `next`: what differs between the common start and the
 * common end is deleted and the new part inserted, never splitting a character made of two code units. A
 * textarea changes in one place per input event, so this is the edit a person made; `caret` (where the
 * cursor stands after the edit) places an edit among repeated letters where it was made (a "b" typed at
 * "ab|b" goes after the first "b", not the last). `origin` marks the transaction for observers.
 */
export function replaceText(
  doc: Y.Doc,
  next: string,
  { caret, origin }: { caret?: number; origin?: unknown } = {},
) {
  const text = textOf(doc);
  const current = text.toString();
  if (current === next) return;
  const max = Math.min(current.length, next.length);
  // The common end first, never past the caret: the typed part ends where the cursor stands.
  const endLimit =
    caret !== undefined && caret >= 0 && caret <= next.length ? Math.min(max, next.length - caret) : max;
  let end = 0;
  while (
    end < endLimit &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end++;
  }
  let start = 0;
  while (start < max - end && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  // Neither cut may fall between the two halves of one character.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  const removed = current.length - start - end;
  const inserted = next.slice(start, next.length - end);
  doc.transact(() => {
    if (removed > 0) text.delete(start, removed);
    if (inserted !== '') text.insert(start, inserted);
  }, origin);
}

/** Why an edit cannot be merged into the stored document (the page starts again from the stored text). */
export type TextRefusal = 'unreadable' | 'conflict';

/** A stored text after an edit: its document and value, and the updates to send out. */
export type MergedText = {
  state: Uint8Array;
  value: string;
  /** What the editing device lacks of the document now (its `sv` given): teammates' words, merged. */
  reply: Uint8Array;
  /** What this edit added to the stored document: every other open page applies it. */
  delta: Uint8Array;
};

function seedsIn(doc: Y.Doc): number {
  let seeds = 0;
  for (const client of doc.store.clients.keys()) if (client >= SEED_CLIENTS) seeds++;
  return seeds;
}

/**
 * A device's `edit` merged into the stored text (`state`, or the seed of `value` when it has none). Refused
 * when the update cannot be read, holds anything but the field's text, depends on what the store never had
 * (a document started over) or was made on the seed of another value.
 */
export function mergeTextEdit(
  state: Uint8Array | undefined,
  value: string,
  edit: { update: Uint8Array; sv: Uint8Array },
): MergedText | TextRefusal {
  const doc = openText(state, value);
  try {
    const before = Y.encodeStateVector(doc);
    try {
      Y.applyUpdate(doc, edit.update);
    } catch {
      return 'unreadable';
    }
    if ([...doc.share.keys()].some((name) => name !== TEXT)) return 'unreadable';
    if (doc.store.pendingStructs !== null || seedsIn(doc) > 1) return 'conflict';
    let reply: Uint8Array;
    try {
      reply = Y.encodeStateAsUpdate(doc, edit.sv);
    } catch {
      return 'unreadable';
    }
    return {
      state: Y.encodeStateAsUpdate(doc),
      value: textOf(doc).toString(),
      reply,
      delta: Y.encodeStateAsUpdate(doc, before),
    };
  } finally {
    doc.destroy();
  }
}

/**
 * A whole new value written over a stored text that has a document (a client that sends the whole value, an
 * older page, the instructor's edit): made as one edit of the document, so devices typing in it merge with it.
 */
export function writeWholeText(
  state: Uint8Array | undefined,
  value: string,
  next: string,
): { state: Uint8Array; delta: Uint8Array } {
  const doc = openText(state, value);
  try {
    const before = Y.encodeStateVector(doc);
    replaceText(doc, next);
    return { state: Y.encodeStateAsUpdate(doc), delta: Y.encodeStateAsUpdate(doc, before) };
  } finally {
    doc.destroy();
  }
}

/** Updates merged into one, without a document (a page's cached copy of the store's document, kept current). */
export function mergeEncoded(updates: readonly (EncodedText | undefined)[]): EncodedText {
  const present = updates.filter((u): u is EncodedText => u !== undefined && u !== '');
  if (present.length === 1) return present[0]!;
  return encodeText(Y.mergeUpdates(present.map(decodeText)));
}

/**
 * One device's copy of a text field: its document, which the device edits as the person types and which
 * takes in what the store sends (a save's reply, a teammate's save, the stored document read again). What
 * the store holds of it is known exactly: everything the copy heard from the store, and what it typed up to
 * the last edit the store acknowledged, so an edit sends only what the store lacks. The page's binding
 * (src/web/features/phase/lib/text-replica.ts) and the tests' devices use it.
 */
export class TextCopy {
  readonly doc: Y.Doc;
  /** How much of this copy's own typing the store acknowledged (a clock of `doc.clientID`). */
  private acknowledged = 0;

  /** A copy of the stored document (`state`), or of the seed of the stored `value` when it has none. */
  constructor(state: EncodedText | undefined, value: string) {
    this.doc = openText(state === undefined ? undefined : decodeText(state), value);
  }

  get value(): string {
    return textOf(this.doc).toString();
  }

  /** The person's edit: the field now reads `next` (`caret`: where the cursor stands after it). */
  type(next: string, caret?: number, origin?: unknown): void {
    replaceText(this.doc, next, { caret, origin });
  }

  /** What to send: the edit of everything the store may lack, and how far it reaches (for `acknowledge`). */
  edit(): { edit: TextEdit; through: number } {
    const known = Y.decodeStateVector(Y.encodeStateVector(this.doc));
    const own = known.get(this.doc.clientID) ?? 0;
    if (this.acknowledged > 0) known.set(this.doc.clientID, this.acknowledged);
    else known.delete(this.doc.clientID);
    return {
      edit: {
        update: encodeText(Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(known))),
        sv: encodeText(Y.encodeStateVector(this.doc)),
      },
      through: own,
    };
  }

  /** The store took the edit that reached `through`. */
  acknowledge(through: number): void {
    this.acknowledged = Math.max(this.acknowledged, through);
  }

  /** An update from the store applied (idempotent: what the copy holds already changes nothing). */
  hear(update: EncodedText | Uint8Array, origin?: unknown): void {
    Y.applyUpdate(this.doc, typeof update === 'string' ? decodeText(update) : update, origin);
  }

  /** Whether the copy waits for an update it never heard (a teammate's save missed): read the stored document. */
  missesUpdates(): boolean {
    return this.doc.store.pendingStructs !== null;
  }

  destroy(): void {
    this.doc.destroy();
  }
}
