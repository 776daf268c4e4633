import { isPhaseNumber } from '../../shared/phases.ts';
import { isPlainObject, readJson, resolveStorage, type StorageLike } from './browser-storage.ts';

/**
 * The open workspace as this browser remembers it (docs/product.md, Workspaces and sessions): its team, and
 * for practice saves the last activity saved and when.
 */

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
