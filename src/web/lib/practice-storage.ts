import { writeChangedFields } from '../../shared/answer-merge.ts';
import { isPhaseNumber, PHASE_NUMBERS } from '../../shared/phases.ts';
import { isPlainObject, readJson, resolveStorage, type StorageLike } from './browser-storage.ts';
import { recordLocalSave } from './workspace-meta.ts';

/**
 * Practice mode's answers in this browser (docs/product.md, Autosave and collaboration): `phaseN_data` for
 * each activity, and the key of its shared facts (lib/local-facts-storage.ts). Read and written by the
 * practice answer store (features/phase/store/practice-store.ts) alone, and by the start-up's first-visit
 * check.
 */

/** Practice mode's shared facts (lib/local-facts-storage.ts). */
export const SHARED_FACTS_KEY = 'shared_facts';

export type LocalPhaseData = Record<string, unknown>;

export function phaseDataKey(phase: number): string {
  return `phase${phase}_data`;
}

/** The activity whose answers a storage key holds (`phase3_data` -> 3), or undefined for any other key. */
export function phaseOfDataKey(key: string | null): number | undefined {
  const phase = Number(/^phase([1-9][0-9]*)_data$/.exec(key ?? '')?.[1]);
  return Number.isInteger(phase) && phaseDataKey(phase) === key ? phase : undefined;
}

/** Where earlier versions of the app kept a phase's answers; migrated on load. */
export function legacyPhaseDataKey(phase: number): string {
  return `phase${phase}`;
}

/**
 * Saves a phase's answers locally. Only an integer phase 1..8 and a plain object are accepted; anything
 * else writes nothing. Also records the save in the workspace metadata when there is one.
 */
export function saveLocalPhaseData(phase: number, data: unknown, storage?: StorageLike | null): boolean {
  if (!isPhaseNumber(phase) || !isPlainObject(data)) return false;
  const store = resolveStorage(storage);
  if (!store) return false;
  try {
    // Stringify first: a value JSON cannot hold (a cycle, a bigint) must not leave a half-written key.
    const text = JSON.stringify(data);
    store.setItem(phaseDataKey(phase), text);
  } catch {
    return false;
  }
  recordLocalSave(phase, store);
  return true;
}

/**
 * Saves the `changed` fields of a phase's answers into what this browser holds now (another tab of the
 * same practice may have saved other fields since). Reads and writes within one task, so no other tab's
 * write falls between them. False when nothing could be written.
 */
export function mergeLocalPhaseData(
  phase: number,
  data: unknown,
  changed: readonly string[],
  storage?: StorageLike | null,
): boolean {
  if (!isPhaseNumber(phase) || !isPlainObject(data)) return false;
  const store = resolveStorage(storage);
  if (!store) return false;
  const stored = loadLocalPhaseData(phase, store);
  if (!saveLocalPhaseData(phase, writeChangedFields(stored, data, changed), store)) return false;
  const writes = phaseWritesOf(store, phase);
  const at = Date.now();
  for (const field of changed) {
    writes.set(field, {
      before: stored?.[field],
      after: Object.hasOwn(data, field) ? data[field] : undefined,
      at,
    });
  }
  return true;
}

/**
 * Two tabs of one browser each write a whole key (read, merge their change, write), and the browser carries
 * a tab's write to the others a moment later: a tab that merges into a copy that has not heard the other's
 * write yet writes that copy back, and the other's change is lost (two practice tabs typing at once). So a
 * tab remembers the fields it wrote for a short while; when another tab's write of that key arrives with
 * such a field back at the value it had before this tab's change, it writes its change again on top. The
 * two tabs end with both changes; a field another tab really changed (to anything else) is left to it.
 */
const REWRITE_WINDOW_MS = 10_000;
type FieldWrite = { before: unknown; after: unknown; at: number };
const recentPhaseWrites = new WeakMap<StorageLike, Map<number, Map<string, FieldWrite>>>();

function phaseWritesOf(store: StorageLike, phase: number): Map<string, FieldWrite> {
  const byPhase = recentPhaseWrites.get(store) ?? new Map<number, Map<string, FieldWrite>>();
  recentPhaseWrites.set(store, byPhase);
  const writes = byPhase.get(phase) ?? new Map<string, FieldWrite>();
  byPhase.set(phase, writes);
  return writes;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Another tab cleared the browser's storage: nothing this tab wrote is written again. */
export function forgetRecentPhaseWrites(storage?: StorageLike | null): void {
  const store = resolveStorage(storage);
  if (store) recentPhaseWrites.delete(store);
}

/**
 * After another tab wrote activity `phase`'s answers: writes again this tab's recent changes that write
 * lost (above). True when it wrote. A removed key (the answers kept in a workspace or discarded) is not
 * written again: this tab forgets its changes instead.
 */
export function rewriteLostPhaseChanges(phase: number, storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store || !isPhaseNumber(phase)) return false;
  const writes = phaseWritesOf(store, phase);
  if (store.getItem(phaseDataKey(phase)) === null) {
    writes.clear();
    return false;
  }
  const current = loadLocalPhaseData(phase, store);
  if (!current) return false;
  const now = Date.now();
  const lost: string[] = [];
  const restored: LocalPhaseData = {};
  for (const [field, write] of writes) {
    if (now - write.at > REWRITE_WINDOW_MS) writes.delete(field);
    else if (sameValue(current[field], write.before) && !sameValue(current[field], write.after)) {
      lost.push(field);
      if (write.after !== undefined) restored[field] = write.after;
    }
  }
  if (lost.length === 0) return false;
  return saveLocalPhaseData(phase, writeChangedFields(current, restored, lost), store);
}

export function parseLocalPhaseData(text: string | null): LocalPhaseData | null {
  if (text === null) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A phase's locally saved answers, or null (invalid phase, nothing saved, unreadable or not an object).
 * Answers under the old `phase{n}` key move to `phase{n}_data` the first time they are read.
 */
export function loadLocalPhaseData(phase: number, storage?: StorageLike | null): LocalPhaseData | null {
  if (!isPhaseNumber(phase)) return null;
  const store = resolveStorage(storage);
  if (!store) return null;
  try {
    if (store.getItem(phaseDataKey(phase)) !== null) {
      const current = readJson(store, phaseDataKey(phase));
      return isPlainObject(current) ? current : null;
    }
    const legacy = readJson(store, legacyPhaseDataKey(phase));
    if (!isPlainObject(legacy)) return null;
    try {
      store.setItem(phaseDataKey(phase), JSON.stringify(legacy));
      store.removeItem(legacyPhaseDataKey(phase));
    } catch {
      // Storage is full or blocked: the old key stays for the next attempt; the answers are still returned.
    }
    return legacy;
  } catch {
    return null;
  }
}

/** Every phase with locally saved answers, keyed by phase number. */
export function loadAllLocalPhaseData(storage?: StorageLike | null): Record<number, LocalPhaseData> {
  const store = resolveStorage(storage);
  const all: Record<number, LocalPhaseData> = {};
  if (!store) return all;
  for (const phase of PHASE_NUMBERS) {
    const data = loadLocalPhaseData(phase, store);
    if (data) all[phase] = data;
  }
  return all;
}

/** Removes every phase's local answers, old-format keys included. */
export function clearLocalPhaseData(storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store) return false;
  recentPhaseWrites.delete(store);
  let cleared = true;
  for (const phase of PHASE_NUMBERS) {
    for (const key of [phaseDataKey(phase), legacyPhaseDataKey(phase)]) {
      try {
        store.removeItem(key);
      } catch {
        cleared = false;
      }
    }
  }
  return cleared;
}
