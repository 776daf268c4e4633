import type { ProgrammeContent, ProgrammeDetail } from '@shared/schemas/programmes';
import { isPlainObject, readJson, resolveStorage, type StorageLike } from '@/lib/browser-storage';

/*
 * The draft between the editor and the server. Every edit is saved (debounced) with the revision it was
 * made from; a save that another save beat (a second tab, another instructor) comes back as a conflict, and
 * the instructor chooses: load theirs, or keep theirs' revision and save theirs over with mine. Until the
 * server has an edit, it is kept in this browser too, so a reload or a server restart loses nothing.
 */

/** What is saved: the programme's name and its draft. */
export type Snapshot = { name: string; draft: ProgrammeContent };

export function snapshotOf(detail: Pick<ProgrammeDetail, 'name' | 'draft'>): Snapshot {
  return { name: detail.name, draft: detail.draft };
}

/** Two snapshots hold the same programme (key order aside: the server may store JSON its own way). */
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

export type SyncState = {
  /** The server's revision the editor's draft was made from: the one the next save names. */
  revision: number;
  /** What the server holds at that revision: an edit is unsaved while the draft differs from it. */
  saved: Snapshot;
  /** A save on its way. */
  saving: Snapshot | null;
  conflict: Conflict | null;
  /** The last save failed (the network, the server): it is tried again, and the local copy holds the edit. */
  failed: boolean;
};

export type SyncStatus = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

export function initialSync(revision: number, saved: Snapshot, conflict: Conflict | null = null): SyncState {
  return { revision, saved, saving: null, conflict, failed: false };
}

export function syncStatus(state: SyncState, current: Snapshot): SyncStatus {
  if (state.conflict) return 'conflict';
  if (state.saving) return 'saving';
  if (sameSnapshot(state.saved, current)) return 'saved';
  return state.failed ? 'failed' : 'unsaved';
}

/** Whether the draft should be sent now: changed, nothing on its way, and no conflict waiting for a choice. */
export function shouldSave(state: SyncState, current: Snapshot): boolean {
  return !state.conflict && !state.saving && !sameSnapshot(state.saved, current);
}

export function saveStarted(state: SyncState, sent: Snapshot): SyncState {
  return { ...state, saving: sent };
}

export function saveSucceeded(state: SyncState, sent: Snapshot, revision: number): SyncState {
  return { ...state, revision, saved: sent, saving: null, failed: false };
}

export function saveConflicted(state: SyncState, conflict: Conflict): SyncState {
  return { ...state, saving: null, conflict };
}

export function saveFailed(state: SyncState): SyncState {
  return { ...state, saving: null, failed: true };
}

/**
 * "Keep mine": the editor's draft stays, now made from their revision, so the next save replaces theirs, by
 * the instructor's choice and not by accident.
 */
export function keepMine(state: SyncState): SyncState {
  if (!state.conflict) return state;
  const { theirs } = state.conflict;
  return initialSync(theirs.revision, snapshotOf(theirs));
}

/** "Load theirs": the editor shows their draft (the caller puts `snapshotOf(theirs)` in the editor). */
export function loadTheirs(state: SyncState): SyncState {
  return keepMine(state);
}

/** The edits this browser keeps until the server has them: the draft, and the revision it was made from. */
export type LocalCopy = Snapshot & { baseRevision: number };

/**
 * Where the editor starts when it opens: the server's draft; or the local copy of edits the server never got
 * (a reload before the save, a server restart), saved as soon as the editor opens; or, when the server's
 * draft has moved on since those edits were made from it, a conflict to resolve.
 */
export function resume(
  detail: ProgrammeDetail,
  local: LocalCopy | null,
): { current: Snapshot; sync: SyncState } {
  const server = snapshotOf(detail);
  const mine = local && snapshotOf(local);
  if (!mine || sameSnapshot(mine, server)) {
    return { current: server, sync: initialSync(detail.revision, server) };
  }
  if (local.baseRevision === detail.revision) {
    return { current: mine, sync: initialSync(detail.revision, server) };
  }
  const conflict = {
    message:
      'This programme was saved elsewhere after your last edits in this browser, which were not saved.',
    theirs: detail,
  };
  return { current: mine, sync: initialSync(local.baseRevision, server, conflict) };
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
