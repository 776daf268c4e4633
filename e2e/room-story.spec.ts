import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminApi, createCohort, uniqueName } from './support/api.ts';
import { expect, expectNoSideScroll, test } from './support/fixtures.ts';
import { instructorContext, watchedPage } from './support/live-room.ts';

/** Screenshots for review go here when SHOTS_DIR is set (e.g. SHOTS_DIR=/tmp/shots). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/room-${name}.png` });
}

test.describe('the room reads one story', () => {
  test("a laptop joins from the projector: it types the room screen's short address and code, and its new team gets the Workspace Code card", async ({
    browser,
  }) => {
    const admin = await adminApi();
    const name = uniqueName('Typed Room');
    const tag = await createCohort(admin, name);

    // The projector: the room screen at 1920x1080, presented.
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    const { page: screen, errors: screenErrors } = await watchedPage(instructor);
    await screen.goto(`/admin/cohorts/${tag}/room`);
    await screen.getByRole('button', { name: 'Present' }).click();
    const join = screen.getByTestId('room-join');
    await expect(join.getByTestId('join-qr')).toBeVisible();
    const address = (await join.getByTestId('room-join-address').textContent())!.trim();
    const shown = (await join.getByTestId('room-join-code').textContent())!.trim();
    expect(address).toBe(`${new URL(process.env.E2E_BASE_URL!).host}/join`);
    expect(shown).toMatch(/^[ACDEFGHJKMNPRTWX]{3} [ACDEFGHJKMNPRTWX]{3}$/);
    // Read from the back of the room: the code is large on the projector, and the QR code carries the same.
    const codeSize = await join
      .getByTestId('room-join-code')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(codeSize).toBeGreaterThanOrEqual(60);
    await expect(join.getByTestId('join-qr').locator('title')).toHaveText(
      new RegExp(`/join/${shown.replace(' ', '')}$`),
    );
    await shot(screen, 'screen-1920');

    // A laptop of a team with no workspace yet types what it read, as a person would (lower case).
    const laptop = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const page = await laptop.newPage();
    const laptopErrors: string[] = [];
    page.on('pageerror', (error) => laptopErrors.push(error.message));
    await page.goto(`http://${address}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Join a cohort' })).toBeVisible();
    // A mistyped code is said at once, before any workspace is made.
    await page.getByLabel('Room code').fill('KXM');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "That is not a room code: it has 6 letters, like KXM RTA. Check it on the room's screen.",
    );
    await page.getByLabel('Room code').fill(shown.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/join/${shown.replace(' ', '')}$`));
    await page.getByRole('button', { name: 'Open Your Workspace' }).click();
    const teamName = uniqueName('Typists');
    await page.getByPlaceholder('How would you like to be known?').fill(teamName);
    await page.getByRole('button', { name: 'Create My Workspace' }).click();

    // Its new team lands on the join page with the Workspace Code card, as any new team does.
    const card = page.getByTestId('workspace-code-card');
    await expect(card).toBeVisible();
    const teamCode = (await card.getByTestId('workspace-code-card-code').textContent())!.trim();
    expect(teamCode).toMatch(/^[A-Z0-9]{4}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Join cohort ${name}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Join cohort' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `You joined ${name}` })).toBeVisible();
    await expect(card).toBeVisible();
    await shot(page, 'joined-laptop');
    const teams = (await (await admin.get('/api/teams')).json()) as {
      name: string;
      cohortTag: string | null;
    }[];
    expect(teams.find((t) => t.name === teamName)?.cohortTag).toBe(tag);

    // The same screen on a phone-sized window still shows the way in whole.
    await screen.keyboard.press('Escape');
    await screen.setViewportSize({ width: 375, height: 740 });
    await expect(screen.getByTestId('room-join-code')).toBeVisible();
    await expectNoSideScroll(screen);
    await shot(screen, 'screen-375');

    expect(screenErrors).toEqual([]);
    expect(laptopErrors).toEqual([]);
    await laptop.close();
    await instructor.close();
    await admin.dispose();
  });
});
