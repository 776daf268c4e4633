import type { Locator } from '@playwright/test';
import { finishMarketResearch } from './support/activities.ts';
import { createWorkspace, expect, expectNoSideScroll, test } from './support/fixtures.ts';
import { field } from './support/form.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('day-flow', { fullPage: false });

/**
 * The day's flow for a team: its new Workspace Code handed over in a card that stays until dismissed, an
 * activity finished (its required fields answered) showing "Done" on its page, in the header's menus and on
 * the landing grid, and the way on to the next activity not done; each activity's tab named for it.
 */

test('a team finishes activity 1, sees it done everywhere, and is sent on to activity 2', async ({
  page,
}) => {
  const code = await createWorkspace(page, 'Flow Finishers');
  await expect(page).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
  await expect(page).toHaveTitle('Activity 1: Market Research · Applied GenAI Lab');
  await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');

  // Not done yet: no mark, and the way on is the next activity.
  await expect(page.getByTestId('activity-done')).toHaveCount(0);
  await expect(page.getByTestId('activities-done')).toHaveText('0 of 8 activities done');
  await expect(page.getByTestId('way-on')).toContainText('Next: Activity 2 — Competition Analysis');
  // Every activity has a step-by-step workflow: the numbered instructions would only repeat it.
  await expect(page.getByRole('heading', { name: 'Instructions', exact: true })).toHaveCount(0);

  // One move from the top of the page to the form's first field.
  await page.getByRole('link', { name: 'Go to the form' }).click();
  await expect(field(page, 'Company name')).toBeFocused();

  await finishMarketResearch(page);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByTestId('activity-done')).toHaveText('Done');
  await expect(page.getByTestId('activities-done')).toHaveText('1 of 8 activities done');
  // The specification's progress figure stays what it was.
  await expect(page.getByTestId('phase-progress')).toHaveText('Progress 0/8 (0%)');

  await page.getByRole('button', { name: 'Check my answers' }).click();
  await expect(
    page.getByText(
      'Everything required is answered: this activity is done. Your next step is at the end of the page.',
    ),
  ).toBeVisible();

  // The header's bar marks it done.
  const nav = page.getByRole('navigation', { name: 'Activities' });
  await expect(nav.getByRole('link', { name: /Market Research/ }).getByLabel('Done')).toBeVisible();

  // The way on leads to activity 2.
  const wayOn = page.getByTestId('way-on');
  await expect(wayOn).toContainText('This activity is done.');
  await wayOn.getByRole('link', { name: /Next: Activity 2/ }).click();
  await expect(page).toHaveURL(new RegExp(`/phase/2\\?team_id=${code}$`));
  await expect(page).toHaveTitle('Activity 2: Competition Analysis · Applied GenAI Lab');
  await expect(page.getByTestId('activity-done')).toHaveCount(0);
  // From activity 2 the next not done is activity 3 (activity 1 is done).
  await expect(page.getByTestId('way-on')).toContainText('Next: Activity 3 — Background Research');

  // The landing grid marks activity 1, and only it.
  await page.goto(`/?team_id=${code}`);
  await expect(page.getByTestId('activity-1-done')).toHaveText('Done');
  await expect(page.getByTestId('activity-2-done')).toHaveCount(0);

  // The phone menu marks it too.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Navigate to Activity' });
  await expect(sheet.getByRole('link', { name: /Market Research/ }).getByLabel('Done')).toBeVisible();
});

test('the new Workspace Code stays in a card until dismissed, with a copy button and a QR code', async ({
  page,
}) => {
  const code = await createWorkspace(page, 'Code Keepers');
  const card = page.getByTestId('workspace-code-card');
  await expect(card).toHaveAttribute('data-size', 'whole');
  await expect(card.getByTestId('workspace-code-card-code')).toHaveText(code);
  await expect(card).toContainText("For your team's members only");
  await expect(card.locator('svg title')).toHaveText("QR code of your workspace's link");

  await card.getByRole('button', { name: 'Copy Workspace Code' }).click();
  await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // It stays across a reload and on other pages of the workspace, as a one-line reminder that still copies...
  await page.reload();
  await expect(card).toHaveAttribute('data-size', 'compact');
  await expect(card.getByTestId('workspace-code-card-code')).toHaveText(code);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await card.getByRole('button', { name: 'Copy Workspace Code' }).click();
  await expect(card.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await page.goto(`/?team_id=${code}`);
  await expect(card).toBeVisible();

  // ...until dismissed, for good.
  await card.getByRole('button', { name: 'Dismiss the Workspace Code card' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The eight activities' })).toBeVisible();
  await expect(card).toHaveCount(0);
});

/** The card is in the page's flow: nothing of the page sits under it (read at one moment, scrolling or not). */
async function expectInFlow(card: Locator) {
  const where = await card.evaluate((el) => ({
    position: getComputedStyle(el).position,
    cardBottom: el.getBoundingClientRect().bottom,
    mainTop: document.getElementById('main')!.getBoundingClientRect().top,
  }));
  expect(where.position).not.toMatch(/fixed|sticky/);
  expect(where.mainTop, 'the page starts below the card').toBeGreaterThanOrEqual(where.cardBottom);
}

for (const [width, height] of [
  [1280, 800],
  [375, 740],
] as const) {
  test(`at ${width} px the new code is in view where the workspace arrives, then a one-line reminder on later pages`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height });
    const card = page.getByTestId('workspace-code-card');

    // Created from the landing page: the page arrives at /?team_id=CODE, which scrolls to the activities
    // for a workspace opened by its code; a new one stays with its card, heading focused.
    await page.goto('/');
    await page.getByRole('main').getByRole('button', { name: 'Enter/Create Workspace' }).click();
    await page.getByPlaceholder('How would you like to be known?').fill(`Card Readers ${width}`);
    await page.getByRole('button', { name: 'Create My Workspace' }).click();
    const code = (await page.getByTestId('created-code').textContent())!.trim();
    await expect(page).toHaveURL(new RegExp(`/\\?team_id=${code}$`));
    await expect(card.getByRole('heading', { name: 'Your Workspace Code' })).toBeFocused();
    await expect(card.getByTestId('workspace-code-card-code')).toBeInViewport();
    await expect(card.getByTestId('workspace-code-card-code')).toHaveText(code);
    await expect(card).toHaveAttribute('data-size', 'whole');
    await expectNoSideScroll(page);
    await shot(page, `card-whole-${width}`);

    // The next page: a reminder of one line, well under 80 px, that covers nothing.
    await page
      .getByRole('region', { name: 'The eight activities' })
      .getByRole('link', { name: /Open activity/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
    await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    // (A link followed from far down a page keeps the scroll: the top of the new page is where the card is.)
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(card).toBeInViewport();
    await expect(card).toHaveAttribute('data-size', 'compact');
    await expect(card.getByTestId('workspace-code-card-code')).toHaveText(code);
    await expect(card.getByRole('button', { name: 'Copy Workspace Code' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Dismiss the Workspace Code card' })).toBeVisible();
    expect((await card.boundingBox())!.height).toBeLessThan(64);
    await expectInFlow(card);
    await expectNoSideScroll(page);
    await shot(page, `card-compact-${width}`);
    // Back on the page it arrived at, and after a reload: still the reminder, and the page is left alone.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/\\?team_id=${code}$`));
    await expect(card).toHaveAttribute('data-size', 'compact');
    await page.reload();
    await expect(card).toHaveAttribute('data-size', 'compact');
    await expectInFlow(card);

    // Created from the header far down a page: the workspace arrives at activity 1, and the page comes up
    // to the card rather than staying where it was scrolled.
    const other = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width, height },
    });
    const second = await other.newPage();
    await second.goto('/');
    await second.getByRole('heading', { name: 'The eight activities' }).scrollIntoViewIfNeeded();
    await second.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await second.getByRole('banner').getByRole('button', { name: 'Enter/Create Workspace' }).click();
    await second.getByPlaceholder('How would you like to be known?').fill(`Scrolled Readers ${width}`);
    await second.getByRole('button', { name: 'Create My Workspace' }).click();
    await expect(second).toHaveURL(/\/phase\/1\?team_id=/);
    const secondCard = second.getByTestId('workspace-code-card');
    await expect(secondCard.getByRole('heading', { name: 'Your Workspace Code' })).toBeFocused();
    await expect(secondCard.getByTestId('workspace-code-card-code')).toBeInViewport();
    // Still so once the activity has loaded under it.
    await expect(second.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    await expect(secondCard.getByRole('heading', { name: 'Your Workspace Code' })).toBeFocused();
    await expect(secondCard.getByTestId('workspace-code-card-code')).toBeInViewport();
    await shot(second, `card-whole-from-header-${width}`);
    await other.close();
  });
}

test("each activity's pre-rendered page carries its own title", async ({ request }) => {
  const html = await (await request.get('/phase/3')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<title>Activity 3: Background Research · Applied GenAI Lab</title>');
});
