import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The page as it is now has no serious or critical axe violation (axe's default rules), read once every
 * animation that ends has ended: a colour or an opacity half-way through a fade (an accordion that opens, a
 * banner that rises) is not the page a person reads, yet axe would measure its contrast.
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until the page's animations and transitions have settled: two frames in a row with no finite one
 * running (one can start as another ends: a toast arriving as a dialog opens). A spinner's endless turn is
 * left alone.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        );
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let calm = 0; calm < 2; ) {
      const animations = running();
      if (animations.length === 0) {
        calm += 1;
        await frame();
        continue;
      }
      calm = 0;
      await Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
    }
  });
}
