import * as React from 'react';

/** The time now, moving on by itself: waiting times read from it. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = React.useState(() => new Date());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
