import * as React from 'react';

/**
 * A select's options, held as they were when its list opened until it closes; spread `selectProps` on the
 * `Select`. The dashboard reads its lists again as the room works, and a reading already on its way when
 * a list opens lands while it is open (the live refresh only waits for lists opened before it starts). A
 * cohort added or removed there moved the options under the pointer between a press and its release: the
 * release fell on a neighbour, which takes no release it did not see pressed, so the click chose nothing
 * and the list stayed open. Held, the list a person aims at is the list they click.
 */
export function useHeldWhileOpen<T>(options: T) {
  const [held, setHeld] = React.useState<{ options: T } | null>(null);
  return {
    options: held ? held.options : options,
    selectProps: {
      open: held !== null,
      onOpenChange: (open: boolean) => setHeld(open ? { options } : null),
    },
  };
}
