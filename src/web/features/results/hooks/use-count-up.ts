import * as React from 'react';
import { CELEBRATION, countUpValue } from '../lib/reveal-choreography';

/**
 * A number that counts up from 0 to `target` with easing once `running` turns on (default 1.5 s). With
 * `instant` (reduced motion) the target shows at once.
 */
export function useCountUp(
  target: number,
  {
    running,
    instant = false,
    durationMs = CELEBRATION.countUpMs,
  }: {
    running: boolean;
    instant?: boolean;
    durationMs?: number;
  },
): number {
  const [value, setValue] = React.useState(running && instant ? target : 0);

  React.useEffect(() => {
    if (!running) {
      setValue(0);
      return;
    }
    if (instant || typeof requestAnimationFrame === 'undefined') {
      setValue(target);
      return;
    }
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const elapsed = now - started;
      setValue(countUpValue(target, elapsed, durationMs));
      if (elapsed < durationMs) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, running, instant, durationMs]);

  // Reduced motion: the number itself, in the very render its place appears.
  if (instant) return running ? target : 0;
  return value;
}
