/**
 * The autosave queue (docs/product.md, Autosave and collaboration), free of React so it can
 * be tested with fake timers. Rules:
 * - a save starts `debounceMs` after the last change and always sends the latest answers;
 * - one save at a time: an edit that arrives while a save is in flight is saved right after it;
 * - a failed save retries with exponential backoff (1 s, 2 s, 4 s ... capped at 30 s), or at once on
 *   `retryNow()` (the browser's `online` event); edits made while waiting ride on the next retry;
 * - `flush()` sends pending answers now (with `keepalive` when the page is going away).
 * - every save names the fields changed since the last acknowledged save (`changed`), so the store writes
 *   only those and keeps what a teammate saved meanwhile. A failed save's fields ride on the next attempt;
 *   a save's success forgets the fields it carried, unless one was edited again while it was in flight.
 * The last edit is never dropped: the queue is clean only once every changed field has been saved.
 */

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export type AutosaveState = {
  status: AutosaveStatus;
  /** When the newest saved version reached its store. */
  lastSavedAt: Date | null;
  /** Failed attempts in a row; 0 after a success. */
  failures: number;
  /** Milliseconds until the next retry, while one is scheduled. */
  retryInMs: number | null;
  /** What the last failed save threw; null after a success. */
  lastError: unknown;
};

export type SaveOptions = {
  keepalive: boolean;
  /** The fields changed since the last acknowledged save: the only ones the store should write. */
  changed: string[];
};

type Values = Record<string, unknown>;

export type AutosaveQueueOptions<T extends Values> = {
  save(data: T, options: SaveOptions): Promise<unknown>;
  onStateChange?(state: AutosaveState): void;
  debounceMs?: number;
  minRetryMs?: number;
  maxRetryMs?: number;
  now?(): Date;
};

export type AutosaveQueue<T extends Values> = {
  /**
   * Records a change of the `changed` fields (default: the fields whose value differs from the previous
   * update's, every field of the first); it is saved `debounceMs` after the last one.
   */
  update(data: T, changed?: Iterable<string>): void;
  /** Drops the unsaved change of one field (the page took a teammate's value for it instead). */
  forget(field: string): void;
  /** The fields changed here and not yet saved. */
  unsavedFields(): string[];
  /** Saves pending answers now. Resolves once the newest version is saved, or the attempt failed. */
  flush(options?: Partial<SaveOptions>): Promise<void>;
  /** Retries a failed save at once (the browser came back online). */
  retryNow(): void;
  /** True while some change has not reached its store. */
  hasUnsavedChanges(): boolean;
  /** The newest answers not yet saved, if any. */
  unsavedData(): T | undefined;
  getState(): AutosaveState;
  /** Stops the timers; pending answers are left unsaved (call flush first to keep them). */
  dispose(): void;
};

export const AUTOSAVE_DEBOUNCE_MS = 1000;
export const AUTOSAVE_MIN_RETRY_MS = 1000;
export const AUTOSAVE_MAX_RETRY_MS = 30_000;

/** The wait before retry number `failures` (1-based): 1 s, 2 s, 4 s ... capped. */
export function retryDelay(failures: number, minMs = AUTOSAVE_MIN_RETRY_MS, maxMs = AUTOSAVE_MAX_RETRY_MS) {
  return Math.min(maxMs, minMs * 2 ** Math.max(0, failures - 1));
}

export function createAutosaveQueue<T extends Values>(options: AutosaveQueueOptions<T>): AutosaveQueue<T> {
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const minRetryMs = options.minRetryMs ?? AUTOSAVE_MIN_RETRY_MS;
  const maxRetryMs = options.maxRetryMs ?? AUTOSAVE_MAX_RETRY_MS;
  const now = options.now ?? (() => new Date());

  let latest: T | undefined;
  /** Counts edits; `pending` maps each unsaved field to the edit that last changed it. */
  let edits = 0;
  const pending = new Map<string, number>();
  let inFlight: Promise<void> | null = null;
  let debounceTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  let state: AutosaveState = {
    status: 'idle',
    lastSavedAt: null,
    failures: 0,
    retryInMs: null,
    lastError: null,
  };

  const setState = (next: Partial<AutosaveState>) => {
    state = { ...state, ...next };
    options.onStateChange?.(state);
  };

  const dirty = () => pending.size > 0;
  /** A save that carried the fields as of edit `sent` reached the store: forget what it saved. */
  const acknowledge = (sent: number, fields: readonly string[]) => {
    for (const field of fields) if ((pending.get(field) ?? Infinity) <= sent) pending.delete(field);
  };

  const clearDebounce = () => {
    if (debounceTimer !== null) clearTimeout(debounceTimer);
    debounceTimer = null;
  };
  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  /** Sends the newest version; when it is superseded meanwhile, sends again. */
  function run(keepalive: boolean): Promise<void> {
    if (inFlight || !dirty() || disposed) return inFlight ?? Promise.resolve();
    clearRetry();
    const sending = edits;
    const data = latest as T;
    const changed = [...pending.keys()];
    setState({ status: 'saving', retryInMs: null });
    inFlight = (async () => {
      let ok = false;
      let error: unknown = null;
      try {
        await options.save(data, { keepalive, changed });
        ok = true;
      } catch (caught) {
        error = caught;
      }
      inFlight = null;
      if (disposed) return;
      if (ok) {
        acknowledge(sending, changed);
        const lastSavedAt = now();
        if (!dirty()) {
          setState({ status: 'saved', failures: 0, lastSavedAt, lastError: null });
        } else if (debounceTimer === null) {
          // An edit arrived during the save and its debounce already ran out: save it now.
          state = { ...state, failures: 0, lastSavedAt, lastError: null };
          await run(false);
        } else {
          setState({ status: 'pending', failures: 0, lastSavedAt, lastError: null });
        }
      } else {
        const failures = state.failures + 1;
        const wait = retryDelay(failures, minRetryMs, maxRetryMs);
        setState({ status: 'error', failures, retryInMs: wait, lastError: error });
        retryTimer = setTimeout(() => {
          retryTimer = null;
          void run(false);
        }, wait);
      }
    })();
    return inFlight;
  }

  return {
    update(data, changed) {
      if (disposed) return;
      const previous = latest;
      latest = data;
      edits += 1;
      const fields =
        changed ??
        (previous
          ? [...new Set([...Object.keys(previous), ...Object.keys(data)])].filter(
              (f) => previous[f] !== data[f],
            )
          : Object.keys(data));
      for (const field of fields) pending.set(field, edits);
      clearDebounce();
      if (state.status !== 'error' && state.status !== 'saving') setState({ status: 'pending' });
      debounceTimer = setTimeout(() => {
        debounceTimer = null;
        // While a retry is scheduled it carries the newest answers; don't hammer a failing store.
        if (retryTimer === null) void run(false);
      }, debounceMs);
    },
    async flush(flushOptions) {
      const keepalive = flushOptions?.keepalive ?? false;
      clearDebounce();
      if (!dirty()) return inFlight ?? undefined;
      if (inFlight && keepalive) {
        // The page is going away: the in-flight save may hold older answers, so send the newest too.
        try {
          const sending = edits;
          const changed = [...pending.keys()];
          await options.save(latest as T, { keepalive: true, changed });
          acknowledge(sending, changed);
        } catch {
          // Nothing more can be done while the page unloads.
        }
        return;
      }
      if (inFlight) await inFlight;
      await run(keepalive);
    },
    retryNow() {
      if (state.status !== 'error' || inFlight) return;
      void run(false);
    },
    forget(field) {
      pending.delete(field);
      if (dirty() || disposed) return;
      clearDebounce();
      clearRetry();
      if (!inFlight) {
        setState({
          status: state.lastSavedAt ? 'saved' : 'idle',
          failures: 0,
          retryInMs: null,
          lastError: null,
        });
      }
    },
    unsavedFields: () => [...pending.keys()],
    hasUnsavedChanges: dirty,
    unsavedData: () => (dirty() ? latest : undefined),
    getState: () => state,
    dispose() {
      disposed = true;
      clearDebounce();
      clearRetry();
    },
  };
}
