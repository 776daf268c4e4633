import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, apiContext, apiTeam, createCohort, createTeams, uniqueName } from './support/api.ts';
import { expect, loginAsAdmin, openAsTeam, practice, test } from './support/fixtures.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('story');

/*
 * One story in the room (docs/product.md; docs/decisions/049-one-story-in-the-room.md): progress reads one
 * way on the team's page and the dashboard, the board puts a team where its open page is, practice mode says
 * so, the required banner guides before it warns, the instructor's header and prompt reading are the
 * instructor's, the room names an activity as its page does with the number first, and an activity page
 * never gives its content back to a spinner.
 */

type Field = { id: string; type: string; required?: boolean; options?: { value: string }[] };

/** Every required field of the standard's activity `phase` answered, as the done rule counts them. */
async function requiredAnswers(api: APIRequestContext, phase: number): Promise<Record<string, string>> {
  const config = (await (await api.get(`/api/configs/phase-${phase}`)).json()) as { fields: Field[] };
  return Object.fromEntries(
    config.fields
      .filter((field) => field.required)
      .map((field) => [
        field.id,
        field.options?.length ? field.options[0]!.value : field.type === 'color' ? '#1e90ff' : 'Answered',
      ]),
  );
}

/**
 * What is on screen from the first paint (installed before any of the page's scripts): when the activity's
 * heading first shows, and whether a loading spinner ("Loading …", the spinners' spoken label) shows after
 * it. Read back with `flashRecord`.
 */
function recordFirstPaint(page: Page) {
  return page.addInitScript(() => {
    const record = { contentSeen: false, spinnerAfterContent: [] as string[] };
    (window as unknown as { __firstPaint: typeof record }).__firstPaint = record;
    const look = () => {
      const heading = document.querySelector('main h1');
      if (heading?.textContent?.trim()) record.contentSeen = true;
      if (!record.contentSeen) return;
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent?.trim() ?? '';
        if (text.startsWith('Loading')) record.spinnerAfterContent.push(text);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', look);
  });
}

async function flashRecord(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __firstPaint: { contentSeen: boolean; spinnerAfterContent: string[] } })
        .__firstPaint,
  );
}

test.describe('one story', () => {
  test('an activity page that shows its content never gives it back to a spinner, in practice mode too', async ({
    page,
  }) => {
    await practice(page, 1);
    await recordFirstPaint(page);
    for (let phase = 1; phase <= 8; phase++) {
      await page.goto(`/phase/${phase}`);
      await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const record = await flashRecord(page);
      expect(record.contentSeen, `activity ${phase} showed its heading`).toBe(true);
      expect(record.spinnerAfterContent, `activity ${phase}: a spinner after the content`).toEqual([]);
    }
  });

  test("progress reads the same on the team's page and the dashboard, and the board puts the team where its page is open", async ({
    page,
    browser,
  }) => {
    const [team] = await createTeams(await adminApi(), [uniqueName('Story Lynx')]);
    const teamTab = await openAsTeam(browser, team!, { path: '/phase/1' });
    const device = teamTab.page;
    // Activity 1 answered in full; nothing saved further on.
    const data = await requiredAnswers(device.request, 1);
    const saved = await device.request.post('/api/phase-data', {
      data: { teamId: team!.id, phaseNumber: 1, data, changed: Object.keys(data) },
    });
    expect(saved.ok()).toBe(true);
    await device.reload();
    await expect(device.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    await expect(device.getByTestId('activities-done')).toHaveText('1 of 8 activities done');
    await expect(device.getByTestId('phase-progress')).toHaveText('Progress 0/8 (0%)');
    await expect(device.getByTestId('progress-means')).toHaveText(
      '(counts the activities before activity 1, the furthest the team has saved in)',
    );
    // The drawn segments are the activities done.
    await expect(device.getByRole('list', { name: 'Activities' }).getByText('Activity 1: done')).toHaveCount(
      1,
    );
    await shot(device, 'team-page-1280');
    await device.setViewportSize({ width: 375, height: 800 });
    await expect(device.getByTestId('activities-done')).toBeVisible();
    await shot(device, 'team-page-375');
    await device.setViewportSize({ width: 1280, height: 720 });
    // The team opens activity 4 and saves nothing there yet.
    await device.goto('/phase/4');
    await expect(device.getByRole('heading', { level: 1, name: 'Hero Concept Design' })).toBeVisible();

    await loginAsAdmin(page);
    await page.getByLabel('Search').fill(team!.name);
    const row = page.getByRole('row', { name: new RegExp(team!.name) });
    await expect(row.getByTestId('team-activities-done')).toHaveText('1 of 8 activities done');
    await expect(row.getByTestId('team-progress-figure')).toHaveText('Progress 0/8 (0%)');
    await shot(page, 'dashboard-1280');

    await page.getByRole('button', { name: 'Board', exact: true }).click();
    const boardRow = page.getByTestId('progress-board').locator(`[data-team="${team!.name}"]`);
    await expect(boardRow.locator('[data-phase="4"]')).toHaveAttribute('data-now', 'page');
    await expect(boardRow.locator('[data-phase="1"]')).toHaveAttribute('data-cell', 'done');
    await expect(boardRow.getByTestId('board-done')).toContainText('1/8');

    // The team's page closes: the board, live, says where it last saved.
    await teamTab.close();
    await expect(boardRow.locator('[data-phase="1"]')).toHaveAttribute('data-now', 'saved');
    await expect(boardRow.locator('[data-now]')).toHaveCount(1);
  });

  test('practice mode says so at the top, and the menus say why activities are missing', async ({ page }) => {
    await practice(page, 2);
    const banner = page.getByTestId('practice-banner');
    await expect(banner).toContainText('Practice mode: progress is not saved');
    await expect(banner).toContainText('Your answers stay in this browser only');
    await expectAboveHeading(page, banner);
    const allActivities = page.getByTestId('all-activities-link');
    await expect(allActivities).toBeVisible();
    await expect(allActivities).toHaveAccessibleName(
      /Listed here: the activities with answers and the one open/,
    );
    await shot(page, 'practice-1280');
    await allActivities.click();
    await expect(page).toHaveURL(/\/#activities$/);
    await expect(page.locator('#activities')).toBeInViewport();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/phase/2');
    await expect(banner).toBeVisible();
    await shot(page, 'practice-375');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigate to Activity' });
    await expect(sheet.getByTestId('partial-list-note')).toContainText(
      'Listed here: the activities with answers and the one open. Every activity is on the home page.',
    );
  });

  test('the required-fields banner guides while the team answers, and is the error once it asks to go on', async ({
    page,
  }) => {
    await practice(page, 6);
    const banner = page.getByTestId('required-banner');
    await expect(banner).toHaveCount(0);
    await page.getByLabel('Company name', { exact: true }).fill('Lynx Toys');
    await expect(banner).toHaveAttribute('data-state', 'guidance');
    await expect(banner).toContainText('Please complete all required fields to continue.');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please complete all required fields' }),
    ).toHaveCount(0);
    const guidanceColour = await banner.evaluate((el) => getComputedStyle(el).color);
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(banner).toHaveAttribute('data-state', 'error');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please complete all required fields' }),
    ).toBeVisible();
    expect(await banner.evaluate((el) => getComputedStyle(el).color)).not.toBe(guidanceColour);
  });

  test('the room names an activity as its page does, number first: the pace menu, the banner, the board and the room screen', async ({
    page,
    browser,
  }) => {
    const admin = await adminApi();
    const cohortName = uniqueName('Story room');
    const tag = await createCohort(admin, cohortName);
    const { team } = await apiTeam(admin, tag, uniqueName('Story Fox'));
    expect((await admin.patch(`/api/admin/cohorts/${tag}/pace`, { data: { phase: 2 } })).ok()).toBe(true);

    const device = await openAsTeam(browser, team, { path: '/phase/2' });
    const heading = (await device.page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(heading).toBe('Competition Analysis');
    await expect(device.page.getByTestId('pace-now')).toHaveText(`Now: Activity 2 · ${heading}`);
    await expect(
      device.page.getByRole('navigation', { name: 'Activities' }).getByRole('link').first(),
    ).toHaveText(/^2\. Competitors$/);

    await loginAsAdmin(page);
    await page.goto('/admin?tab=cohorts');
    const panel = page.getByTestId('pace-panel').filter({ hasText: cohortName });
    await expect(panel).toContainText(`Now: Activity 2 · ${heading}`);
    await panel.getByRole('button', { name: /Pace the room/ }).click();
    await page.getByLabel('Now: activity').click();
    await expect(page.getByRole('option', { name: `Activity 2: ${heading}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.goto('/admin');
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    await expect(page.getByTestId('progress-board').getByTitle(`Activity 2: ${heading}`)).toBeVisible();

    await page.goto(`/admin/cohorts/${tag}/room`);
    await expect(page.getByTestId('room-pace-now')).toContainText('Now: Activity 2');
    await expect(page.getByTestId('room-pace-now')).toContainText(heading);
    await device.close();
  });

  test("the instructor's pages have the instructor's header, and a team's prompt reads as the team sees it", async ({
    page,
  }) => {
    const api = await adminApi();
    const [team] = await createTeams(api, [uniqueName('Story Owl')]);
    const teamApi = await apiContext();
    const login = await teamApi.post('/api/auth/team/login', { data: { access_token: team!.accessToken } });
    expect(login.ok()).toBe(true);
    const saved = await teamApi.post('/api/phase-data', {
      data: { teamId: team!.id, phaseNumber: 1, data: { sector: 'bicycles' }, changed: ['sector'] },
    });
    expect(saved.ok()).toBe(true);

    await loginAsAdmin(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Activities' }).getByRole('link')).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Enter/Create Workspace' })).toHaveCount(0);

    // From the first paint, the prompt never shows as raw Markdown.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __rawMarkdown: string[] }).__rawMarkdown = seen;
      new MutationObserver(() => {
        for (const preview of document.querySelectorAll('[data-testid="prompt-preview"]')) {
          if (/(^|\n)#{1,6} /.test(preview.textContent ?? '')) seen.push('heading marks');
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`/admin/teams/${team!.id}/work`);
    await expect(header.getByRole('button', { name: 'Enter/Create Workspace' })).toHaveCount(0);
    const preview = page.getByTestId('prompt-preview').first();
    await expect(preview.getByRole('heading', { name: /Market research brief/ })).toBeVisible();
    await expect(preview).not.toContainText('# Market research brief');
    await expect(preview).not.toContainText('## Role');
    expect(
      await page.evaluate(() => (window as unknown as { __rawMarkdown: string[] }).__rawMarkdown),
    ).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin');
    await page.getByLabel('Search').fill(team!.name);
    const card = page.locator('[data-testid="team-progress"]:visible');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('team-progress-figure')).toHaveText('Progress 0/8 (0%)');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-375');
    await teamApi.dispose();
  });
});

/** The element sits above the activity's heading. */
async function expectAboveHeading(page: Page, element: ReturnType<Page['getByTestId']>) {
  const box = await element.boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(box && heading && box.y + box.height <= heading.y).toBe(true);
}
