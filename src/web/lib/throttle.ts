/**
 * Runs `run` at most once per `intervalMs`: the first call at once, calls within the interval folded into
 * one at its end (so the last change is never lost). `cancel()` drops a pending run.
 */
export function throttle(
  run: () => void,
  intervalMs: number,
  timers: {
    now: () => number;
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  } = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
) {
  let last = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;
  const fire = () => {
    pending = null;
    last = timers.now();
    run();
  };
  const call = () => {
    if (pending !== null) return;
    const wait = last + intervalMs - timers.now();
    if (wait <= 0) fire();
    else pending = timers.setTimeout(fire, wait);
  };
  call.cancel = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  return call;
}
