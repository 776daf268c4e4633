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
  return saveLocalPhaseData(
    phase,
    writeChangedFields(loadLocalPhaseData(phase, store), data, changed),
    store,
  );
}

/** The answers a `storage` event carries for a phase's key (another tab saved them), or null. */
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
