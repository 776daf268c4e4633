import { createStore, useStore } from '@/lib/store';

/**
 * A secure link's `?token=` that arrived while another workspace was open in this browser: held, not used,
 * until the person answers "Switch workspace?" (switch: log in with it; stay: drop it).
 */
const held = createStore<string | null>(null);

export function holdLinkToken(token: string | null): void {
  held.set(token);
}

export function heldLinkToken(): string | null {
  return held.get();
}

export function useHeldLinkToken(): string | null {
  return useStore(held, () => null);
}
