import * as React from 'react';

/**
 * A first visit to a pre-rendered page is hydrated (main.tsx). On an activity page, that visitor first
 * meets the workspace dialog, which covers the page: the activity's body cannot be used until the dialog
 * is answered. Hydrating it meanwhile is the largest part of the page's start-up work, so the body keeps
 * its pre-rendered HTML, as it is, until the page releases it (a workspace or practice mode chosen, or the
 * dialog closed); React then adopts it at low priority, or at once for a click on it.
 */

let held = false;
let releaseHeld: () => void = () => {};
const released = new Promise<void>((resolve) => {
  releaseHeld = resolve;
});

/** Called once, before hydrating a first visit. */
export function holdDeferredHydration(): void {
  held = true;
}

/** The held parts may now be adopted. Idempotent; a page that was never held is unaffected. */
export function releaseDeferredHydration(): void {
  held = false;
  releaseHeld();
}

/**
 * Keeps its children's pre-rendered HTML until released, while hydrating a first visit; renders them as
 * usual otherwise (on the server, on a later visit, after the release). The boundary's fallback never
 * shows: a boundary still being hydrated keeps its HTML instead.
 */
export function DeferredHydration({ children }: { children: React.ReactNode }) {
  return (
    <React.Suspense fallback={null}>
      <Held>{children}</Held>
    </React.Suspense>
  );
}

const subscribeNever = () => () => {};

/** True only while React adopts server HTML (the server's snapshot); false for a page rendered afresh. */
export function useHydrating(): boolean {
  return React.useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

function Held({ children }: { children: React.ReactNode }) {
  // A page reached inside the app is not held.
  const hydrating = useHydrating();
  if (held && hydrating) React.use(released);
  return children;
}
