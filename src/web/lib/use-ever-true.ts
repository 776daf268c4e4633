import * as React from 'react';

/** True from the first render where `value` is true onwards: mounts a lazily loaded overlay for good. */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = React.useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
