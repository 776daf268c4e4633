import * as React from 'react';
import { Button } from '@/components/ui/button';

export type PendingMenu = 'account' | 'mobile' | 'more' | 'avatar';

/**
 * A menu clicked before its code has arrived: remembered here and opened as soon as it mounts, so a quick
 * click is never lost while the header's menus load after the first paint.
 */
let pending: PendingMenu | null = null;

export function requestOpen(menu: PendingMenu): void {
  pending = menu;
}

/**
 * The open state of a menu that may have been clicked before it mounted. The request is read while
 * rendering but only cleared once the menu is on screen: React may render a component more than once before
 * showing it (a transition restarted), and a request consumed by a render that is thrown away would be lost.
 * A click that lands between that render and the menu appearing opens it too.
 */
export function usePendingOpen(menu: PendingMenu): [boolean, (open: boolean) => void] {
  const [open, setOpen] = React.useState(() => pending === menu);
  React.useEffect(() => {
    if (pending !== menu) return;
    pending = null;
    setOpen(true);
  }, [menu]);
  return [open, setOpen];
}

/** Looks like the real trigger; a click before the menus arrive is remembered and opens them on arrival. */
export function PendingTrigger({
  menu,
  children,
  ...props
}: React.ComponentProps<typeof Button> & { menu: PendingMenu }) {
  return (
    // Radix triggers open on pointer down, so the request is taken then too: if the real trigger replaces
    // this one between pointer down and click, the menu still opens when it mounts.
    <Button {...props} onPointerDown={() => requestOpen(menu)} onClick={() => requestOpen(menu)}>
      {children}
    </Button>
  );
}
