import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, REQUEST_TIMEOUT_MS, RequestTimeoutError } from './api-client';

/** A server that takes the request and never answers: the fetch resolves only if its signal aborts. */
function silentServer() {
  const seen: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          seen.push(init);
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
  );
  return seen;
}

describe('a call that never answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fails with RequestTimeoutError after its time, so the page can say so and retry', async () => {
    silentServer();
    const call = api('/api/phase-data', { method: 'POST', body: { a: 1 } });
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toBe('The server did not answer in time.');
  });

  it("keeps the caller's own abort an abort, not a timeout", async () => {
    silentServer();
    const controller = new AbortController();
    const call = api('/api/teams', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    const error = await call;
    expect(error).not.toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an answer in time is the answer; a refusal is an ApiError as before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"message":"No."}', { status: 403, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const error = await api('/api/teams').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('No.');
  });
});
