import type { Page } from '@playwright/test';
import { createWorkspace, expect, forgiveConsoleErrors, test } from './support/fixtures.ts';
import { saveStatus } from './support/form.ts';

/**
 * Failure, the browser's side: while the server answers saves with 503 (its answer when the
 * database is down), the page keeps the unsaved answers, says it is offline and retrying, and saves them once
 * the server recovers, without the user doing anything.
 */

const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly.' };

/** The browser logs the 503s itself; these tests cause them on purpose. */
const REFUSED_SAVE = /Failed to load resource: the server responded with a status of 503/;

/**
 * Makes the saves (POST /api/phase-data and of the shared facts) answer 503 until the returned function is
 * called; counts the refusals.
 */
async function databaseDown(page: Page): Promise<{ refused: () => number; restore: () => Promise<void> }> {
  let refused = 0;
  const pattern = /\/api\/(phase-data|teams\/[^/]+\/facts)$/;
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    refused += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(UNAVAILABLE) });
  });
  return { refused: () => refused, restore: () => page.unroute(pattern) };
}

test.describe('saving while the database is down', () => {
  test('unsaved answers stay in the page across a soft navigation and are saved once the server recovers', async ({
    page,
    consoleErrors,
  }) => {
    const code = await createWorkspace(page, 'Outage Survivors');
    const company = page.getByLabel('Company name', { exact: true });
    await expect(company).toBeVisible();

    const outage = await databaseDown(page);
    await company.fill('Kept Through 503');
    await expect(saveStatus(page)).toHaveText('Offline – will retry');
    await expect(saveStatus(page)).toHaveAttribute('data-status', 'error');
    // An edit during the outage rides on the next retry.
    await page.getByLabel('Target region', { exact: true }).fill('Portugal');
    await expect.poll(outage.refused).toBeGreaterThanOrEqual(2);

    // Away and back inside the app (no reload): the page shows the unsaved answers, not the older saved ones.
    await page.evaluate(() => {
      (window as unknown as { softNavigationMarker: boolean }).softNavigationMarker = true;
    });
    await page.getByRole('link', { name: 'Credits' }).click();
    await expect(page).toHaveURL(/\/credits$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
    await expect(company).toHaveValue('Kept Through 503');
    await expect(page.getByLabel('Target region', { exact: true })).toHaveValue('Portugal');
    expect(
      await page.evaluate(
        () => (window as unknown as { softNavigationMarker?: boolean }).softNavigationMarker,
      ),
    ).toBe(true);
    await expect(saveStatus(page)).toHaveText('Offline – will retry');

    // The server recovers: the scheduled retry (no `online` event, no user action) saves the newest answers.
    await outage.restore();
    await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved');
    await expect(saveStatus(page)).toContainText('Saved');

    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const { facts } = await (await page.request.get(`/api/teams/${team.id}/facts`)).json();
    expect(facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'company_name', value: 'Kept Through 503' }),
        expect.objectContaining({ id: 'target_region', value: 'Portugal' }),
      ]),
    );
    forgiveConsoleErrors(consoleErrors, REFUSED_SAVE);
  });

  // The app keeps a workspace's unsaved answers in memory only (localStorage holds practice answers alone), so a
  // reload while saves are refused would lose them. What protects them is the browser's "leave page?" prompt
  // and a last keepalive save on pagehide. (Playwright cannot route keepalive requests sent while a page
  // unloads, so that last save reaches the real server here and is not asserted on.)
  test('reloading with answers the server refused asks before leaving', async ({ page, consoleErrors }) => {
    await createWorkspace(page, 'Reload Testers');
    const company = page.getByLabel('Company name', { exact: true });
    await expect(company).toBeVisible();
    await databaseDown(page);
    await company.fill('Unsaved Before Reload');
    await expect(saveStatus(page)).toHaveText('Offline – will retry');

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await expect(company).toBeVisible();
    forgiveConsoleErrors(consoleErrors, REFUSED_SAVE);
  });
});
