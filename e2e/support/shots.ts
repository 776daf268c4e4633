import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots for a person to look at, taken only when SHOTS_DIR names a folder (SHOTS_DIR=/tmp/shots):
 * `shotsNamed('day')` gives a `shot(page, name)` that writes `day-<name>.png` there. A page wider than a
 * phone is taken whole, a phone's as the phone shows it (what is in view), unless `fullPage` says otherwise;
 * a locator is taken as it is on screen.
 */
export function shotsNamed(prefix: string, { fullPage }: { fullPage?: boolean } = {}) {
  return async (target: Page | Locator, name: string) => {
    const dir = process.env.SHOTS_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const path = `${dir}/${prefix}-${name}.png`;
    if (!('goto' in target)) {
      await target.screenshot({ path });
      return;
    }
    await target.screenshot({ path, fullPage: fullPage ?? (target.viewportSize()?.width ?? 0) > 400 });
  };
}
