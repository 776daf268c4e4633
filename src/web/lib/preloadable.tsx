import * as React from 'react';

/**
 * A part loaded on demand, like `React.lazy`, that can also be loaded ahead of its first render
 * (`preload()`). Once loaded, a part rendered afresh renders at once instead of suspending for a moment (a
 * lazy part suspends on its first render however early its code arrived, and its boundary's spinner would
 * replace a page already on screen: docs/decisions/049-one-story-in-the-room.md). An instance keeps the kind
 * it started with, so a part never remounts when its code arrives.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props
export type Preloadable<C extends React.ComponentType<any>> = React.ComponentType<React.ComponentProps<C>> & {
  preload(): Promise<unknown>;
};

// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props
export function preloadable<C extends React.ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): Preloadable<C> {
  let loaded: C | undefined;
  let loading: Promise<{ default: C }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Not reached (offline, or a deploy replaced the chunk): the next render tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = React.lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, never per render
  function Part(props: React.ComponentProps<C>) {
    const [Ready] = React.useState(() => loaded);
    const Shown = (Ready ?? Lazy) as React.ComponentType<React.ComponentProps<C>>;
    return <Shown {...props} />;
  }
  return Object.assign(Part, { preload });
}
