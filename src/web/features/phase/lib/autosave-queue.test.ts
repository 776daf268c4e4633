import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, REQUEST_TIMEOUT_MS, RequestTimeoutError } from '@/lib/api-client';
import { type AutosaveState, createAutosaveQueue, retryDelay } from './autosave-queue.ts';

type Answers = Record<string, string>;

/** A store whose saves the test resolves or rejects by hand. */
function manualStore() {
  const calls: {
    data: Answers;
    keepalive: boolean;
    changed: string[];
    resolve(): void;
    reject(e: Error): void;
  }[] = [];
  const save = vi.fn(
    (data: Answers, options: { keepalive: boolean; changed: string[] }) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ data, keepalive: options.keepalive, changed: options.changed, resolve, reject });
      }),
  );
  return { calls, save };
}

/** A store that fails, as offline, until `goOnline()`. */
function offlineStore() {
  let online = false;
  const save = vi.fn(async (_data: Answers, _options: { keepalive: boolean; changed: string[] }) => {
    if (!online) throw new Error('offline');
  });
  return {
    save,
    goOnline() {
      online = true;
    },
  };
}

describe('autosave queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, 1000 ms after the last change, with the latest answers', async () => {
    const save = vi.fn(async () => {});
    const states: AutosaveState['status'][] = [];
    const queue = createAutosaveQueue<Answers>({ save, onStateChange: (s) => states.push(s.status) });
    queue.update({ a: '1' });
    await vi.advanceTimersByTimeAsync(600);
    queue.update({ a: '12' });
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    expect(queue.hasUnsavedChanges()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ a: '12' }, { keepalive: false, changed: ['a'] });
    expect(queue.hasUnsavedChanges()).toBe(false);
    expect(queue.getState().status).toBe('saved');
    expect(queue.getState().lastSavedAt).toBeInstanceOf(Date);
    expect(states).toEqual(['pending', 'pending', 'saving', 'saved']);
  });

  it('never runs two saves at once and saves an edit made during a save right after it', async () => {
    const store = manualStore();
    const queue = createAutosaveQueue<Answers>({ save: store.save });
    queue.update({ a: '1' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.calls).toHaveLength(1);

    queue.update({ a: '2' });
    queue.update({ a: '3' });
    await vi.advanceTimersByTimeAsync(1500);
    // The debounce ran out while the first save was still in flight: no second concurrent save.
    expect(store.calls).toHaveLength(1);

    store.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.calls).toHaveLength(2);
    expect(store.calls[1]!.data).toEqual({ a: '3' });
    expect(queue.hasUnsavedChanges()).toBe(true);
    store.calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.hasUnsavedChanges()).toBe(false);
    expect(queue.getState().status).toBe('saved');
  });

  it('waits for the debounce of an edit that arrived during a save', async () => {
    const store = manualStore();
    const queue = createAutosaveQueue<Answers>({ save: store.save });
    queue.update({ a: '1' });
    await vi.advanceTimersByTimeAsync(1000);
    queue.update({ a: '2' });
    store.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState().status).toBe('pending');
    expect(store.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.calls).toHaveLength(2);
    expect(store.calls[1]!.data).toEqual({ a: '2' });
  });

  it('retries a failed save with exponential backoff capped at 30 s, then succeeds', async () => {
    const { save, goOnline } = offlineStore();
    const queue = createAutosaveQueue<Answers>({ save });
    queue.update({ a: '1' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(queue.getState()).toMatchObject({ status: 'error', failures: 1, retryInMs: 1000 });
    expect((queue.getState().lastError as Error).message).toBe('offline');

    const expectedWaits = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
    for (const [i, wait] of expectedWaits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(save).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(save).toHaveBeenCalledTimes(i + 2);
    }
    expect(queue.getState().failures).toBe(8);
    expect(queue.hasUnsavedChanges()).toBe(true);

    goOnline();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(queue.getState()).toMatchObject({
      status: 'saved',
      failures: 0,
      retryInMs: null,
      lastError: null,
    });
    expect(queue.hasUnsavedChanges()).toBe(false);
  });

  it('computes backoff delays', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('sends edits made while waiting to retry with the retry, not on their own debounce', async () => {
    const { save, goOnline } = offlineStore();
    const queue = createAutosaveQueue<Answers>({ save });
    queue.update({ a: '1' });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000); // first retry fails, next wait is 2 s
    expect(save).toHaveBeenCalledTimes(2);
    queue.update({ a: '1 and more' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    goOnline();
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenLastCalledWith({ a: '1 and more' }, { keepalive: false, changed: ['a'] });
    expect(queue.getState().status).toBe('saved');
  });

  it('retries at once when told the network is back', async () => {
    const { save, goOnline } = offlineStore();
    const queue = createAutosaveQueue<Answers>({ save });
    queue.update({ a: '1' });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(queue.getState()).toMatchObject({ failures: 4, retryInMs: 8000 });
    goOnline();
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState().status).toBe('saved');
    const calls = save.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(calls);
  });

  it('flushes a pending change at once, with keepalive when asked', async () => {
    const save = vi.fn(async () => {});
    const queue = createAutosaveQueue<Answers>({ save });
    queue.update({ a: 'leaving' });
    await queue.flush({ keepalive: true });
    expect(save).toHaveBeenCalledWith({ a: 'leaving' }, { keepalive: true, changed: ['a'] });
    expect(queue.hasUnsavedChanges()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    await queue.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('on a keepalive flush during a save, also sends the newest answers', async () => {
    const store = manualStore();
    const queue = createAutosaveQueue<Answers>({ save: store.save });
    queue.update({ a: 'old' });
    await vi.advanceTimersByTimeAsync(1000);
    queue.update({ a: 'newest' });
    const flushed = queue.flush({ keepalive: true });
    expect(store.calls.map((c) => [c.data.a, c.keepalive])).toEqual([
      ['old', false],
      ['newest', true],
    ]);
    store.calls[1]!.resolve();
    await flushed;
    store.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(5000);
    expect(queue.hasUnsavedChanges()).toBe(false);
    expect(store.calls).toHaveLength(2);
  });

  it('a flush during a save waits for it, then saves the newest answers', async () => {
    const store = manualStore();
    const queue = createAutosaveQueue<Answers>({ save: store.save });
    queue.update({ a: 'old' });
    await vi.advanceTimersByTimeAsync(1000);
    queue.update({ a: 'newest' });
    const flushed = queue.flush();
    store.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.calls[1]!.data).toEqual({ a: 'newest' });
    store.calls[1]!.resolve();
    await flushed;
    expect(queue.hasUnsavedChanges()).toBe(false);
  });

  it('keeps the unsaved answers available and stops its timers on dispose', async () => {
    const save = vi.fn(async () => {});
    const queue = createAutosaveQueue<Answers>({ save });
    queue.update({ a: 'x' });
    expect(queue.unsavedData()).toEqual({ a: 'x' });
    queue.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });

  describe('changed fields', () => {
    it('names only the fields edited since the last acknowledged save, a cleared one included', async () => {
      const store = manualStore();
      const queue = createAutosaveQueue<Answers>({ save: store.save });
      queue.update({ company: 'Acme', sector: '' }, ['company']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.calls[0]!.changed).toEqual(['company']);
      store.calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.unsavedFields()).toEqual([]);

      // Without a list, the fields whose value differs from the previous update's: here the cleared one.
      queue.update({ company: '', sector: '' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.calls[1]!.changed).toEqual(['company']);
      expect(store.calls[1]!.data).toEqual({ company: '', sector: '' });
    });

    it('accumulates the fields of failed saves until one is acknowledged', async () => {
      const store = manualStore();
      const queue = createAutosaveQueue<Answers>({ save: store.save });
      queue.update({ a: '1', b: '' }, ['a']);
      await vi.advanceTimersByTimeAsync(1000);
      store.calls[0]!.reject(new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      queue.update({ a: '1', b: '2' }, ['b']);
      await vi.advanceTimersByTimeAsync(1000); // the retry, not the debounce, carries b
      expect(store.calls).toHaveLength(2);
      expect(store.calls[1]!.changed).toEqual(['a', 'b']);
      store.calls[1]!.reject(new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      // The page is hidden while offline: the keepalive flush names every field still unsaved.
      void queue.flush({ keepalive: true });
      expect(store.calls[2]!).toMatchObject({ keepalive: true, changed: ['a', 'b'] });
      store.calls[2]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.unsavedFields()).toEqual([]);
      expect(queue.getState().status).toBe('saved');
    });

    it('forgets the acknowledged fields but not one edited again while the save was in flight', async () => {
      const store = manualStore();
      const queue = createAutosaveQueue<Answers>({ save: store.save });
      queue.update({ a: '1', b: 'x' }, ['a', 'b']);
      await vi.advanceTimersByTimeAsync(1000);
      queue.update({ a: '12', b: 'x' }, ['a']);
      store.calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.unsavedFields()).toEqual(['a']);
      expect(queue.hasUnsavedChanges()).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.calls[1]!.changed).toEqual(['a']);
      expect(store.calls[1]!.data).toEqual({ a: '12', b: 'x' });
    });

    it('drops a forgotten field from the next save, and is clean when it was the only one', async () => {
      const store = manualStore();
      const states: string[] = [];
      const queue = createAutosaveQueue<Answers>({
        save: store.save,
        onStateChange: (s) => states.push(s.status),
      });
      queue.update({ a: 'mine', b: 'b' }, ['a', 'b']);
      queue.forget('a');
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.calls[0]!.changed).toEqual(['b']);
      store.calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);

      queue.update({ a: 'mine again', b: 'b' }, ['a']);
      queue.forget('a');
      expect(queue.hasUnsavedChanges()).toBe(false);
      expect(queue.getState().status).toBe('saved');
      await vi.advanceTimersByTimeAsync(5000);
      expect(store.calls).toHaveLength(1);
      expect(states.at(-1)).toBe('saved');
    });
  });
});

describe('autosave queue over a server that stops answering', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a save with no answer in time is a failed save: never "saved", retried with the newest answers', async () => {
    let answering = false;
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((resolve, reject) => {
            sent.push(JSON.parse(init.body as string));
            if (answering) resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
            else
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const states: AutosaveState[] = [];
    const queue = createAutosaveQueue<Answers>({
      save: (data, { changed }) => api('/api/phase-data', { method: 'POST', body: { data, changed } }),
      onStateChange: (s) => states.push(s),
    });
    queue.update({ idea: 'first' });
    await vi.advanceTimersByTimeAsync(1000 + REQUEST_TIMEOUT_MS);
    expect(queue.getState().status).toBe('error');
    expect(queue.getState().lastError).toBeInstanceOf(RequestTimeoutError);
    expect(states.some((s) => s.status === 'saved')).toBe(false);
    queue.update({ idea: 'second' });
    answering = true;
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(queue.getState().status).toBe('saved');
    expect(sent.at(-1)).toEqual({ data: { idea: 'second' }, changed: ['idea'] });
  });
});
