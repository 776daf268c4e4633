import type { ProgrammeContent, ProgrammeDetail } from '@shared/schemas/programmes';
import { isPlainObject, readJson, resolveStorage, type StorageLike } from '@/lib/browser-storage';

/*
 * The draft between the editor and the server. Every edit is saved (debounced) with the revision it was
 * made from; a save that another save beat (a second tab, another instructor) comes back as a conflict, and
 * the instructor chooses: load theirs, or keep theirs' revision and save theirs over with mine. Until the
 * server has an edit, it is kept in this browser too, so a reload or a server restart loses nothing.
 *
 * Edits are counted, not compared: the editor numbers its drafts (0 as opened, one more per change), and
 * the state knows which of them the server holds. A keystroke then costs a number, not a comparison of two
 * 200 KB drafts; an edit undone by hand is saved once more, which costs nothing but the save.
 */

/** What is saved: the programme's name and its draft. */
export type Snapshot = { name: string; draft: ProgrammeContent };

export function snapshotOf(detail: Pick<ProgrammeDetail, 'name' | 'draft'>): Snapshot {
  return { name: detail.name, draft: detail.draft };
}

/**
 * Two snapshots hold the same programme (key order aside: the server may store JSON its own way). Compared
 * once, when the editor opens with a local copy; never per keystroke.
 */
export function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

export type Conflict = {
  /** The server's words ("Another instructor saved this programme ..."). */
  message: string;
  /** The draft the server holds now, and its revision. */
  theirs: ProgrammeDetail;
};

/** The editor's count of its drafts: 0 as opened, one more for each change. */
export type Edit = number;

export type SyncState = {
  /** The server's revision the editor's draft was made from: the one the next save names. */
  revision: number;
  /** The edit the server holds at that revision; null when it holds none of this editor's (keep mine). */
  saved: Edit | null;
  /** The edit of a save on its way. */
  saving: Edit | null;
  conflict: Conflict | null;
  /** The last save failed (the network, the server): it is tried again, and the local copy holds the edit. */
  failed: boolean;
};

export type SyncStatus = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

export function initialSync(
  revision: number,
  saved: Edit | null,
  conflict: Conflict | null = null,
): SyncState {
  return { revision, saved, saving: null, conflict, failed: false };
}

export function syncStatus(state: SyncState, edit: Edit): SyncStatus {
  if (state.conflict) return 'conflict';
  if (state.saving !== null) return 'saving';
  if (state.saved === edit) return 'saved';
  return state.failed ? 'failed' : 'unsaved';
}

/** Whether the draft should be sent now: changed, nothing on its way, and no conflict waiting for a choice. */
export function shouldSave(state: SyncState, edit: Edit): boolean {
  return !state.conflict && state.saving === null && state.saved !== edit;
}

/** Whether this browser must keep a copy of the draft: the server does not hold it (or a choice waits). */
export function needsLocalCopy(state: SyncState, edit: Edit): boolean {
  return state.conflict !== null || state.saved !== edit;
}

export function saveStarted(state: SyncState, sent: Edit): SyncState {
  return { ...state, saving: sent };
}

export function saveSucceeded(state: SyncState, sent: Edit, revision: number): SyncState {
  return { ...state, revision, saved: sent, saving: null, failed: false };
}

export function saveConflicted(state: SyncState, conflict: Conflict): SyncState {
  return { ...state, saving: null, conflict };
}

export function saveFailed(state: SyncState): SyncState {
  return { ...state, saving: null, failed: true };
}

/**
 * "Keep mine": the editor's draft stays, now made from their revision, and the server holds none of this
 * editor's drafts, so the next save replaces theirs, by the instructor's choice and not by accident.
 */
export function keepMine(state: SyncState): SyncState {
  if (!state.conflict) return state;
  return initialSync(state.conflict.theirs.revision, null);
}

/**
 * "Load theirs": the editor shows their draft as edit `shown` (the caller puts `snapshotOf(theirs)` in the
 * editor), which is what the server holds at their revision: nothing to save.
 */
export function theirsLoaded(state: SyncState, shown: Edit): SyncState {
  if (!state.conflict) return state;
  return initialSync(state.conflict.theirs.revision, shown);
}

/** The edits this browser keeps until the server has them: the draft, and the revision it was made from. */
export type LocalCopy = Snapshot & { baseRevision: number };

/**
 * Where the editor starts when it opens (its edit 0): the server's draft; or the local copy of edits the
 * server never got (a reload before the save, a server restart), saved as soon as the editor opens; or, when
 * the server's draft has moved on since those edits were made from it, a conflict to resolve.
 */
export function resume(
  detail: ProgrammeDetail,
  local: LocalCopy | null,
): { current: Snapshot; sync: SyncState } {
  const server = snapshotOf(detail);
  const mine = local && snapshotOf(local);
  if (!mine || sameSnapshot(mine, server)) {
    return { current: server, sync: initialSync(detail.revision, 0) };
  }
  if (local.baseRevision === detail.revision) {
    return { current: mine, sync: initialSync(detail.revision, null) };
  }
  const conflict = {
    message:
      'This programme was saved elsewhere after your last edits in this browser, which were not saved.',
    theirs: detail,
  };
  return { current: mine, sync: initialSync(local.baseRevision, null, conflict) };
}

const localKey = (programmeId: string) => `programme-draft:${programmeId}`;

export function readLocalCopy(programmeId: string, storage?: StorageLike | null): LocalCopy | null {
  const store = resolveStorage(storage);
  if (!store) return null;
  try {
    const value = readJson(store, localKey(programmeId));
    if (
      !isPlainObject(value) ||
      typeof value.baseRevision !== 'number' ||
      typeof value.name !== 'string' ||
      !isPlainObject(value.draft) ||
      !Array.isArray(value.draft.activities)
    ) {
      return null;
    }
    return value as LocalCopy;
  } catch {
    return null;
  }
}

export function writeLocalCopy(programmeId: string, copy: LocalCopy, storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  try {
    store?.setItem(localKey(programmeId), JSON.stringify(copy));
    return Boolean(store);
  } catch {
    return false;
  }
}

export function clearLocalCopy(programmeId: string, storage?: StorageLike | null): void {
  try {
    resolveStorage(storage)?.removeItem(localKey(programmeId));
  } catch {
    // Blocked storage holds nothing to clear.
  }
}
