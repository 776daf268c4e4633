import * as React from 'react';
import { createOpenHolds, type Held, holdWhileOpen, type OpenHolds } from '../lib/open-holds';

/**
 * The dashboard's lists hold still while one of its select lists, menus or team dialogs is open: each
 * says when it opens and closes (`useOpenState`, `useReportOpen`), and the lists it points into show,
 * until everything is closed, what they showed when it opened (`useHeldWhileOpen`). The cache stays
 * current meanwhile, so the lists catch up the moment everything closes, without another request
 * (docs/product.md, The live room).
 */
const OpenHoldsContext = React.createContext<OpenHolds | null>(null);

/** Around the dashboard: its open selects, menus and team dialogs, for the lists below to hold still. */
export function OpenHoldsProvider({ children }: { children: React.ReactNode }) {
  const [holds] = React.useState(createOpenHolds);
  return <OpenHoldsContext value={holds}>{children}</OpenHoldsContext>;
}

function useOpenHolds(): OpenHolds {
  const holds = React.useContext(OpenHoldsContext);
  if (!holds) throw new Error('A dashboard list, menu or dialog outside OpenHoldsProvider');
  return holds;
}

/**
 * Says whether a select list, a menu or a team dialog is open (for a component that keeps its open state
 * itself); closing or unmounting ends it.
 */
export function useReportOpen(open: boolean) {
  const holds = useOpenHolds();
  React.useLayoutEffect(() => (open ? holds.hold() : undefined), [holds, open]);
}

/** The open state of a Radix Select or DropdownMenu, reported: spread it on the root. */
export function useOpenState() {
  const [open, setOpen] = React.useState(false);
  useReportOpen(open);
  return { open, onOpenChange: setOpen };
}

/**
 * `value` held still while anything of the dashboard is open: the value shown when it opened, until
 * everything is closed; then the current one.
 */
export function useHeldWhileOpen<T>(value: T): T {
  const holds = useOpenHolds();
  const anyOpen = React.useSyncExternalStore(holds.subscribe, holds.anyOpen, holds.anyOpen);
  const [held, setHeld] = React.useState<Held<T>>(null);
  const next = holdWhileOpen(held, anyOpen, value);
  // Set while rendering: React renders again at once, before anything is shown.
  if (next !== held) setHeld(next);
  return next ? next.value : value;
}
