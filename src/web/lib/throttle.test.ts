import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once', () => {
    const run = vi.fn();
    throttle(run, 1000)();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('folds a burst into one more run at the end of the interval', () => {
    const run = vi.fn();
    const call = throttle(run, 1000);
    call();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(10);
      call();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(799);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    // Nothing more was asked: nothing more runs.
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never runs twice within the interval over a long stream of calls', () => {
    const run = vi.fn();
    const times: number[] = [];
    run.mockImplementation(() => times.push(Date.now()));
    const call = throttle(run, 1000);
    for (let t = 0; t < 10_000; t += 50) {
      call();
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(1000);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(times.length).toBeGreaterThanOrEqual(10);
  });

  it('runs at once again after a quiet interval, and cancel drops a pending run', () => {
    const run = vi.fn();
    const call = throttle(run, 1000);
    call();
    vi.advanceTimersByTime(1500);
    call();
    expect(run).toHaveBeenCalledTimes(2);
    call();
    call.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
