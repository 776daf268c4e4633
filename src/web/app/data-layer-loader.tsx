import * as React from 'react';
import { useHydrating } from '@/lib/deferred-hydration';
import { type Preloadable, preloadable } from '@/lib/preloadable';
import { createStore } from '@/lib/store';

/**
 * Loading the data layer (app/data-layer.tsx, docs/decisions/033-the-shell-and-the-data-layer.md): once,
 * when the first part that needs it asks. The first route's code carries only this.
 */
type DataLayer = typeof import('./data-layer');

const loaded = createStore<DataLayer | undefined>(undefined);
let loading: Promise<DataLayer> | undefined;

export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('./data-layer').then(
    (module) => {
      loaded.set(module);
      return module;
    },
    (error: unknown) => {
      // Not reached (offline, or a deploy replaced the chunk): the next part that asks tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The data layer once it has loaded; a page rendered ahead of time (and adopted) starts without it. Its
 * arrival is a transition: what waited for it (the data layer's hosts, the pace slot, the session's queries)
 * renders in slices between which the browser handles input, not in one long task as a first visit starts
 * (a store read with `useSyncExternalStore` re-renders at once; docs/PERFORMANCE.md, "The landing page's
 * blocking time").
 */
export function useDataLayer(): DataLayer | undefined {
  const hydrating = useHydrating();
  const [layer, setLayer] = React.useState(() => (hydrating ? undefined : loaded.get()));
  React.useEffect(() => {
    const follow = () => {
      const now = loaded.get();
      // Once set, the module never changes: nothing more to follow.
      if (now !== undefined) React.startTransition(() => setLayer(now));
    };
    follow();
    return loaded.subscribe(follow);
  }, []);
  return layer;
}

let hurry: () => void = () => {};
const hurried = new Promise<void>((resolve) => {
  hurry = resolve;
});

/** Someone reaches for a part that waits for the browser to be idle (a menu's button): load it now. */
export function loadIdlePartsNow(): void {
  hurry();
}

/** Resolves once the browser is idle (or after `timeoutMs`), at once where there is no browser. */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
}

/**
 * A part loaded on demand that reads server state: its code and the data layer load together, and it
 * renders inside the data layer's provider. `idle`: it may wait for the browser to be idle first, or until
 * `loadIdlePartsNow` (the header's menus: their pre-rendered buttons stay until then).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props
export function lazyWithData<C extends React.ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  { idle = false }: { idle?: boolean } = {},
): Preloadable<C> {
  return preloadable(async () => {
    if (idle) await Promise.race([whenIdle(), hurried]);
    const [{ default: Part }, { DataProvider }] = await Promise.all([load(), loadDataLayer()]);
    const Inner = Part as React.ComponentType<React.ComponentProps<C>>;
    // biome-ignore lint/correctness/noComponentHookFactories: made once, when the part has loaded, never per render
    function WithData(props: React.ComponentProps<C>) {
      return (
        <DataProvider>
          <Inner {...props} />
        </DataProvider>
      );
    }
    return { default: WithData as unknown as C };
  });
}
