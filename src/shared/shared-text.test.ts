import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  TextCopy,
  decodeText,
  encodeText,
  mergeEncoded,
  mergeTextEdit,
  type MergedText,
  openText,
  replaceText,
  seedClientId,
  textOf,
  writeWholeText,
} from './shared-text.ts';

/** A device's copy of one field, as a page keeps it. */
class Device extends TextCopy {
  get text() {
    return this.value;
  }
  hearBytes(update: Uint8Array) {
    this.hear(update);
  }
}

/** The store: one field's document and value, merging edits as the server does. */
class Store {
  state: Uint8Array | undefined;
  constructor(public value: string) {}
  save(device: Device): MergedText {
    const { edit, through } = device.edit();
    const merged = mergeTextEdit(this.state, this.value, {
      update: decodeText(edit.update),
      sv: decodeText(edit.sv),
    });
    if (typeof merged === 'string') throw new Error(merged);
    this.state = merged.state;
    this.value = merged.value;
    device.acknowledge(through);
    device.hear(merged.reply);
    return merged;
  }
}

const bytes = (edit: { update: string; sv: string }) => ({
  update: decodeText(edit.update),
  sv: decodeText(edit.sv),
});

describe('replaceText', () => {
  const edited = (before: string, after: string, caret?: number) => {
    const doc = openText(undefined, before);
    const changes: unknown[] = [];
    textOf(doc).observe((event) => changes.push(...event.delta));
    replaceText(doc, after, { caret });
    return { text: textOf(doc).toString(), changes };
  };

  it('makes the one edit between the common start and end', () => {
    expect(edited('hello world', 'hello brave world')).toEqual({
      text: 'hello brave world',
      changes: [{ retain: 5 }, { insert: ' brave' }],
    });
    expect(edited('hello world', 'hello')).toEqual({
      text: 'hello',
      changes: [{ retain: 5 }, { delete: 6 }],
    });
    expect(edited('abc', 'abc').changes).toEqual([]);
  });

  it('places an edit among repeated letters where the caret says it was made', () => {
    // A "b" typed after the first "b" of "abb": the caret stands at 3.
    expect(edited('abb', 'abbb', 3).changes).toEqual([{ retain: 2 }, { insert: 'b' }]);
    // The last "b" of "abbb" deleted with the caret at 2.
    expect(edited('abbb', 'abb', 2).changes).toEqual([{ retain: 2 }, { delete: 1 }]);
    // Without a caret, the earliest place.
    expect(edited('abb', 'abbb').changes).toEqual([{ retain: 1 }, { insert: 'b' }]);
  });

  it('never splits a character made of two code units', () => {
    // "😀" and "😃" share their first code unit.
    expect(edited('a😀', 'a😃')).toEqual({
      text: 'a😃',
      changes: [{ retain: 1 }, { delete: 2 }, { insert: '😃' }],
    });
    expect(edited('😀b', '😃b').text).toBe('😃b');
  });
});

describe('seeds', () => {
  it('the same value makes the same document on every side, so edits of it merge', () => {
    const store = new Store('Our notes');
    const laptop = new Device(undefined, 'Our notes');
    const phone = new Device(undefined, 'Our notes');
    laptop.type('Our notes on pricing');
    phone.type('Fresh: Our notes', 7);
    store.save(laptop);
    store.save(phone);
    store.save(laptop);
    expect(store.value).toBe('Fresh: Our notes on pricing');
    expect(phone.text).toBe('Fresh: Our notes on pricing');
    expect(laptop.text).toBe('Fresh: Our notes on pricing');
  });

  it("an edit made on another value's seed is refused, not merged into doubled text", () => {
    const stale = new Device(undefined, 'Old value');
    stale.type('Old value, edited');
    // Meanwhile the stored value was written whole by a client without documents: no document yet.
    expect(mergeTextEdit(undefined, 'New value', bytes(stale.edit().edit))).toBe('conflict');
    // On the stored value's seed, the same edit merges.
    const fresh = new Device(undefined, 'New value');
    fresh.type('New value, edited');
    const merged = mergeTextEdit(undefined, 'New value', bytes(fresh.edit().edit)) as MergedText;
    expect(merged.value).toBe('New value, edited');
    expect(seedClientId('a')).not.toBe(seedClientId('b'));
    expect(seedClientId('a')).toBeGreaterThanOrEqual(2 ** 31);
  });

  it('an empty value has an empty seed: a device typing into it merges with a value written whole meanwhile', () => {
    const device = new Device(undefined, '');
    device.type('typed');
    const merged = mergeTextEdit(undefined, 'written', bytes(device.edit().edit)) as MergedText;
    expect(merged.value).toMatch(/^(typedwritten|writtentyped)$/);
  });
});

describe('mergeTextEdit', () => {
  it('refuses an update that cannot be read or holds more than the text', () => {
    const sv = Y.encodeStateVector(new Y.Doc());
    expect(mergeTextEdit(undefined, '', { update: new Uint8Array([1, 2, 3, 250, 7]), sv })).toBe(
      'unreadable',
    );
    const other = new Y.Doc();
    other.getMap('sneaky').set('a', 'b');
    expect(mergeTextEdit(undefined, '', { update: Y.encodeStateAsUpdate(other), sv })).toBe('unreadable');
    const device = new Device(undefined, '');
    device.type('fine');
    expect(
      mergeTextEdit(undefined, '', { update: bytes(device.edit().edit).update, sv: new Uint8Array([200]) }),
    ).toBe('unreadable');
  });

  it('refuses an update that depends on what the store never had (a document started over)', () => {
    const store = new Store('');
    const device = new Device(undefined, '');
    device.type('first');
    store.save(device);
    device.type('first and second');
    // The store lost its document (restored from an older backup): the second edit cannot stand alone.
    expect(mergeTextEdit(undefined, '', bytes(device.edit().edit))).toBe('conflict');
  });

  it('a retried edit changes nothing the second time', () => {
    const device = new Device(undefined, '');
    device.type('once');
    const edit = bytes(device.edit().edit);
    const first = mergeTextEdit(undefined, '', edit) as MergedText;
    const again = mergeTextEdit(first.state, first.value, edit) as MergedText;
    expect(again.value).toBe('once');
    expect(again.delta.length).toBeLessThan(first.delta.length);
    expect(decodeText(encodeText(again.state))).toEqual(again.state);
  });

  it('tells the device only what it lacks, and every other page only what the edit added', () => {
    const store = new Store('');
    const a = new Device(undefined, '');
    const b = new Device(undefined, '');
    a.type('alpha');
    store.save(a);
    b.type('beta');
    store.save(b);
    expect(b.text).toMatch(/alpha/);
    // A later edit of A's own words depends on them: its delta alone leaves a page that missed the first
    // save waiting (pending), and the stored document brings any page up to date.
    a.type(`${a.text} omega`);
    const merged = store.save(a);
    const late = new Device(undefined, '');
    late.hear(merged.delta);
    expect(late.doc.store.pendingStructs).not.toBeNull();
    late.hear(mergeEncodedBytes([store.state!]));
    expect(late.doc.store.pendingStructs).toBeNull();
    expect(late.text).toBe(store.value);
    expect(merged.delta.length).toBeLessThan(store.state!.length);
  });
});

const mergeEncodedBytes = (updates: Uint8Array[]) => decodeText(mergeEncoded(updates.map(encodeText)));

describe('writeWholeText', () => {
  it('a value written whole is one edit of the document: a device typing meanwhile keeps its words', () => {
    const store = new Store('Draft');
    const device = new Device(undefined, 'Draft');
    store.save(device);
    device.type('Draft, with the phone typing');
    const whole = writeWholeText(store.state, store.value, 'Draft v2');
    store.state = whole.state;
    store.value = 'Draft v2';
    store.save(device);
    expect(store.value).toContain('with the phone typing');
    expect(store.value).toContain('v2');
  });
});

/** Words typed at random places, saved and heard in a random order: every device ends with every word. */
describe('devices typing together converge', () => {
  type Step =
    | { kind: 'type'; device: number; word: number; at: number }
    | { kind: 'save'; device: number }
    | { kind: 'hear'; device: number };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('type' as const),
      device: fc.nat(2),
      word: fc.nat(1000),
      at: fc.nat(1000),
    }),
    fc.record({ kind: fc.constant('save' as const), device: fc.nat(2) }),
    fc.record({ kind: fc.constant('hear' as const), device: fc.nat(2) }),
  );

  it('whatever the order of typing, saves and events', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 'Start. ', 'Seeded notes'),
        fc.array(step, { maxLength: 40 }),
        (start, steps) => {
          const store = new Store(start);
          const devices = [0, 1, 2].map(() => new Device(undefined, start));
          // Each device hears the store's updates in order, possibly late.
          const heard = devices.map(() => 0);
          const log: Uint8Array[] = [];
          const typed: string[] = [];
          const hearAll = (i: number) => {
            for (; heard[i]! < log.length; heard[i]!++) devices[i]!.hearBytes(log[heard[i]!]!);
          };
          for (const s of steps) {
            const device = devices[s.device]!;
            if (s.kind === 'type') {
              const word = ` w${typed.length}x${s.word} `;
              typed.push(word.trim());
              const text = device.text;
              // Between words: a word typed into the middle of another splits it, which loses nothing.
              const places = [...(text.length + 1 === 0 ? [] : Array(text.length + 1).keys())].filter(
                (i) => i === 0 || i === text.length || text[i - 1] === ' ',
              );
              const at = places[s.at % places.length]!;
              device.type(text.slice(0, at) + word + text.slice(at), at + word.length);
            } else if (s.kind === 'save') {
              hearAll(s.device);
              log.push(store.save(device).delta);
              heard[s.device] = log.length;
            } else hearAll(s.device);
          }
          devices.forEach((device, i) => {
            hearAll(i);
            log.push(store.save(device).delta);
            heard[i] = log.length;
          });
          for (const i of devices.keys()) hearAll(i);
          for (const device of devices) expect(device.text).toBe(store.value);
          for (const word of typed) expect(store.value).toContain(word);
          for (const word of start.split(' ').filter(Boolean)) expect(store.value).toContain(word);
        },
      ),
      { numRuns: 80 },
    );
  });
});
