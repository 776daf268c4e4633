import type { ProgrammeDetail } from '@shared/schemas/programmes';
import { describe, expect, it } from 'vitest';
import {
  clearLocalCopy,
  initialSync,
  keepMine,
  needsLocalCopy,
  readLocalCopy,
  resume,
  sameSnapshot,
  saveConflicted,
  saveFailed,
  saveStarted,
  saveSucceeded,
  shouldSave,
  type Snapshot,
  syncStatus,
  theirsLoaded,
  writeLocalCopy,
} from './draft-sync.ts';
import { createDraftStore } from './draft-store.ts';

const draftOf = (title: string) => ({ activities: [{ phase: 1, title }], switchedOff: [] });
const snap = (title: string, name = 'Clinics'): Snapshot => ({ name, draft: draftOf(title) });

function detail(revision: number, title: string): ProgrammeDetail {
  return {
    id: '5b0e6c52-6f5f-4a43-a5a0-4c3c9b0c8a11',
    name: 'Clinics',
    standard: false,
    publishedVersion: null,
    publishedSwitchedOff: [],
    unpublishedChanges: true,
    cohorts: [],
    updatedAt: '2026-11-27T10:00:00.000Z',
    draft: draftOf(title),
    revision,
    draftUpdatedAt: '2026-11-27T10:00:00.000Z',
    draftUpdatedBy: 'bea',
    versions: [],
  };
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('saving the draft', () => {
  it('saves an edit once, naming the revision it was made from, and is saved when the server says so', () => {
    // Edit 0 is the draft as opened, which the server holds; edit 1 is the next change.
    let state = initialSync(4, 0);
    expect(syncStatus(state, 0)).toBe('saved');
    expect(shouldSave(state, 0)).toBe(false);
    expect(needsLocalCopy(state, 0)).toBe(false);
    expect(syncStatus(state, 1)).toBe('unsaved');
    expect(shouldSave(state, 1)).toBe(true);
    expect(needsLocalCopy(state, 1)).toBe(true);
    state = saveStarted(state, 1);
    expect(state.revision).toBe(4);
    expect(syncStatus(state, 1)).toBe('saving');
    expect(shouldSave(state, 2)).toBe(false);
    state = saveSucceeded(state, 1, 5);
    expect(state.revision).toBe(5);
    expect(syncStatus(state, 1)).toBe('saved');
    expect(needsLocalCopy(state, 1)).toBe(false);
    // An edit made while the save was on its way is still to save.
    expect(shouldSave(state, 2)).toBe(true);
  });

  it('keeps a failed edit to try again, and says so', () => {
    const state = saveFailed(saveStarted(initialSync(1, 0), 1));
    expect(syncStatus(state, 1)).toBe('failed');
    expect(shouldSave(state, 1)).toBe(true);
    expect(needsLocalCopy(state, 1)).toBe(true);
  });

  it('compares drafts by content, whatever order the server keeps the keys in', () => {
    const a = { name: 'X', draft: { activities: [{ b: 1, a: 2 }], switchedOff: [] } };
    const b = { name: 'X', draft: { switchedOff: [], activities: [{ a: 2, b: 1 }] } };
    expect(sameSnapshot(a, b)).toBe(true);
    expect(sameSnapshot(a, { ...b, name: 'Y' })).toBe(false);
  });
});

describe('a conflict', () => {
  const theirs = detail(7, 'Theirs');
  // Edit 3 was on its way when the server answered that theirs came first.
  const conflicted = () =>
    saveConflicted(saveStarted(initialSync(6, 2), 3), { message: 'Saved elsewhere', theirs });

  it('stops saving until the instructor chooses: nothing is overwritten silently', () => {
    const state = conflicted();
    expect(syncStatus(state, 3)).toBe('conflict');
    expect(shouldSave(state, 3)).toBe(false);
    expect(shouldSave(state, 4)).toBe(false);
    expect(needsLocalCopy(state, 3)).toBe(true);
  });

  it('"Keep mine" saves mine again, made from their revision', () => {
    const state = keepMine(conflicted());
    expect(state.conflict).toBeNull();
    expect(state.revision).toBe(7);
    expect(shouldSave(state, 3)).toBe(true);
  });

  it('"Load theirs" leaves nothing to save once the editor shows theirs', () => {
    // The editor shows theirs as its edit 4.
    const state = theirsLoaded(conflicted(), 4);
    expect(state.conflict).toBeNull();
    expect(state.revision).toBe(7);
    expect(syncStatus(state, 4)).toBe('saved');
    expect(shouldSave(state, 5)).toBe(true);
  });

  it('"Keep mine" and "Load theirs" differ: only the first saves', () => {
    expect(shouldSave(keepMine(conflicted()), 4)).toBe(true);
    expect(shouldSave(theirsLoaded(conflicted(), 4), 4)).toBe(false);
  });
});

describe('opening the editor', () => {
  it("starts from the server's draft when this browser holds no unsaved edits", () => {
    expect(resume(detail(3, 'Server'), null).current.draft).toEqual(draftOf('Server'));
    const same = { ...snap('Server'), baseRevision: 2 };
    const { sync } = resume(detail(3, 'Server'), same);
    expect(syncStatus(sync, 0)).toBe('saved');
  });

  it('brings back edits the server never got (a reload, a restart), to save them at once', () => {
    const { current, sync } = resume(detail(3, 'Server'), { ...snap('Mine'), baseRevision: 3 });
    expect(current.draft).toEqual(draftOf('Mine'));
    expect(sync.revision).toBe(3);
    expect(shouldSave(sync, 0)).toBe(true);
  });

  it('offers the choice when the server moved on since those edits were made', () => {
    const { current, sync } = resume(detail(5, 'Theirs'), { ...snap('Mine'), baseRevision: 3 });
    expect(current.draft).toEqual(draftOf('Mine'));
    expect(syncStatus(sync, 0)).toBe('conflict');
    expect(sync.conflict?.theirs.revision).toBe(5);
    expect(keepMine(sync).revision).toBe(5);
  });
});

describe('the draft store', () => {
  it('numbers each change and tells its listeners, reading the same object until the next', () => {
    const store = createDraftStore(snap('A'));
    const heard: number[] = [];
    const stop = store.subscribe(() => heard.push(store.read().edit));
    const first = store.read();
    expect(first).toEqual({ current: snap('A'), edit: 0 });
    expect(store.read()).toBe(first);
    expect(store.change((s) => ({ ...s, name: 'B' }))).toBe(1);
    expect(store.read().current.name).toBe('B');
    stop();
    store.change((s) => s);
    expect(heard).toEqual([1]);
    expect(store.read().edit).toBe(2);
  });
});

describe('the local copy', () => {
  it('is kept per programme and read back; anything else reads as none', () => {
    const storage = new MemoryStorage();
    const copy = { ...snap('Mine'), baseRevision: 2 };
    expect(writeLocalCopy('p1', copy, storage)).toBe(true);
    expect(readLocalCopy('p1', storage)).toEqual(copy);
    expect(readLocalCopy('p2', storage)).toBeNull();
    storage.setItem('programme-draft:p3', '{"name":"x"}');
    expect(readLocalCopy('p3', storage)).toBeNull();
    storage.setItem('programme-draft:p4', 'not json');
    expect(readLocalCopy('p4', storage)).toBeNull();
    clearLocalCopy('p1', storage);
    expect(readLocalCopy('p1', storage)).toBeNull();
  });

  it('never throws in a browser whose storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readLocalCopy('p1', blocked)).toBeNull();
    expect(writeLocalCopy('p1', { ...snap('A'), baseRevision: 1 }, blocked)).toBe(false);
    expect(() => clearLocalCopy('p1', blocked)).not.toThrow();
    expect(readLocalCopy('p1', null)).toBeNull();
  });
});
