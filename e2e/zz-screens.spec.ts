import type { Page } from '@playwright/test';
import { teamOnDevices } from './support/collaboration.ts';
import { expect, test } from './support/fixtures.ts';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('screenshots of presence and the note', async ({ browser }) => {
  test.setTimeout(60_000);
  const { devices, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1', '/phase/3']);
  const [a, b] = devices.map((d) => d.page) as [Page, Page];
  await field(b, 'Company name').fill('Bee Labs');
  await expect(b.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await field(a, 'Company name').fill('Alpha Labs');
  await expect(a.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await expect(b.locator('[data-remote-note="company_name"]')).toBeVisible();
  for (const width of [1280, 375]) {
    await b.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await field(b, 'Company name').focus();
    await b.getByTestId('presence').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await b.evaluate(() => window.scrollBy(0, -80));
    await b.screenshot({ path: `docs/screenshots/live-sync-${width}.png` });
  }
  await close();
});
