import { writeChangedFields } from '@shared/answer-merge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearLocalPhaseData,
  forgetRecentPhaseWrites,
  loadAllLocalPhaseData,
  loadLocalPhaseData,
  mergeLocalPhaseData,
  phaseDataKey,
  phaseOfDataKey,
  parseLocalPhaseData,
  rewriteLostPhaseChanges,
  saveLocalPhaseData,
} from './practice-storage.ts';
import {
  clearWorkspaceMeta,
  readWorkspaceMeta,
  recordLocalSave,
  WORKSPACE_META_KEY,
  type WorkspaceMetaInput,
  writeWorkspaceMeta,
} from './workspace-meta.ts';
import type { StorageLike } from './browser-storage.ts';

/** An in-memory Storage with an optional quota (in characters), like a browser's. */
class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Number.POSITIVE_INFINITY) {}
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    let used = value.length;
    for (const [k, v] of this.items) if (k !== key) used += v.length;
    if (used > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Storage as in a blocked or broken browser: every call throws. */
const throwingStorage: StorageLike = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

const meta: WorkspaceMetaInput = {
  teamId: 'team-1',
  teamCode: 'AB12',
  teamName: 'Green Team',
  avatarIcon: 'fox.svg',
};
const NOW = new Date('2025-06-12T10:00:00.000Z');

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('workspace metadata', () => {
  it('writes the meta with lastAccessed and version, and reads it back', () => {
    expect(writeWorkspaceMeta(meta, storage)).toBe(true);
    const stored = JSON.parse(storage.getItem(WORKSPACE_META_KEY)!);
    expect(stored).toEqual({ ...meta, lastAccessed: NOW.toISOString(), version: '1.0' });
    expect(readWorkspaceMeta(storage)).toEqual(stored);
  });

  it('keeps a null avatar, and reads a missing one as null', () => {
    writeWorkspaceMeta({ ...meta, avatarIcon: null }, storage);
    expect(readWorkspaceMeta(storage)?.avatarIcon).toBeNull();
    const { avatarIcon: _omitted, ...withoutAvatar } = {
      ...meta,
      lastAccessed: NOW.toISOString(),
      version: '1.0',
    };
    storage.setItem(WORKSPACE_META_KEY, JSON.stringify(withoutAvatar));
    expect(readWorkspaceMeta(storage)).toMatchObject({ teamId: 'team-1', avatarIcon: null });
  });

  it('reads null when nothing, broken JSON, a wrong shape or another version is stored', () => {
    expect(readWorkspaceMeta(storage)).toBeNull();
    storage.setItem(WORKSPACE_META_KEY, '{not json');
    expect(readWorkspaceMeta(storage)).toBeNull();
    storage.setItem(WORKSPACE_META_KEY, JSON.stringify({ teamId: 'x' }));
    expect(readWorkspaceMeta(storage)).toBeNull();
    storage.setItem(WORKSPACE_META_KEY, JSON.stringify({ ...meta, lastAccessed: 'x', version: '2.0' }));
    expect(readWorkspaceMeta(storage)).toBeNull();
  });

  it('clears the meta', () => {
    writeWorkspaceMeta(meta, storage);
    expect(clearWorkspaceMeta(storage)).toBe(true);
    expect(readWorkspaceMeta(storage)).toBeNull();
  });

  it('records a local save in the meta', () => {
    writeWorkspaceMeta(meta, storage);
    vi.setSystemTime(new Date('2025-06-12T11:00:00.000Z'));
    expect(recordLocalSave(3, storage)).toBe(true);
    expect(readWorkspaceMeta(storage)).toMatchObject({
      lastPhase: 3,
      lastSavedAt: '2025-06-12T11:00:00.000Z',
      lastAccessed: NOW.toISOString(),
    });
  });

  it('records nothing without a meta or for an invalid phase', () => {
    expect(recordLocalSave(3, storage)).toBe(false);
    expect(storage.items.size).toBe(0);
    writeWorkspaceMeta(meta, storage);
    expect(recordLocalSave(9, storage)).toBe(false);
    expect(readWorkspaceMeta(storage)?.lastPhase).toBeUndefined();
  });

  it('keeps the last local save when the same team is written again, not for another team', () => {
    writeWorkspaceMeta(meta, storage);
    recordLocalSave(5, storage);
    writeWorkspaceMeta({ ...meta, teamName: 'Renamed' }, storage);
    expect(readWorkspaceMeta(storage)).toMatchObject({ teamName: 'Renamed', lastPhase: 5 });
    writeWorkspaceMeta({ ...meta, teamId: 'team-2' }, storage);
    expect(readWorkspaceMeta(storage)?.lastPhase).toBeUndefined();
  });
});

describe('local phase data', () => {
  it('saves under phase{n}_data and loads it back', () => {
    expect(saveLocalPhaseData(2, { market: 'toys', tags: ['a'] }, storage)).toBe(true);
    expect(JSON.parse(storage.getItem('phase2_data')!)).toEqual({ market: 'toys', tags: ['a'] });
    expect(loadLocalPhaseData(2, storage)).toEqual({ market: 'toys', tags: ['a'] });
  });

  it.each([0, 9, 1.5, -1, Number.NaN])('refuses phase %d on save and load', (phase) => {
    expect(saveLocalPhaseData(phase, { a: 1 }, storage)).toBe(false);
    expect(storage.items.size).toBe(0);
    storage.setItem(`phase${phase}_data`, '{"a":1}');
    expect(loadLocalPhaseData(phase, storage)).toBeNull();
  });

  it.each([
    ['an array', [1, 2]],
    ['null', null],
    ['a string', 'text'],
    ['a number', 4],
    ['undefined', undefined],
  ])('refuses %s as phase data and writes nothing', (_label, data) => {
    expect(saveLocalPhaseData(1, data, storage)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('refuses data JSON cannot hold, without writing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(saveLocalPhaseData(1, cyclic, storage)).toBe(false);
    expect(saveLocalPhaseData(1, { n: 1n }, storage)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('records the save in the workspace meta when there is one', () => {
    writeWorkspaceMeta(meta, storage);
    saveLocalPhaseData(4, { a: 1 }, storage);
    expect(readWorkspaceMeta(storage)).toMatchObject({ lastPhase: 4, lastSavedAt: NOW.toISOString() });
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{"a":'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['a string', '"text"'],
  ])('loads null for %s', (_label, stored) => {
    if (stored !== null) storage.setItem('phase1_data', stored);
    expect(loadLocalPhaseData(1, storage)).toBeNull();
  });

  it('migrates an old phase{n} key to phase{n}_data on load', () => {
    storage.setItem('phase3', JSON.stringify({ idea: 'robot kit' }));
    expect(loadLocalPhaseData(3, storage)).toEqual({ idea: 'robot kit' });
    expect(storage.getItem('phase3')).toBeNull();
    expect(JSON.parse(storage.getItem('phase3_data')!)).toEqual({ idea: 'robot kit' });
    expect(loadLocalPhaseData(3, storage)).toEqual({ idea: 'robot kit' });
  });

  it('does not migrate when the new key exists, or when the old value is not an object', () => {
    storage.setItem('phase3', JSON.stringify({ old: true }));
    storage.setItem('phase3_data', JSON.stringify({ new: true }));
    expect(loadLocalPhaseData(3, storage)).toEqual({ new: true });
    expect(storage.getItem('phase3')).not.toBeNull();

    storage.setItem('phase4', '[1]');
    expect(loadLocalPhaseData(4, storage)).toBeNull();
    expect(storage.getItem('phase4')).toBe('[1]');
    expect(storage.getItem('phase4_data')).toBeNull();
  });

  it('still returns old-format data when the migration cannot be written', () => {
    const old = JSON.stringify({ idea: 'x'.repeat(50) });
    const full = new MemoryStorage(old.length + 10);
    full.setItem('phase5', old);
    expect(loadLocalPhaseData(5, full)).toEqual({ idea: 'x'.repeat(50) });
    expect(full.getItem('phase5')).toBe(old);
  });

  it('returns false when the quota is exceeded', () => {
    const small = new MemoryStorage(10);
    expect(saveLocalPhaseData(1, { long: 'x'.repeat(100) }, small)).toBe(false);
    expect(small.items.size).toBe(0);
  });

  it('loads every saved phase, migrating old keys', () => {
    saveLocalPhaseData(1, { a: 1 }, storage);
    saveLocalPhaseData(8, { h: 8 }, storage);
    storage.setItem('phase6', JSON.stringify({ f: 6 }));
    storage.setItem('phase2_data', 'broken');
    storage.setItem('phase9_data', '{"ignored":true}');
    expect(loadAllLocalPhaseData(storage)).toEqual({ 1: { a: 1 }, 6: { f: 6 }, 8: { h: 8 } });
    expect(storage.getItem('phase6')).toBeNull();
  });

  it('clears every phase, new and old keys, and leaves other keys alone', () => {
    saveLocalPhaseData(1, { a: 1 }, storage);
    storage.setItem('phase7', '{}');
    writeWorkspaceMeta(meta, storage);
    expect(clearLocalPhaseData(storage)).toBe(true);
    expect(loadAllLocalPhaseData(storage)).toEqual({});
    expect([...storage.items.keys()]).toEqual([WORKSPACE_META_KEY]);
  });
});

describe('practice saves from two tabs', () => {
  it('writes only the changed fields, removing a named field the answers lack', () => {
    expect(
      writeChangedFields({ a: '1', b: '2', c: '3' }, { a: 'stale', b: '', d: '4' }, ['b', 'c', 'd']),
    ).toEqual({ a: '1', b: '', d: '4' });
    expect(writeChangedFields(null, { a: '1', b: '2' }, ['a'])).toEqual({ a: '1' });
  });

  it("merges each tab's changed fields into what storage holds now, so neither tab's answer is lost", () => {
    // Both tabs loaded the empty activity; tab A types the company, tab B the sector.
    expect(mergeLocalPhaseData(1, { company: 'Acme', sector: '' }, ['company'], storage)).toBe(true);
    expect(mergeLocalPhaseData(1, { company: '', sector: 'Retail' }, ['sector'], storage)).toBe(true);
    expect(loadLocalPhaseData(1, storage)).toEqual({ company: 'Acme', sector: 'Retail' });
    // The same field: the later save wins; clearing it is a change too.
    mergeLocalPhaseData(1, { company: 'Acme Ltd', sector: 'Retail' }, ['company'], storage);
    mergeLocalPhaseData(1, { company: '', sector: 'Retail' }, ['company'], storage);
    expect(loadLocalPhaseData(1, storage)).toEqual({ company: '', sector: 'Retail' });
  });

  it('refuses an invalid phase or non-object answers, and reports storage that cannot be written', () => {
    expect(mergeLocalPhaseData(9, { a: '1' }, ['a'], storage)).toBe(false);
    expect(mergeLocalPhaseData(1, ['a'], ['0'], storage)).toBe(false);
    expect(storage.items.size).toBe(0);
    expect(mergeLocalPhaseData(1, { a: '1' }, ['a'], throwingStorage)).toBe(false);
    expect(mergeLocalPhaseData(1, { a: '1' }, ['a'], null)).toBe(false);
  });

  it("reads another tab's saved answers from a storage event's value", () => {
    expect(parseLocalPhaseData('{"a":"1"}')).toEqual({ a: '1' });
    expect(parseLocalPhaseData(null)).toEqual({});
    expect(parseLocalPhaseData('[1]')).toBeNull();
    expect(parseLocalPhaseData('{broken')).toBeNull();
  });
});

describe('when storage fails', () => {
  it('degrades on a storage whose every method throws', () => {
    expect(readWorkspaceMeta(throwingStorage)).toBeNull();
    expect(writeWorkspaceMeta(meta, throwingStorage)).toBe(false);
    expect(clearWorkspaceMeta(throwingStorage)).toBe(false);
    expect(recordLocalSave(1, throwingStorage)).toBe(false);
    expect(saveLocalPhaseData(1, { a: 1 }, throwingStorage)).toBe(false);
    expect(loadLocalPhaseData(1, throwingStorage)).toBeNull();
    expect(loadAllLocalPhaseData(throwingStorage)).toEqual({});
    expect(clearLocalPhaseData(throwingStorage)).toBe(false);
  });

  it('degrades when no storage is available', () => {
    expect(readWorkspaceMeta(null)).toBeNull();
    expect(writeWorkspaceMeta(meta, null)).toBe(false);
    expect(saveLocalPhaseData(1, { a: 1 }, null)).toBe(false);
    expect(loadLocalPhaseData(1, null)).toBeNull();
    expect(loadAllLocalPhaseData(null)).toEqual({});
    expect(clearLocalPhaseData(null)).toBe(false);
  });

  it('uses globalThis.localStorage by default', () => {
    vi.stubGlobal('localStorage', storage);
    expect(saveLocalPhaseData(2, { a: 1 })).toBe(true);
    expect(writeWorkspaceMeta(meta)).toBe(true);
    expect(storage.getItem('phase2_data')).toBe('{"a":1}');
    expect(loadLocalPhaseData(2)).toEqual({ a: 1 });
    expect(readWorkspaceMeta()?.teamCode).toBe('AB12');
  });

  it('degrades when reading globalThis.localStorage itself throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      expect(readWorkspaceMeta()).toBeNull();
      expect(writeWorkspaceMeta(meta)).toBe(false);
      expect(saveLocalPhaseData(1, { a: 1 })).toBe(false);
      expect(loadLocalPhaseData(1)).toBeNull();
      expect(loadAllLocalPhaseData()).toEqual({});
      expect(clearLocalPhaseData()).toBe(false);
      expect(clearWorkspaceMeta()).toBe(false);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});

describe('two tabs writing one activity at once', () => {
  // This module is this tab; another tab's write is a setItem of the whole key, made from a copy that had
  // not heard this tab's write yet (the browser carries writes between tabs a moment later).
  const otherTabWrites = (store: MemoryStorage, data: Record<string, unknown>) =>
    store.setItem('phase1_data', JSON.stringify(data));

  it("writes this tab's change again when the other tab's copy lost it, and keeps the other's", () => {
    const store = new MemoryStorage();
    saveLocalPhaseData(1, { exclusions: '' }, store);
    expect(mergeLocalPhaseData(1, { research_questions: 'Who buys?' }, ['research_questions'], store)).toBe(
      true,
    );
    otherTabWrites(store, { exclusions: 'Tab two exclusions' });
    expect(rewriteLostPhaseChanges(1, store)).toBe(true);
    expect(loadLocalPhaseData(1, store)).toEqual({
      exclusions: 'Tab two exclusions',
      research_questions: 'Who buys?',
    });
    // Written once: the next write of the other tab that holds it changes nothing here.
    expect(rewriteLostPhaseChanges(1, store)).toBe(false);
  });

  it('leaves a field the other tab really changed, and a removal this tab made stays removed', () => {
    const store = new MemoryStorage();
    saveLocalPhaseData(1, { a: 'old', b: 'gone soon' }, store);
    mergeLocalPhaseData(1, { a: 'mine' }, ['a', 'b'], store);
    expect(loadLocalPhaseData(1, store)).toEqual({ a: 'mine' });
    otherTabWrites(store, { a: 'theirs', b: 'gone soon' });
    expect(rewriteLostPhaseChanges(1, store)).toBe(true);
    expect(loadLocalPhaseData(1, store)).toEqual({ a: 'theirs' });
  });

  it('writes nothing back once the answers were removed or storage cleared, or after ten seconds', () => {
    vi.useFakeTimers();
    try {
      const store = new MemoryStorage();
      mergeLocalPhaseData(1, { a: 'mine' }, ['a'], store);
      store.removeItem('phase1_data');
      expect(rewriteLostPhaseChanges(1, store)).toBe(false);
      otherTabWrites(store, {});
      expect(rewriteLostPhaseChanges(1, store)).toBe(false);

      mergeLocalPhaseData(1, { a: 'mine' }, ['a'], store);
      forgetRecentPhaseWrites(store);
      otherTabWrites(store, {});
      expect(rewriteLostPhaseChanges(1, store)).toBe(false);

      mergeLocalPhaseData(1, { a: 'mine' }, ['a'], store);
      vi.advanceTimersByTime(10_001);
      otherTabWrites(store, {});
      expect(rewriteLostPhaseChanges(1, store)).toBe(false);
      expect(loadLocalPhaseData(1, store)).toEqual({});
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the storage key of an activity's answers", () => {
  // Written by phaseDataKey and read back by phaseOfDataKey; the tab that hears another tab's write once read
  // keys with its own copy of the rule, one digit only.
  it('is read back as the activity it was written for, and no other key is', () => {
    for (const phase of [1, 8, 12]) expect(phaseOfDataKey(phaseDataKey(phase))).toBe(phase);
    for (const key of ['phase03_data', 'phase3', 'shared_facts', 'phase_data', 'xphase3_data', null]) {
      expect(phaseOfDataKey(key)).toBeUndefined();
    }
  });
});
