import { type EncodedText, encodeText, mergeEncoded, seedOf, TextCopy, textOf } from '@shared/shared-text';
import * as Y from 'yjs';

/**
 * This page's copies of the team's text fields (docs/decisions/051-text-typed-together-merges.md): each
 * text answer and text fact has one `TextCopy` (src/shared/shared-text.ts), which the person's typing
 * edits and which takes in what the store holds as it changes (a teammate's save, the answer to this
 * page's own). Free of React: hooks/use-live-texts.ts binds a copy to its form field, the workspace's store
 * (store/workspace-store.ts) sends its edits.
 */

/** Where a text lives: an activity's answers (`phase:N`), or the team's shared facts (`facts`). */
export type TextScope = `phase:${number}` | 'facts';

/** The stored side of a text as the page's cache holds it: its value, and its document when it has one. */
export type StoredText = { value: string; state: EncodedText | undefined };

/** Marks the transactions of what the store sent, so the field follows them and typing does not echo. */
export const FROM_STORE = Symbol('from the store');

/** Text a teammate's change took out of a field this page was typing in: shown, with "Undo". */
export type RemovedText = { text: string; at: Y.RelativePosition };

/** What hearing the store changed on the page: the field's new value, where its caret goes, what was removed. */
export type Heard = {
  value: string;
  selection: { start: number; end: number } | null;
  removed: RemovedText[];
  /** The copy is missing a save it never heard: the store's document must be read again. */
  missing: boolean;
};

/**
 * One text field's copy on this page. Made from what the store holds; while the stored text has no document
 * it is its value's seed, and a value written whole over it (a client that knows no documents) starts the
 * copy again from the new value's seed, unless this page has typed on it meanwhile (its save is then refused
 * and `restart` puts the page's text on the stored one).
 */
export class TextReplica {
  private copy: TextCopy;
  /** The value whose seed this copy grew from, while the store has no document for it; else null. */
  private seededFrom: string | null;
  /** Whether this page typed in the copy since it was (re)made: its words are worth a note when removed. */
  private typedHere = false;

  constructor(stored: StoredText) {
    this.copy = new TextCopy(stored.state, stored.value);
    this.seededFrom = stored.state === undefined ? stored.value : null;
  }

  get value(): string {
    return this.copy.value;
  }

  /** The person typed: the field now reads `next`, the caret at `caret` when known. */
  type(next: string, caret?: number): void {
    if (next === this.copy.value) return;
    this.copy.type(next, caret);
    this.typedHere = true;
  }

  /** The edit to send, and what `acknowledge` takes once the store has it. */
  edit() {
    return this.copy.edit();
  }

  acknowledge(through: number): void {
    this.copy.acknowledge(through);
  }

  /**
   * Takes in the stored text. `selection` (the field's caret while focused) is carried through the change;
   * `editing` says the person is at the field now, so anything a teammate removed from it is shown, as is
   * anything removed from words typed on this page.
   */
  hear(
    stored: StoredText,
    { selection, editing }: { selection?: { start: number; end: number }; editing: boolean },
  ): Heard {
    const text = textOf(this.copy.doc);
    const before = this.copy.value;
    if (stored.state === undefined) {
      // No document: the stored value is its seed's. A new one replaces an unchanged copy.
      if (this.seededFrom !== null && stored.value !== this.seededFrom && !this.typedHere) {
        this.restartFrom(stored);
        return { value: this.copy.value, selection: null, removed: [], missing: false };
      }
      return { value: before, selection: selection ?? null, removed: [], missing: false };
    }
    // The caret keeps to the character before it: a teammate's words arriving right where it stands go
    // after it, and the next key typed here still follows this page's own words.
    const anchor = (index: number) => Y.createRelativePositionFromTypeIndex(text, index, index > 0 ? -1 : 0);
    const anchors = selection && { start: anchor(selection.start), end: anchor(selection.end) };
    const removed: RemovedText[] = [];
    const own = typedBy(text, this.copy.doc.clientID);
    const observe = (event: Y.YTextEvent, transaction: Y.Transaction) => {
      if (transaction.origin !== FROM_STORE) return;
      let oldIndex = 0;
      let newIndex = 0;
      for (const op of event.delta) {
        if (op.retain !== undefined) {
          oldIndex += op.retain;
          newIndex += op.retain;
        } else if (typeof op.insert === 'string') newIndex += op.insert.length;
        else if (op.delete !== undefined) {
          const [from, to] = [oldIndex, oldIndex + op.delete];
          if (editing || own.some(([start, end]) => start < to && end > from)) {
            removed.push({
              text: before.slice(from, to),
              at: Y.createRelativePositionFromTypeIndex(text, newIndex),
            });
          }
          oldIndex = to;
        }
      }
    };
    text.observe(observe);
    try {
      this.copy.hear(stored.state, FROM_STORE);
    } finally {
      text.unobserve(observe);
    }
    this.seededFrom = null;
    const at = (position: Y.RelativePosition) =>
      Y.createAbsolutePositionFromRelativePosition(position, this.copy.doc)?.index ?? 0;
    return {
      value: this.copy.value,
      selection: anchors ? { start: at(anchors.start), end: at(anchors.end) } : null,
      removed: removed.filter((run) => run.text !== ''),
      missing: this.copy.missesUpdates(),
    };
  }

  /** The value with `removed` put back where it was, and the caret after it: an undo of a teammate's removal. */
  withRestored(removed: RemovedText): { value: string; caret: number } {
    const index =
      Y.createAbsolutePositionFromRelativePosition(removed.at, this.copy.doc)?.index ?? this.value.length;
    const value = this.value.slice(0, index) + removed.text + this.value.slice(index);
    return { value, caret: index + removed.text.length };
  }

  /**
   * The store refused this copy's edit (the text was written whole meanwhile): the copy starts again from
   * what is stored, and the page's text is typed on it, as one edit, so it is saved over the stored one.
   */
  restart(stored: StoredText): void {
    const mine = this.copy.value;
    this.restartFrom(stored);
    this.type(mine);
  }

  private restartFrom(stored: StoredText) {
    this.copy.destroy();
    this.copy = new TextCopy(stored.state, stored.value);
    this.seededFrom = stored.state === undefined ? stored.value : null;
    this.typedHere = false;
  }
}

/** Where the text holds what client `client` typed: [start, end) ranges of its indexes. */
function typedBy(text: Y.Text, client: number): [number, number][] {
  const ranges: [number, number][] = [];
  let index = 0;
  for (let item = text._start; item !== null; item = item.right) {
    if (item.deleted || !item.countable) continue;
    if (item.id.client === client) ranges.push([index, index + item.length]);
    index += item.length;
  }
  return ranges;
}

/**
 * The stored document of a text after `updates` the store sent (a teammate's save, this page's own edit and
 * its answer): merged into the document the cache holds, or, while it holds none, into its value's seed.
 */
export function withUpdates(stored: StoredText, updates: readonly (EncodedText | undefined)[]): EncodedText {
  return mergeEncoded([stored.state ?? encodeText(seedOf(stored.value)), ...updates]);
}

/**
 * The copies of one workspace's texts, by scope and id, kept for the page's life: a copy holding words the
 * store does not have yet stays when its activity closes, and its edits ride on the next save.
 */
export class TextReplicas {
  private readonly copies = new Map<string, TextReplica>();

  /** The copy of `id` in `scope`, made from `stored()` the first time. */
  get(scope: TextScope, id: string, stored: () => StoredText): TextReplica {
    const key = `${scope}/${id}`;
    let replica = this.copies.get(key);
    if (!replica) {
      replica = new TextReplica(stored());
      this.copies.set(key, replica);
    }
    return replica;
  }

  /** The copy of `id` in `scope`, if the page made one. */
  peek(scope: TextScope, id: string): TextReplica | undefined {
    return this.copies.get(`${scope}/${id}`);
  }
}
