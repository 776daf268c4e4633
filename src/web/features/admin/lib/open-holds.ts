/**
 * Which of the dashboard's select lists, menus and team dialogs are open: each open one holds a token,
 * and the dashboard's lists hold still while any is held (`hooks/use-held-while-open.tsx`). One per
 * dashboard, gone with it.
 */
export function createOpenHolds() {
  const holds = new Set<symbol>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    anyOpen: (): boolean => holds.size > 0,
    /**
     * Something opened; the function returned says it closed (once, however often it is called).
     * Listeners hear only the change between nothing open and something open.
     */
    hold: (): (() => void) => {
      const token = Symbol('open');
      holds.add(token);
      if (holds.size === 1) notify();
      return () => {
        if (holds.delete(token) && holds.size === 0) notify();
      };
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type OpenHolds = ReturnType<typeof createOpenHolds>;

/** A value held still: kept in a box, so a held `undefined` or `null` is still held. */
export type Held<T> = { value: T } | null;

/**
 * What a list shows, given what it held: nothing held while nothing is open (it shows `value`, the
 * current one); once something opens, the value it showed then, kept until everything is closed (also
 * while one open thing hands over to another, a menu to its dialog). Returns `held` itself when that
 * does not change.
 */
export function holdWhileOpen<T>(held: Held<T>, anyOpen: boolean, value: T): Held<T> {
  if (!anyOpen) return null;
  return held ?? { value };
}
