import { readFileSync } from 'node:fs';
import type { Route } from '@playwright/test';
import { adminApi, createCohort, createTeams, uniqueName, uniqueTag } from './support/api.ts';
import {
  chooseOption,
  createWorkspace,
  E2E_ADMIN,
  expect,
  expectNoSideScroll,
  forgiveConsoleErrors,
  loginAsAdmin,
  settledBoxes,
  test,
} from './support/fixtures.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('admin', { fullPage: false });

test.describe('instructor dashboard', () => {
  test('Access Denied for a visitor, with the way to the login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText('Admin access required. Please log in with admin credentials.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to Admin Login' }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test('before the day, the empty Cohorts tab says to create the cohort first and show its join code on the projector', async ({
    page,
  }) => {
    // An instructor with no cohort yet (other tests' cohorts share this server: the list is answered empty).
    await page.route('**/api/admin/cohorts', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.continue(),
    );
    await loginAsAdmin(page);
    await page.getByRole('tab', { name: /Cohorts/ }).click();
    await expect(page.getByText('No active cohorts', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Create the cohort above before the day starts, then show its join code on the projector (its Room screen) so teams join as they arrive. Move a team later from the Participants tab.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/activities 4-5/)).toHaveCount(0);
    await shot(page, 'cohorts-empty-1280');

    // The instructions say the same, first.
    await page.getByRole('button', { name: 'Instructions' }).click();
    const steps = page.getByRole('dialog', { name: 'How to run a cohort' }).getByRole('listitem');
    await expect(steps.nth(0).getByRole('heading')).toHaveText('Create the cohort before the day starts');
    await expect(steps.nth(1).getByRole('heading')).toHaveText('Show its join code on the projector');
    await expect(steps.nth(2).getByRole('heading')).toHaveText('Move teams if you need to');
    await shot(page, 'instructions-1280');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSideScroll(page);
    await page.getByText('No active cohorts', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'cohorts-empty-375');
  });

  test('login: missing fields, a failed attempt, then success to the dashboard tabs', async ({ page }) => {
    await page.goto('/admin-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Missing fields', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter both username and password.', { exact: true })).toBeVisible();

    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid credentials', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
    const participants = page.getByRole('tab', { name: /Participants/ });
    const cohorts = page.getByRole('tab', { name: /Cohorts/ });
    await expect(participants).toHaveAttribute('aria-selected', 'true');
    await cohorts.click();
    await expect(cohorts).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Active cohorts', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Archived cohorts', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Instructions' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to run a cohort' });
    // Teams join by the code on the projector at the start of the day: the cohort is there before they are.
    await expect(
      dialog.getByRole('heading', { name: 'Create the cohort before the day starts' }),
    ).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Show its join code on the projector' })).toBeVisible();
    await expect(dialog).not.toContainText('activities 4-5');
    // The programme's time and two sample schedules, added up from the activities' step times.
    await expect(dialog.getByRole('heading', { name: 'Plan the time' })).toBeVisible();
    await expect(dialog).toContainText(
      /The eight activities take \d+ h( \d+ min)? to \d+ h( \d+ min)? of class time/,
    );
    for (const name of ['One-day bootcamp', 'Two half-days']) {
      await expect(dialog.getByRole('heading', { name })).toBeVisible();
    }
    // Activity 8 in each running order, and in each one's homework (what does not fit the day), with its due time.
    await expect(dialog.getByText('Activity 8: Website Builder Guide')).toHaveCount(4);
    await expect(dialog.getByRole('heading', { name: 'Homework · after the day' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Homework · before half-day 2' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Signed in already: the login page goes straight to the dashboard.
    await page.goto('/admin-login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('creates a cohort, rolls a failed toggle back, assigns teams, archives and restores', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const prefix = uniqueName('Rollback');
    const teams = await createTeams(request, [`${prefix} Alpha`, `${prefix} Beta`]);
    const tag = uniqueTag('e2e');
    const cohortName = uniqueName('Cohort');

    await loginAsAdmin(page);
    await page.getByRole('tab', { name: /Cohorts/ }).click();
    const create = page.getByRole('button', { name: 'Create Cohort' });
    await expect(create).toBeDisabled();
    await page.getByLabel('Tag').fill('Bad Tag!');
    await page.getByLabel('Name', { exact: true }).fill(cohortName);
    await expect(page.getByText(/Not a valid tag/)).toBeVisible();
    await expect(create).toBeDisabled();
    await page.getByLabel('Tag').fill(tag);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Cohort created', { exact: true })).toBeVisible();

    // The card's buttons are pressed from the keyboard: the cohort lists are newest first and live, so a
    // cohort that another test creates (or archives) meanwhile moves this card, and a pointer's click
    // aimed at where it was lands on another card. Focus follows the button wherever it goes.
    const card = page.getByTestId(`cohort-${tag}`);
    await expect(card.getByRole('heading', { name: cohortName, exact: true })).toBeVisible();
    const competition = card.getByRole('switch', { name: 'Competition' });
    await expect(competition).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByRole('switch', { name: 'Voting' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /Showcase/ })).toHaveAttribute('href', `/showcase/${tag}`);
    await expect(card.getByRole('link', { name: /Results/ })).toHaveAttribute('href', `/results/${tag}`);

    await competition.press('Enter');
    const voting = card.getByRole('switch', { name: 'Voting' });
    await expect(voting).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByTestId('voting-state')).toHaveText('Closed');
    await expect(card.getByTestId('results-state')).toHaveText('Hidden');
    await expect(card.getByTestId('ballot-progress')).toHaveText('0 of 0 teams voted');

    // The server refuses: the switch flips at once, then goes back with the failure toast.
    await page.route('**/api/admin/cohorts/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'boom' }),
          })
        : route.continue(),
    );
    await voting.press('Enter');
    await expect(page.getByText('Failed to update cohort', { exact: true })).toBeVisible();
    await expect(page.getByText('boom', { exact: true })).toBeVisible();
    await expect(voting).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByTestId('voting-state')).toHaveText('Closed');
    forgiveConsoleErrors(consoleErrors, /status of 500/);
    await page.unroute('**/api/admin/cohorts/*');

    await voting.press('Enter');
    await expect(card.getByTestId('voting-state')).toHaveText('Open');
    const stored = await (await page.request.get(`/api/cohorts/${tag}`)).json();
    expect(stored).toMatchObject({ competitionEnabled: true, votingOpen: true, resultsVisible: false });

    // Assign both teams from the Participants tab.
    await page.getByRole('tab', { name: /Participants/ }).click();
    await page.getByLabel('Search').fill(prefix);
    await expect(page.getByText('Showing 2 of')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all shown teams' }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Assign to cohort' }), cohortName);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText('Participants assigned', { exact: true })).toBeVisible();
    for (const team of teams) {
      const row = page.getByRole('row', { name: new RegExp(team.name) });
      await expect(row).toContainText(cohortName);
      // Voting is open and there is no website yet.
      await expect(row).toContainText('Needs Submission');
    }

    await chooseOption(page, page.getByRole('combobox', { name: 'Cohort', exact: true }), cohortName);
    await page.getByLabel('Search').fill('');
    await expect(page.getByText('Showing 2 of')).toBeVisible();

    await page.getByRole('tab', { name: /Cohorts/ }).click();
    await expect(card.getByTestId('ballot-progress')).toHaveText('0 of 2 teams voted');
    await card.getByRole('button', { name: /Archive/ }).press('Enter');
    await expect(page.getByText('Cohort archived', { exact: true })).toBeVisible();
    await expect(card.getByText('Archived', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: /Restore/ }).press('Enter');
    await expect(page.getByText('Cohort restored', { exact: true })).toBeVisible();
    await expect(card.getByRole('switch', { name: 'Competition' })).toBeVisible();
  });

  test('a select keeps its options still while open: a reading landing mid-click does not take the click', async ({
    page,
    request,
  }) => {
    // Names with a leading digit come first among the cohort filter's cohorts, so both are in view.
    const admin = await adminApi();
    const target = uniqueName('0 Target');
    const tags = [await createCohort(admin, target)];
    try {
      await createTeams(request, [uniqueName('Still')]);
      await loginAsAdmin(page);
      const filter = page.getByRole('combobox', { name: 'Cohort', exact: true });
      await expect(filter).toBeVisible();

      // A team joins: the dashboard reads its lists again; the cohorts' answers are held until the list is
      // open (every reading: a newer one replaces an older one still on its way).
      const held: Route[] = [];
      await page.route('**/api/admin/cohorts', async (route) => {
        if (route.request().method() === 'GET') held.push(route);
        else await route.continue();
      });
      await createTeams(request, [uniqueName('Still')]);
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await filter.click();
      await expect(page.locator('[role="listbox"]:focus-within')).toHaveCount(1);

      // The instructor presses on the cohort; before the release, the held answers land with a new cohort
      // whose name sorts just ahead of it (the Cohorts tab's count shows the last one was taken in).
      await page.getByRole('option', { name: target }).hover();
      await page.mouse.down();
      tags.push(await createCohort(admin, uniqueName('0 Ahead')));
      let count = 0;
      for (const route of held) {
        const response = await route.fetch();
        count = ((await response.json()) as unknown[]).length;
        await route.fulfill({ response });
      }
      await expect(page.locator('[role="tab"]', { hasText: 'Cohorts' })).toHaveText(
        new RegExp(`Cohorts\\s*${count}$`),
      );
      await page.mouse.up();

      await expect(page.getByRole('listbox')).toHaveCount(0);
      await expect(filter).toContainText(target);
    } finally {
      for (const tag of tags) expect((await admin.post(`/api/admin/cohorts/${tag}/archive`)).ok()).toBe(true);
      await admin.dispose();
    }
  });

  test("a team's menu holds the list still while open; the list catches up from what it read once it closes", async ({
    page,
    request,
  }) => {
    const prefix = uniqueName('Held');
    const [alpha, beta] = [`${prefix} Alpha`, `${prefix} Beta`];
    await createTeams(request, [alpha]);
    await loginAsAdmin(page);
    await page.getByLabel('Search').fill(prefix);
    await expect(page.getByRole('row', { name: new RegExp(alpha) })).toBeVisible();

    // The team list's readings, seen as they pass; once `holding`, they get no answer.
    let lastRead: { name: string }[] = [];
    let holding = false;
    await page.route('**/api/teams', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (holding) return;
      const response = await route.fetch();
      lastRead = await response.json();
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: `Actions for ${alpha}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();

    // Another team joins while the menu is open: the dashboard reads its list again and the reading lands
    // (the Participants tab counts it), yet the list behind the menu does not change.
    await createTeams(request, [beta]);
    const participantsTab = page.locator('[role="tab"]', { hasText: 'Participants' });
    await expect
      .poll(
        async () =>
          lastRead.some((t) => t.name === beta) &&
          new RegExp(`Participants\\s*${lastRead.length}$`).test((await participantsTab.textContent()) ?? ''),
      )
      .toBe(true);
    await expect(menu).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(beta) })).toHaveCount(0);

    // Closed, the list shows what was read, without reading again.
    holding = true;
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(beta) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(alpha) })).toBeVisible();
    // A reading the handler is still fetching when the test ends would fail the run outside any test.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('downloads the progress CSV', async ({ page, request }) => {
    const name = uniqueName('Csv, "Quoted"');
    const [team] = await createTeams(request, [name]);
    await loginAsAdmin(page);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^team-progress-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText('Download Started', { exact: true })).toBeVisible();
    const text = readFileSync((await download.path())!, 'utf8');
    expect(
      text.startsWith('\uFEFFTeam Code,Team Name,Cohort Tag,Cohort Name,Current Activity,Progress %'),
    ).toBe(true);
    expect(text).toContain(`\r\n${team!.code},"${name.replaceAll('"', '""')}",,,1,0,`);
  });

  test('shows the server message when the export fails', async ({ page, consoleErrors }) => {
    await loginAsAdmin(page);
    await page.route('**/api/admin/export', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Try later' }),
      }),
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('Export failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Try later', { exact: true })).toBeVisible();
    forgiveConsoleErrors(consoleErrors, /status of 503/);
  });

  test('phone width: teams as cards, no sideways scrolling', async ({ page, request }) => {
    const name = uniqueName('Phone');
    await createTeams(request, [name]);
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAsAdmin(page);
    await page.getByLabel('Search').fill(name);
    await expect(page.getByTestId('team-card')).toHaveCount(1);
    await expect(page.getByRole('table')).toBeHidden();
    await expectNoSideScroll(page);
  });
});

test.describe('header for an instructor', () => {
  test('Switch Team leaves the team workspace, keeps the admin session, and opens the workspace dialog', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await createWorkspace(page, uniqueName('Visited'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch Team' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' })).toBeVisible();
    expect((await page.request.get('/api/auth/team/status')).status()).toBe(401);
    expect((await (await page.request.get('/api/auth/admin/status')).json()).isAuthenticated).toBe(true);
  });
});

test.describe('header for an instructor with no workspace open', () => {
  // The Dashboard button once covered the activity bar's More menu at 1280 px: no click reached it.
  for (const { width, inBar, firstInMenu } of [
    {
      width: 1280,
      inBar: ['1. Market Research', '2. Competitors', '3. Background Research'],
      firstInMenu: '4. Hero Concept Design',
    },
    { width: 1024, inBar: ['1. Market Research', '2. Competitors'], firstInMenu: '3. Background Research' },
  ]) {
    test(`at ${width} px the More menu opens, clear of the buttons beside it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAsAdmin(page);
      await page.goto('/');
      const bar = page.getByRole('navigation', { name: 'Activities' });
      const more = bar.getByRole('button', { name: 'More' });
      const dashboard = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
      const workspace = page.getByRole('banner').getByRole('button', { name: 'Enter/Create Workspace' });
      // The pre-rendered header is a first visitor's; the instructor's (with Dashboard) follows once the
      // data layer has asked who is signed in. Measure that one.
      await expect(dashboard).toBeVisible();
      await expect(bar.getByRole('link')).toHaveText(inBar);
      await expect(workspace).toBeVisible();
      // The menu's own trigger (Radix) replaces its stand-in once the menus have loaded: measure that one.
      await expect(more).toHaveAttribute('data-menu', 'more');
      await settledBoxes(
        [more, dashboard, workspace],
        ([m, d, w]) => m!.x + m!.width <= d!.x && m!.x + m!.width <= w!.x,
        'More ends before the buttons on its right start',
      );
      // A real click (Playwright refuses one that another element would take).
      await more.click();
      const items = page.getByRole('menuitem');
      await expect(items).toHaveCount(8 - inBar.length);
      await expect(items.first()).toHaveText(firstInMenu);
      await page.getByRole('menuitem', { name: '6. Implementation' }).click();
      await expect(page).toHaveURL(/\/phase\/6$/);
    });
  }
});

test.describe('dashboard screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to seed 30 teams and write /tmp/shots/admin-*.png');

  test('30 teams in 3 cohorts at 1280 and 375 px', async ({ page, request }) => {
    const login = await request.post('/api/auth/admin/login', { data: E2E_ADMIN });
    expect(login.ok()).toBe(true);
    const run = Date.now().toString(36);
    const cohorts = [
      { tag: `spring-${run}`, name: 'Spring Bootcamp', description: 'Tuesday and Thursday evenings' },
      { tag: `summer-${run}`, name: 'Summer Intensive', description: 'Two-week full-time sprint' },
      { tag: `execs-${run}`, name: 'Executive Programme', description: '' },
    ];
    for (const c of cohorts) {
      expect((await request.post('/api/admin/cohorts', { data: c })).status()).toBe(201);
    }
    await request.patch(`/api/admin/cohorts/${cohorts[0]!.tag}`, { data: { competitionEnabled: true } });
    await request.patch(`/api/admin/cohorts/${cohorts[0]!.tag}`, { data: { votingOpen: true } });
    await request.patch(`/api/admin/cohorts/${cohorts[1]!.tag}`, { data: { competitionEnabled: true } });

    const words = [
      'Solar',
      'Quantum',
      'Maple',
      'Nimbus',
      'Copper',
      'Aurora',
      'Pixel',
      'Harbor',
      'Zoë',
      'Atlas',
    ];
    const kinds = ['Squad', 'Labs', 'Collective', 'Builders', 'Studio', 'Ventures'];
    const avatars = ['owl.svg', 'fox.svg', 'panda.svg', null, 'lion.svg', 'bee.svg'];
    const teams = [];
    for (let i = 0; i < 30; i++) {
      const [team] = await createTeams(request, [`${words[i % 10]} ${kinds[i % 6]} ${i + 1}`]);
      teams.push(team!);
      const avatar = avatars[i % avatars.length];
      if (avatar) await request.patch(`/api/teams/${team!.id}/avatar`, { data: { avatarIcon: avatar } });
      for (let phase = 1; phase <= (i % 8) + 1; phase++) {
        if (phase === 3 && i % 2) continue;
        await request.post('/api/phase-data', {
          data: { teamId: team!.id, phaseNumber: phase, data: { company_name: `Company ${i}` } },
        });
      }
      if (i % 4 === 0) {
        await request.patch(`/api/teams/${team!.id}/website`, {
          data: { websiteUrl: `${words[i % 10]!.toLowerCase().replace('ë', 'e')}-${i}.example.com` },
        });
      }
    }
    for (let c = 0; c < 3; c++) {
      const ids = teams.slice(c * 10, c * 10 + 9).map((t) => t.id);
      await request.post(`/api/admin/cohorts/${cohorts[c]!.tag}/teams`, { data: { teamIds: ids } });
    }

    await loginAsAdmin(page);
    await expect(page.getByText(teams[29]!.name).first()).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/admin-participants-1280.png', fullPage: true });
    await page.getByRole('tab', { name: /Cohorts/ }).click();
    await expect(page.getByRole('heading', { name: 'Spring Bootcamp' }).first()).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/admin-cohorts-1280.png', fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: /Participants/ }).click();
    await page.screenshot({ path: '/tmp/shots/admin-participants-375.png', fullPage: true });
    await page.screenshot({ path: '/tmp/shots/admin-participants-375-top.png' });
    await page.evaluate(() => window.scrollTo(0, 640));
    await page.screenshot({ path: '/tmp/shots/admin-participants-375-cards.png' });
    await page.getByRole('tab', { name: /Cohorts/ }).click();
    await page.screenshot({ path: '/tmp/shots/admin-cohorts-375.png', fullPage: true });
    await page.screenshot({ path: '/tmp/shots/admin-cohorts-375-top.png' });
    await page.getByRole('heading', { name: 'Active cohorts', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/admin-cohorts-375-list.png' });
  });
});
