import { paceMillisLeft } from '@shared/schemas/pace';
import * as React from 'react';
import type { HeldPace } from '@/lib/pace-cache';

/**
 * The countdown's milliseconds left, by the server's clock, ticking each second while it runs; undefined
 * without a countdown. 0 once it has ended ("Time is up").
 */
export function useTimeLeft(held: HeldPace | undefined): number | undefined {
  const endsAt = held?.pace.endsAt ?? null;
  const left = React.useCallback(
    () => (held && endsAt ? paceMillisLeft(endsAt, held.now, held.receivedAt, Date.now()) : undefined),
    [held, endsAt],
  );
  const [millis, setMillis] = React.useState(left);
  React.useEffect(() => {
    setMillis(left());
    if (!endsAt) return;
    const timer = setInterval(() => {
      const now = left();
      setMillis(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [left, endsAt]);
  return millis;
}
