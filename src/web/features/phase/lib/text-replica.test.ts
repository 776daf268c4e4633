import { encodeText, mergeTextEdit, type MergedText, TextCopy } from '@shared/shared-text';
import { describe, expect, it } from 'vitest';
import { type StoredText, TextReplica, TextReplicas, withUpdates } from './text-replica.ts';

/** The store of one text: merges edits as the server does, and says what a page's cache would hold. */
class Store {
  stored: StoredText = { value: '', state: undefined };
  save(edit: { edit: { update: string; sv: string } }): MergedText {
    const merged = mergeTextEdit(
      this.stored.state === undefined ? undefined : Buffer.from(this.stored.state, 'base64'),
      this.stored.value,
      { update: Buffer.from(edit.edit.update, 'base64'), sv: Buffer.from(edit.edit.sv, 'base64') },
    );
    if (typeof merged === 'string') throw new Error(merged);
    this.stored = { value: merged.value, state: encodeText(merged.state) };
    return merged;
  }
}

const saveFrom = (store: Store, replica: TextReplica) => {
  const edit = replica.edit();
  store.save(edit);
  replica.acknowledge(edit.through);
};

describe('TextReplica', () => {
  it('hears a teammate’s words and keeps the caret where the person was typing', () => {
    const store = new Store();
    const mine = new TextReplica(store.stored);
    const theirs = new TextReplica(store.stored);
    mine.type('Hello world', 5);
    saveFrom(store, mine);
    theirs.hear(store.stored, { editing: false });
    // The caret after "Hello"; a teammate types at the start, then at the caret.
    theirs.type('Big Hello world', 4);
    theirs.type('Big Hello, world', 10);
    saveFrom(store, theirs);
    const heard = mine.hear(store.stored, { selection: { start: 5, end: 5 }, editing: true });
    expect(heard.value).toBe('Big Hello, world');
    // After "Hello" still, with the teammate's comma after the caret (their words arriving at the caret go after it).
    expect(heard.selection).toEqual({ start: 9, end: 9 });
    expect(heard.removed).toEqual([]);
  });

  it('says what a teammate removed from a field being typed in, and puts it back on undo', () => {
    const store = new Store();
    const mine = new TextReplica(store.stored);
    const theirs = new TextReplica(store.stored);
    theirs.type('Keep this. Drop this paragraph.');
    saveFrom(store, theirs);
    mine.hear(store.stored, { editing: false });
    theirs.hear(store.stored, { editing: false });
    // I type inside the paragraph while the teammate deletes it.
    mine.type('Keep this. Drop this long paragraph.', 25);
    theirs.type('Keep this.', 10);
    saveFrom(store, theirs);
    const heard = mine.hear(store.stored, { editing: true });
    expect(heard.value).toBe('Keep this. long');
    expect(heard.removed.map((r) => r.text)).toEqual([' Drop this', ' paragraph.']);
    for (const run of heard.removed) {
      const restored = mine.withRestored(run);
      mine.type(restored.value, restored.caret);
    }
    expect(mine.value).toBe('Keep this. Drop this long paragraph.');
  });

  it('says nothing of a removal from a field not being typed in here, unless it took words typed here', () => {
    const store = new Store();
    const mine = new TextReplica(store.stored);
    const theirs = new TextReplica(store.stored);
    theirs.type('Theirs only.');
    saveFrom(store, theirs);
    mine.hear(store.stored, { editing: false });
    theirs.type('');
    saveFrom(store, theirs);
    expect(mine.hear(store.stored, { editing: false }).removed).toEqual([]);
    mine.type('Mine.');
    saveFrom(store, mine);
    theirs.hear(store.stored, { editing: false });
    theirs.type('');
    saveFrom(store, theirs);
    expect(mine.hear(store.stored, { editing: false }).removed.map((r) => r.text)).toEqual(['Mine.']);
  });

  it('a value written whole over one with no document starts an untyped copy again from it', () => {
    const replica = new TextReplica({ value: 'Old', state: undefined });
    expect(replica.hear({ value: 'New', state: undefined }, { editing: false }).value).toBe('New');
    // Typed on meanwhile, it keeps the page's text until its save is refused and it restarts.
    replica.type('New, mine');
    expect(replica.hear({ value: 'Newer', state: undefined }, { editing: false }).value).toBe('New, mine');
    replica.restart({ value: 'Newer', state: undefined });
    expect(replica.value).toBe('New, mine');
    const store = new Store();
    store.stored = { value: 'Newer', state: undefined };
    saveFrom(store, replica);
    expect(store.stored.value).toBe('New, mine');
  });

  it('knows when it missed a save it never heard', () => {
    const store = new Store();
    const a = new TextReplica(store.stored);
    a.type('one');
    saveFrom(store, a);
    const first = store.stored;
    a.type('one two');
    const merged = (() => {
      const edit = a.edit();
      const result = store.save(edit);
      a.acknowledge(edit.through);
      return result;
    })();
    const late = new TextReplica({ value: '', state: undefined });
    // Only the second save's delta, merged into the seed: the first is missing.
    const heard = late.hear(
      { value: 'one two', state: withUpdates({ value: '', state: undefined }, [encodeText(merged.delta)]) },
      { editing: false },
    );
    expect(heard.missing).toBe(true);
    expect(late.hear(first, { editing: false }).missing).toBe(false);
    expect(late.value).toBe('one two');
  });
});

describe('TextReplicas', () => {
  it('keeps one copy per scope and id for the page’s life', () => {
    const replicas = new TextReplicas();
    let made = 0;
    const stored = () => {
      made++;
      return { value: 'x', state: undefined };
    };
    const a = replicas.get('phase:1', 'notes', stored);
    expect(replicas.get('phase:1', 'notes', stored)).toBe(a);
    expect(replicas.get('facts', 'notes', stored)).not.toBe(a);
    expect(replicas.peek('phase:2', 'notes')).toBeUndefined();
    expect(made).toBe(2);
    expect(new TextCopy(undefined, 'x').value).toBe('x');
  });
});
