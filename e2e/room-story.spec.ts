import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import {
  expect,
  expectAtWindowBottom,
  expectNoSideScroll,
  openAsTeam,
  settledBoxes,
  test,
} from './support/fixtures.ts';
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

  test('the pace banner arrives without moving the page and stays in view while it scrolls', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const tag = await createCohort(admin, uniqueName('Sticky Room'));
    const member = await apiTeam(admin, tag, uniqueName('Kestrel'));
    // The pace is set before the team's page opens: the banner arrives seconds after the page, on its stream.
    const paced = await admin.patch(`/api/admin/cohorts/${tag}/pace`, {
      data: { phase: 2, minutes: 10, message: 'Competitors first, then the price table' },
    });
    expect(paced.status()).toBe(200);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const team = await openAsTeam(browser, member.team, { path: '/', viewport });
      // Every layout shift of the page from its first frame, and the moment the banner first came.
      await team.page.addInitScript(() => {
        const record = window as unknown as { shifts: { value: number; at: number }[]; bannerAt?: number };
        record.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            record.shifts.push({ value: entry.value, at: entry.startTime });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver(() => {
          if (record.bannerAt === undefined && document.querySelector('[data-testid="pace-banner"]')) {
            record.bannerAt = performance.now();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await team.page.goto('/phase/2');
      const banner = team.page.getByTestId('pace-banner');
      await expect(banner.getByTestId('pace-message')).toHaveText('Competitors first, then the price table');
      const form = team.page.getByRole('form', { name: 'Decision Box' });
      await settledBoxes([banner, form]);
      const measured = await team.page.evaluate(() => {
        const record = window as unknown as { shifts: { value: number; at: number }[]; bannerAt?: number };
        return { shifts: record.shifts, bannerAt: record.bannerAt };
      });
      expect(measured.bannerAt, 'the banner came after the page').toBeGreaterThan(0);
      const after = measured.shifts.filter((shift) => shift.at >= measured.bannerAt!);
      expect(after, 'layout shifts from the banner on').toEqual([]);
      await expectAtWindowBottom(banner);
      await shot(team.page, `pace-top-${viewport.width}`);

      // Scrolled to the end: the banner is still in view, and the page's last line clear of it.
      await team.page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expectAtWindowBottom(banner);
      const footer = team.page.locator('footer');
      await settledBoxes(
        [banner, footer],
        ([bar, end]) => end!.y + end!.height <= bar!.y + 0.5,
        'the end clear',
      );
      await expectNoSideScroll(team.page);
      await shot(team.page, `pace-scrolled-${viewport.width}`);
      await team.close();
    }
    await member.api.dispose();
    await admin.dispose();
  });
});
