import { countdownShows, paceMillisPastEnd } from '@shared/schemas/pace';
import * as React from 'react';
import type { HeldPace } from '@/lib/pace-cache';

/**
 * The countdown's milliseconds left, by the server's clock, ticking each second; undefined without a
 * countdown, or once "Time is up" has shown for `TIME_UP_SHOWN_MS` (the countdown then leaves the screens:
 * `shownPace`). 0 from its end until then ("Time is up").
 */
export function useTimeLeft(held: HeldPace | undefined): number | undefined {
  const endsAt = held?.pace.endsAt ?? null;
  const left = React.useCallback(() => {
    if (!held || !endsAt) return undefined;
    const past = paceMillisPastEnd(endsAt, held.now, held.receivedAt, Date.now());
    return countdownShows(past) ? Math.max(0, -past) : undefined;
  }, [held, endsAt]);
  const [millis, setMillis] = React.useState(left);
  React.useEffect(() => {
    setMillis(left());
    if (!endsAt) return;
    const timer = setInterval(() => {
      const now = left();
      setMillis(now);
      if (now === undefined) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [left, endsAt]);
  return millis;
}
