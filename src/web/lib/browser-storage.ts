/**
 * The browser's storage, safely: it can be missing, blocked (access throws) or full, so every function of
 * the modules built on this one catches and degrades: reads give null, writes give false. Nothing throws.
 */

/** The subset of the Web Storage API used here, so tests and callers can pass their own. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `undefined` means "use the browser's"; reading `localStorage` itself throws in some sandboxed frames. */
export function resolveStorage(storage: StorageLike | null | undefined): StorageLike | null {
  if (storage !== undefined) return storage;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readJson(store: StorageLike, key: string): unknown {
  const text = store.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An on/off switch kept in storage under `key` ('on', or absent): off where storage is missing or blocked. */
export function readSwitch(key: string, storage?: StorageLike | null): boolean {
  try {
    return resolveStorage(storage)?.getItem(key) === 'on';
  } catch {
    return false;
  }
}

/** Sets the switch under `key`; where storage is blocked or full it is simply not kept (never throws). */
export function writeSwitch(key: string, on: boolean, storage?: StorageLike | null): void {
  try {
    const target = resolveStorage(storage);
    if (on) target?.setItem(key, 'on');
    else target?.removeItem(key);
  } catch {
    // Blocked or full: the switch holds for this page only.
  }
}
