import * as React from 'react';

/**
 * A secure link's `?token=` that arrived while another workspace was open in this browser: held, not used,
 * until the person answers "Switch workspace?" (switch: log in with it; stay: drop it).
 */
let held: string | null = null;
const listeners = new Set<() => void>();

export function holdLinkToken(token: string | null): void {
  if (held === token) return;
  held = token;
  for (const listener of listeners) listener();
}

export function heldLinkToken(): string | null {
  return held;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useHeldLinkToken(): string | null {
  return React.useSyncExternalStore(subscribe, heldLinkToken, () => null);
}
