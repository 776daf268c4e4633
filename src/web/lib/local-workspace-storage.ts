import { isPhaseNumber, PHASE_NUMBERS } from '../../shared/phases.ts';

/**
 * What the browser remembers (docs/product.md, Workspaces and sessions): the open workspace's metadata,
 * and answers saved locally (practice mode). Browser storage can be missing, blocked (access throws) or
 * full, so every function here catches and degrades: reads give null, writes give false. Nothing here
 * throws.
 */

/** The subset of the Web Storage API used here, so tests and callers can pass their own. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const WORKSPACE_META_KEY = 'workspace_meta';
export const WORKSPACE_META_VERSION = '1.0';

export type WorkspaceMeta = {
  teamId: string;
  teamCode: string;
  teamName: string;
  avatarIcon: string | null;
  lastAccessed: string;
  version: typeof WORKSPACE_META_VERSION;
  lastPhase?: number;
  lastSavedAt?: string;
};

/**
 * Checks a stored record by hand rather than with zod: this module is on the first route, and zod would
 * more than double its JavaScript.
 */
function parseWorkspaceMeta(value: unknown): WorkspaceMeta | null {
  if (!isPlainObject(value)) return null;
  const { teamId, teamCode, teamName, avatarIcon, lastAccessed, version, lastPhase, lastSavedAt } = value;
  if (typeof teamId !== 'string' || teamId.length === 0) return null;
  if (typeof teamCode !== 'string' || typeof teamName !== 'string' || typeof lastAccessed !== 'string')
    return null;
  if (version !== WORKSPACE_META_VERSION) return null;
  return {
    teamId,
    teamCode,
    teamName,
    // A missing or odd avatar should fall back to initials, not lose the workspace.
    avatarIcon: typeof avatarIcon === 'string' ? avatarIcon : null,
    lastAccessed,
    version,
    ...(isPhaseNumber(lastPhase) ? { lastPhase } : {}),
    ...(typeof lastSavedAt === 'string' ? { lastSavedAt } : {}),
  };
}
export type WorkspaceMetaInput = Omit<WorkspaceMeta, 'lastAccessed' | 'version'>;
export type LocalPhaseData = Record<string, unknown>;

export function phaseDataKey(phase: number): string {
  return `phase${phase}_data`;
}

/** Where earlier versions of the app kept a phase's answers; migrated on load. */
export function legacyPhaseDataKey(phase: number): string {
  return `phase${phase}`;
}

/** `undefined` means "use the browser's"; reading `localStorage` itself throws in some sandboxed frames. */
function resolveStorage(storage: StorageLike | null | undefined): StorageLike | null {
  if (storage !== undefined) return storage;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson(store: StorageLike, key: string): unknown {
  const text = store.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is LocalPhaseData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readWorkspaceMeta(storage?: StorageLike | null): WorkspaceMeta | null {
  const store = resolveStorage(storage);
  if (!store) return null;
  try {
    return parseWorkspaceMeta(readJson(store, WORKSPACE_META_KEY));
  } catch {
    return null;
  }
}

/**
 * Stores the open workspace, stamping lastAccessed and version. When the same team is rewritten without
 * lastPhase/lastSavedAt (opening it again), the stored ones are kept.
 */
export function writeWorkspaceMeta(meta: WorkspaceMetaInput, storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store) return false;
  try {
    const previous = readWorkspaceMeta(store);
    const sameTeam = previous?.teamId === meta.teamId;
    const record: WorkspaceMeta = {
      teamId: meta.teamId,
      teamCode: meta.teamCode,
      teamName: meta.teamName,
      avatarIcon: meta.avatarIcon,
      lastAccessed: new Date().toISOString(),
      version: WORKSPACE_META_VERSION,
      lastPhase: meta.lastPhase ?? (sameTeam ? previous.lastPhase : undefined),
      lastSavedAt: meta.lastSavedAt ?? (sameTeam ? previous.lastSavedAt : undefined),
    };
    store.setItem(WORKSPACE_META_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

export function clearWorkspaceMeta(storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store) return false;
  try {
    store.removeItem(WORKSPACE_META_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Notes a local save in the workspace metadata; false when there is none or the phase is invalid. */
export function recordLocalSave(phase: number, storage?: StorageLike | null): boolean {
  const store = resolveStorage(storage);
  if (!store || !isPhaseNumber(phase)) return false;
  try {
    const meta = readWorkspaceMeta(store);
    if (!meta) return false;
    const record: WorkspaceMeta = { ...meta, lastPhase: phase, lastSavedAt: new Date().toISOString() };
    store.setItem(WORKSPACE_META_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
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
 * `stored` with the `changed` fields of `data` written into it: a named field absent from `data` is
 * removed, every other stored field stays. The same rule as a workspace's saves (src/shared/answer-merge.ts).
 */
export function mergeChangedFields(
  stored: LocalPhaseData | null,
  data: LocalPhaseData,
  changed: readonly string[],
): LocalPhaseData {
  const merged: LocalPhaseData = { ...stored };
  for (const field of changed) {
    if (Object.hasOwn(data, field)) merged[field] = data[field];
    else delete merged[field];
  }
  return merged;
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
    mergeChangedFields(loadLocalPhaseData(phase, store), data, changed),
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
