/**
 * The autosave queue (docs/product.md, Autosave and collaboration), free of React so it can
 * be tested with fake timers. Rules:
 * - a save starts `debounceMs` after the last change and always sends the latest answers;
 * - one save at a time: an edit that arrives while a save is in flight is saved right after it;
 * - a failed save retries with exponential backoff (1 s, 2 s, 4 s ... capped at 30 s), or at once on
 *   `retryNow()` (the browser's `online` event); edits made while waiting ride on the next retry;
 * - `flush()` sends pending answers now (with `keepalive` when the page is going away).
 * The last edit is never dropped: the queue is clean only once the newest version has been saved.
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

export type SaveOptions = { keepalive: boolean };

export type AutosaveQueueOptions<T> = {
  save(data: T, options: SaveOptions): Promise<unknown>;
  onStateChange?(state: AutosaveState): void;
  debounceMs?: number;
  minRetryMs?: number;
  maxRetryMs?: number;
  now?(): Date;
};

export type AutosaveQueue<T> = {
  /** Records a change; it is saved `debounceMs` after the last one. */
  update(data: T): void;
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

export function createAutosaveQueue<T>(options: AutosaveQueueOptions<T>): AutosaveQueue<T> {
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const minRetryMs = options.minRetryMs ?? AUTOSAVE_MIN_RETRY_MS;
  const maxRetryMs = options.maxRetryMs ?? AUTOSAVE_MAX_RETRY_MS;
  const now = options.now ?? (() => new Date());

  let latest: T | undefined;
  let version = 0;
  let savedVersion = 0;
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

  const dirty = () => version !== savedVersion;

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
    const sending = version;
    const data = latest as T;
    setState({ status: 'saving', retryInMs: null });
    inFlight = (async () => {
      let ok = false;
      let error: unknown = null;
      try {
        await options.save(data, { keepalive });
        ok = true;
      } catch (caught) {
        error = caught;
      }
      inFlight = null;
      if (disposed) return;
      if (ok) {
        savedVersion = Math.max(savedVersion, sending);
        const lastSavedAt = now();
        if (!dirty()) {
          latest = undefined;
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
    update(data) {
      if (disposed) return;
      latest = data;
      version += 1;
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
          const sending = version;
          await options.save(latest as T, { keepalive: true });
          savedVersion = Math.max(savedVersion, sending);
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
