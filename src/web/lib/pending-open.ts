export type PendingMenu = 'account' | 'mobile' | 'more' | 'avatar';

/**
 * A menu clicked before its code has arrived: remembered here and opened as soon as it mounts, so a quick
 * click is never lost while the header's menus load after the first paint.
 */
let pending: PendingMenu | null = null;

export function requestOpen(menu: PendingMenu): void {
  pending = menu;
}

export function takePendingOpen(menu: PendingMenu): boolean {
  if (pending !== menu) return false;
  pending = null;
  return true;
}
