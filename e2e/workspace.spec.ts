import type { Page } from '@playwright/test';
import { adminApi } from './support/api.ts';
import { createWorkspace, expect, expectNoSideScroll, loginAsAdmin, test } from './support/fixtures.ts';

test.describe('landing page', () => {
  test('shows the hero, features, activities with their names, and no footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Applied GenAI Lab' })).toBeVisible();
    for (const title of ['Modular Activities', 'Cross-Device Access', 'AI-Powered Prompts']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(
      page.getByText('Your progress auto-saves and syncs across devices with a Workspace Code.'),
    ).toBeVisible();
    await expect(page.getByText('Auto-saved • Resume anywhere with your Workspace Code')).toBeVisible();
    const activities = page.locator('#activities li');
    await expect(activities).toHaveCount(8);
    await expect(activities.nth(1)).toContainText('Competitor Matrix (threat scoring)');
    await expect(activities.nth(1)).toContainText('Competitors · Competition Analysis');
    await expect(page.locator('footer')).toHaveCount(0);

    await page.getByRole('button', { name: 'Browse Activities' }).click();
    await expect(page.getByRole('heading', { name: 'The eight activities' })).toBeInViewport();

    await activities.nth(2).getByRole('link').click();
    await expect(page).toHaveURL(/\/phase\/3$/);
  });
});

test.describe('workspace dialog', () => {
  test('create: empty name toast, then created toast with the code, copy, and arrival on a phase', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('No account needed – just remember your code to come back later on any device!'),
    ).toBeVisible();
    await expect(
      dialog.getByText("Keep your Workspace Code private – it's your personal access key."),
    ).toBeVisible();
    await expect(dialog.getByText('Practice mode: progress is not saved')).toBeVisible();

    await dialog.getByRole('button', { name: 'Create My Workspace' }).click();
    await expect(page.getByText('Name required', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please enter your name or an identifier for your workspace.', { exact: true }),
    ).toBeVisible();

    await dialog.getByPlaceholder('How would you like to be known?').fill('  Solar Squad  ');
    await dialog.getByPlaceholder('How would you like to be known?').press('Enter');
    await expect(
      page.getByText('Workspace created. Save this Workspace Code:', { exact: true }),
    ).toBeVisible();
    const code = (await page.getByTestId('created-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}$/);
    await expect(page).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
    await expect(page.getByTestId('workspace-name')).toHaveText('Solar Squad');
    await expect(page.getByTestId('workspace-code')).toHaveText(code);

    // The toast's own button (the Workspace Code card under the header has one too).
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: 'Copy Workspace Code' })
      .click();
    await expect(page.getByText('Workspace Code copied to clipboard.', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const meta = await page.evaluate(() => JSON.parse(localStorage.getItem('workspace_meta') ?? 'null'));
    expect(meta).toMatchObject({ teamCode: code, teamName: 'Solar Squad', version: '1.0' });
  });

  test('open by code: uppercase, 4 characters, not-found toast, welcome back in another browser', async ({
    page,
    browser,
  }) => {
    const code = await createWorkspace(page, 'Robo Builders');

    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(`${process.env.E2E_BASE_URL}/`);
    await second.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    const codeInput = second.getByLabel('Workspace Code');
    await codeInput.fill('');
    await second.getByRole('button', { name: 'Open My Workspace' }).click();
    await expect(second.getByText('Please enter your Workspace Code.', { exact: true })).toBeVisible();

    await codeInput.pressSequentially('zz-z9x');
    await expect(codeInput).toHaveValue('ZZZ9');
    await codeInput.press('Enter');
    await expect(
      second.getByText("That Workspace Code wasn't found. Double-check and try again.", { exact: true }),
    ).toBeVisible();

    await codeInput.fill(code.toLowerCase());
    await expect(codeInput).toHaveValue(code);
    await second.getByRole('button', { name: 'Open My Workspace' }).click();
    await expect(second.getByText('Welcome back, Robo Builders', { exact: true })).toBeVisible();
    await expect(second).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
    await expect(second.getByTestId('workspace-name')).toHaveText('Robo Builders');
    await other.close();
  });

  test('practice mode goes to the phase without a team and does not ask again', async ({ page }) => {
    await page.goto('/phase/2');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Try without saving' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/phase\/2$/);
    await expect(page.getByRole('button', { name: 'Enter/Create Workspace' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toBeHidden();
    // The header names the open activity as the current page, and only that one.
    const nav = page.getByRole('navigation', { name: 'Activities' });
    await expect(nav.getByRole('link', { name: 'Competitors' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
  });
});

test.describe('header', () => {
  test('avatar change saves and shows; the same avatar just closes', async ({ page }) => {
    const code = await createWorkspace(page, 'Avatar Team');
    const trigger = page.getByRole('button', { name: 'Change team avatar' });
    // A new workspace starts with an avatar drawn at random; pick another one.
    const drawn = (await (await page.request.get(`/api/teams/${code}`)).json()).avatarIcon as string;
    const [file, label] = drawn === 'owl.svg' ? ['fox.svg', 'Fox'] : ['owl.svg', 'Owl'];
    await expect(trigger.getByRole('img', { name: / avatar$/ })).toBeVisible();
    await trigger.click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(36);
    await page.getByRole('option', { name: label }).click();
    await expect(
      page.getByText('Your team avatar has been successfully changed.', { exact: true }),
    ).toBeVisible();
    await expect(trigger.getByRole('img', { name: `${label} avatar` })).toBeVisible();

    await trigger.click();
    await expect(page.getByRole('option', { name: label })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('option', { name: label }).click();
    await expect(page.getByRole('listbox', { name: 'Avatars' })).toBeHidden();

    const response = await page.request.get(`/api/teams/${code}`);
    expect((await response.json()).avatarIcon).toBe(file);
  });

  test('account menu: Admin Login when logged out; ending a workspace returns to /', async ({ page }) => {
    await page.goto('/credits');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Login' })).toBeVisible();
    await page.keyboard.press('Escape');

    await createWorkspace(page, 'Leaving Team');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Login' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Open Another Workspace' }).click();
    await expect(
      page.getByText('You can now create a new workspace or open an existing one.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('workspace_meta'))).toBeNull();
    const status = await page.request.get('/api/auth/team/status');
    expect(status.status()).toBe(401);
  });

  test("the header believes the server's session, even without this browser's workspace record", async ({
    page,
  }) => {
    const code = await createWorkspace(page, 'Cookie Only');
    await page.evaluate(() => localStorage.removeItem('workspace_meta'));
    for (const path of ['/', '/credits']) {
      await page.goto(path);
      await expect(page.getByTestId('workspace-code')).toHaveText(code);
      await expect(page.getByTestId('workspace-name')).toHaveText('Cookie Only');
      await expect(page.getByRole('button', { name: 'Enter/Create Workspace' })).toHaveCount(0);
    }
    // The record is written again from the session.
    const meta = await page.evaluate(() => JSON.parse(localStorage.getItem('workspace_meta') ?? 'null'));
    expect(meta).toMatchObject({ teamCode: code, teamName: 'Cookie Only' });
  });

  test('Logout ends the team and the instructor sessions and returns to /', async ({ page }) => {
    await loginAsAdmin(page, { ownSession: true });
    await createWorkspace(page, 'Logging Out');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Enter/Create Workspace' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect((await page.request.get('/api/auth/team/status')).status()).toBe(401);
    expect((await (await page.request.get('/api/auth/admin/status')).json()).isAuthenticated).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('workspace_meta'))).toBeNull();
  });

  test('phone width: compact header and the Navigate to Activity menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/phase/5');
    await page.getByRole('dialog').getByRole('button', { name: 'Try without saving' }).click();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Navigate to Activity' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: /Brief Generation/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSideScroll(page);
  });
});

test.describe('asking for the team session only when one may exist', () => {
  /**
   * Every console message of the page that is an error, and every call to the team session's status; with
   * `fromNextPage`, only those of the page the tab goes to next (what the page already open did once the
   * session ended elsewhere is not the next page's doing).
   */
  function watch(page: Page, { fromNextPage = false } = {}) {
    const errors: string[] = [];
    const statusCalls: string[] = [];
    let recording = !fromNextPage;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) recording = true;
    });
    page.on('console', (message) => {
      if (recording && message.type() === 'error') errors.push(message.text());
    });
    page.on('request', (request) => {
      if (recording && new URL(request.url()).pathname === '/api/auth/team/status')
        statusCalls.push(request.url());
    });
    return { errors, statusCalls };
  }

  test('a fresh visitor: no console error and no status call on the landing page and an activity page', async ({
    page,
  }) => {
    const seen = watch(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Applied GenAI Lab' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.goto('/phase/1');
    await expect(page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.errors).toEqual([]);
    expect(seen.statusCalls).toEqual([]);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('genai_team_hint');
  });

  test('logout in another tab: this tab finds no workspace on its next page, and asks nothing', async ({
    page,
  }) => {
    const code = await createWorkspace(page, 'Two Tabs');
    const other = await page.context().newPage();
    await other.goto('/credits');
    await expect(other.getByTestId('workspace-code')).toHaveText(code);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();

    const seen = watch(other, { fromNextPage: true });
    await other.goto('/');
    await expect(other.getByRole('button', { name: 'Enter/Create Workspace' }).first()).toBeVisible();
    await other.waitForLoadState('networkidle');
    expect(seen.statusCalls).toEqual([]);
    expect(seen.errors).toEqual([]);
    await other.close();
  });

  test('a session ended on the server: the next page asks, finds none, and from then on asks nothing', async ({
    page,
  }) => {
    const code = await createWorkspace(page, 'Ended Elsewhere');
    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const seen = watch(page);
    const admin = await adminApi();
    const rotated = await admin.post(`/api/admin/teams/${team.id}/rotate-code`);
    expect(rotated.ok(), `${rotated.status()} ${await rotated.text()}`).toBe(true);
    await admin.dispose();

    await page.goto('/credits');
    await expect(page.getByRole('button', { name: 'Enter/Create Workspace' })).toBeVisible();
    // Refused (401), the session's cookies and the local record go.
    await expect
      .poll(async () => (await page.context().cookies()).map((c) => c.name))
      .not.toContain('genai_team_hint');
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('genai_team');
    expect(await page.evaluate(() => localStorage.getItem('workspace_meta'))).toBeNull();
    const asked = seen.statusCalls.length;
    expect(asked).toBeGreaterThan(0);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(seen.statusCalls).toHaveLength(asked);
  });
});

test.describe('static pages and routing', () => {
  test('credits, privacy, 404, and the footer on every path but /', async ({ page }) => {
    await page.goto('/credits');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Credits');
    await expect(page.getByText('Twemoji').first()).toBeVisible();
    await expect(page.locator('footer')).toContainText('Powered by');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('footer')).toHaveCount(0);

    await page.goto('/privacy');
    await expect(page.getByText('Effective June 12, 2025')).toBeVisible();
    await expect(page.getByText(/under 13/).first()).toBeVisible();
    await expect(page.locator('footer').getByRole('link', { name: 'Credits' })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    await page.goto('/phase/9');
    await expect(page.getByRole('heading', { name: 'Phase Not Found' })).toBeVisible();
    await expect(page.getByText('Please select a valid phase between 1 and 8.')).toBeVisible();
  });

  test('a secure link with ?token= logs the team in and the parameter leaves the URL', async ({
    page,
    browser,
  }) => {
    const code = await createWorkspace(page, 'Token Team');
    const team = await (await page.request.get(`/api/teams/${code}`)).json();

    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(`${process.env.E2E_BASE_URL}/phase/1?team_id=${code}&token=${team.accessToken}`);
    await expect(second).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
    await expect(second.getByTestId('workspace-name')).toHaveText('Token Team');
    const status = await second.request.get('/api/auth/team/status');
    expect(status.status()).toBe(200);

    // A bad token is ignored silently.
    const third = await (await browser.newContext()).newPage();
    await third.goto(`${process.env.E2E_BASE_URL}/?token=not-a-real-token`);
    await expect(third.getByRole('heading', { level: 1, name: 'Applied GenAI Lab' })).toBeVisible();
    await expect(third).toHaveURL(/token=not-a-real-token/);
    await other.close();
  });
});
