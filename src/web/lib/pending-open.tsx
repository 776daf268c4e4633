import * as React from 'react';
import { Button } from '@/components/ui/button';

export type PendingMenu = 'account' | 'mobile' | 'more' | 'avatar';

/**
 * A menu clicked before its code has arrived: remembered here and opened as soon as it mounts, so a quick
 * click is never lost while the header's menus load after the first paint.
 */
let pending: PendingMenu | null = null;
/** The menus on screen with their code: a press on one of those is theirs to handle. */
const live = new Set<PendingMenu>();

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
    live.add(menu);
    if (pending === menu) {
      pending = null;
      setOpen(true);
    }
    return () => {
      live.delete(menu);
    };
  }, [menu]);
  return [open, setOpen];
}

/**
 * A press on a menu's pre-rendered button before its code has arrived (React has not adopted that part of
 * the page yet, so the button has no handler): remembered as a click on a PendingTrigger is. The real
 * triggers carry `data-menu`. Returns whether a menu was asked for.
 */
export function requestOpenFromPress(target: EventTarget | null): boolean {
  const menu =
    target instanceof Element ? target.closest<HTMLElement>('[data-menu]')?.dataset.menu : undefined;
  if (menu !== 'account' && menu !== 'mobile' && menu !== 'more' && menu !== 'avatar') return false;
  if (live.has(menu)) return false;
  requestOpen(menu);
  return true;
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
