import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './support/fixtures.ts';

type ApiTeam = { id: string; code: string; name: string; accessToken: string };

/** Screenshots for review go here when SHOTS_DIR is set (e.g. SHOTS_DIR=/tmp/shots). */
async function shot(target: Page | Locator, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/showcase-${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Tags and names unique to one test: every spec shares one app, in parallel. */
function uniqueTag(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/auth/admin/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  return admin;
}

async function createCohort(admin: APIRequestContext, tag: string, name: string) {
  const response = await admin.post('/api/admin/cohorts', { data: { tag, name } });
  expect(response.status()).toBe(201);
}

async function setSwitch(
  admin: APIRequestContext,
  tag: string,
  name: 'competitionEnabled' | 'votingOpen' | 'resultsVisible',
  value: boolean,
) {
  const response = await admin.patch(`/api/admin/cohorts/${tag}`, { data: { [name]: value } });
  expect(response.status()).toBe(200);
}

/** A team with its own API session (cookie jar), assigned to the cohort. */
async function apiTeam(baseURL: string, admin: APIRequestContext, tag: string, name: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const created = await api.post('/api/teams', { data: { name } });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as ApiTeam;
  const assigned = await admin.post(`/api/admin/cohorts/${tag}/teams`, { data: { teamIds: [team.id] } });
  expect(assigned.ok()).toBe(true);
  return { api, team };
}

async function openAsTeam(browser: Browser, baseURL: string, team: ApiTeam, path: string) {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The secure link logs the team in; then the page of interest.
  await page.goto(`/phase/1?team_id=${team.code}&token=${encodeURIComponent(team.accessToken)}`);
  await expect(page).not.toHaveURL(/token=/);
  await page.goto(path);
  return { context, page, errors };
}

test.describe('showcase and voting', () => {
  test('Cohort Not Found without a tag or for an unknown one; team session required', async ({ page }) => {
    await page.goto('/showcase');
    await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();
    await expect(page.getByText('Please check the URL and try again.')).toBeVisible();
    await page.goto(`/showcase/${uniqueTag('missing')}`);
    await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();

    const admin = await adminApi(process.env.E2E_BASE_URL!);
    const tag = uniqueTag('session');
    await createCohort(admin, tag, 'Session Cohort');
    await page.goto(`/showcase/${tag}`);
    await expect(page.getByRole('heading', { name: 'Team session required' })).toBeVisible();
    await shot(page, 'session-required-1280');
    await page.getByRole('button', { name: 'Open Your Workspace' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' })).toBeVisible();
    await admin.dispose();
  });

  test('a cohort of 4 teams submits sites, browses the showcase and votes with confirmation and receipt', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const admin = await adminApi(baseURL);
    const tag = uniqueTag('demo-day');
    await createCohort(admin, tag, 'Demo Day');
    await setSwitch(admin, tag, 'competitionEnabled', true);
    const names = ['Aurora Labs', 'Borealis', 'Comet Crew', 'Dune Works'];
    const teams: ApiTeam[] = [];
    for (const name of names) teams.push((await apiTeam(baseURL, admin, tag, name)).team);

    const sessions = [];
    for (const team of teams)
      sessions.push(await openAsTeam(browser, baseURL, team, `/phase/8?team_id=${team.code}`));

    // Before submitting, the showcase asks for the team's own site first.
    const first = sessions[0]!.page;
    await first.goto(`/showcase/${tag}`);
    await expect(first.getByRole('heading', { name: 'Submit your website first' })).toBeVisible();
    await shot(first, 'submit-first-1280');
    await first.getByRole('link', { name: 'Go to Website Builder' }).click();
    await expect(first).toHaveURL(new RegExp(`/phase/8\\?team_id=${teams[0]!.code}`));

    for (const [i, { page }] of sessions.entries()) {
      const card = page.getByRole('heading', { name: 'Submit Your Deployed Website' });
      await expect(card).toBeVisible();
      const submit = page.getByRole('button', { name: 'Submit Website' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Website URL').fill(`${names[i]!.toLowerCase().replace(/\W+/g, '-')}.example`);
      await submit.click();
      await expect(page.getByText('Website submitted successfully', { exact: true })).toBeVisible();
      await expect(
        page.getByText('Your website is submitted to the Demo Day showcase.', { exact: true }),
      ).toBeVisible();
      await expect(page.getByLabel('Website URL')).toHaveValue(/^https:\/\//);
      await expect(page.getByRole('button', { name: 'Update Website' })).toBeVisible();
      if (i === 0) await shot(page.getByRole('region', { name: 'Cohort showcase' }), 'website-1280');
      // The permanent secure link, with its copy button and QR code.
      const link = page.getByLabel('Secure link');
      await expect(link).toHaveValue(
        new RegExp(
          `/phase/1\\?team_id=${teams[i]!.code}&token=${encodeURIComponent(teams[i]!.accessToken)}$`,
        ),
      );
      await expect(page.getByRole('img', { name: "QR code of your team's secure link" })).toBeVisible();
      await expect(page.getByRole('button', { name: 'View Showcase' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Results' })).toHaveCount(0);
    }

    // The instructor opens voting: the Next Steps buttons change without a reload.
    await setSwitch(admin, tag, 'votingOpen', true);
    for (const { page } of sessions) {
      await expect(page.getByRole('button', { name: 'Go to Showcase & Vote' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Results' })).toBeVisible();
    }

    const ballots = [
      [1, 2, 3],
      [2, 0, 3],
      [1, 0, 3],
      [1, 2, 0],
    ];
    for (const [i, { page }] of sessions.entries()) {
      await page.getByRole('button', { name: 'Go to Showcase & Vote' }).click();
      await expect(page).toHaveURL(new RegExp(`/showcase/${tag}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Day' })).toBeVisible();
      await expect(page.getByTestId('showcase-team')).toHaveCount(4);
      const site = page.getByRole('link', { name: /comet-crew\.example/ });
      await expect(site).toHaveAttribute('href', 'https://comet-crew.example');
      await expect(site).toHaveAttribute('target', '_blank');
      await expect(site).toHaveAttribute('rel', 'noopener noreferrer');

      const submit = page.getByRole('button', { name: 'Submit Votes' });
      await expect(submit).toBeDisabled();
      if (i === 0) {
        // Marked aria-disabled, yet it answers a click with the reason.
        await page.getByRole('button', { name: `1st place for ${names[0]}` }).click({ force: true });
        await expect(page.getByText('Cannot vote for your own team', { exact: true })).toBeVisible();
        await expect(page.getByText('Please select a different team.', { exact: true })).toBeVisible();
        await shot(page, 'showcase-1280');
      }
      const [r1, r2, r3] = ballots[i]!.map((t) => names[t]!);
      await page.getByRole('button', { name: `1st place for ${r1}` }).click();
      await page.getByRole('button', { name: `2nd place for ${r2}` }).click();
      await expect(submit).toBeDisabled();
      await page.getByRole('button', { name: `3rd place for ${r3}` }).click();
      await expect(page.getByRole('button', { name: `3rd place for ${r3}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(submit).toBeEnabled();
      if (i === 0) await shot(page, 'ballot-1280');
      await submit.click();

      const confirm = page.getByRole('dialog', { name: 'Confirm your votes' });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('listitem')).toHaveText([
        new RegExp(`1st.*${r1}.*3 points`),
        new RegExp(`2nd.*${r2}.*2 points`),
        new RegExp(`3rd.*${r3}.*1 point`),
      ]);
      if (i === 0) await shot(page, 'ballot-confirm-1280');
      await confirm.getByRole('button', { name: 'Cast My Votes' }).click();
      await expect(page.getByText('Votes submitted successfully', { exact: true })).toBeVisible();
      const receipt = page.getByTestId('ballot-receipt');
      await expect(receipt.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
      await expect(receipt.getByRole('listitem')).toHaveText([
        new RegExp(`1st.*${r1}`),
        new RegExp(`2nd.*${r2}`),
        new RegExp(`3rd.*${r3}`),
      ]);
      await expect(page.getByRole('button', { name: 'Submit Votes' })).toHaveCount(0);

      // After a reload the receipt is still there: one ballot per team.
      if (i === 1) {
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
      }
    }

    // Phone width: the showcase and a receipt still fit.
    const phone = sessions[3]!.page;
    await phone.setViewportSize({ width: 375, height: 800 });
    await expect(phone.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(phone, 'showcase-375');

    for (const { context, errors } of sessions) {
      expect(errors).toEqual([]);
      await context.close();
    }
    await admin.dispose();
  });

  test('the ballot works with a keyboard on a phone', async ({ browser }) => {
    test.setTimeout(60_000);
    const baseURL = process.env.E2E_BASE_URL!;
    const admin = await adminApi(baseURL);
    const tag = uniqueTag('phone');
    await createCohort(admin, tag, 'Phone Cohort');
    await setSwitch(admin, tag, 'competitionEnabled', true);
    await setSwitch(admin, tag, 'votingOpen', true);
    const teams = [];
    for (const name of ['Voter', 'Xenon', 'Yonder']) {
      const { api, team } = await apiTeam(baseURL, admin, tag, name);
      await api.patch(`/api/teams/${team.id}/website`, {
        data: { websiteUrl: `${name.toLowerCase()}.example` },
      });
      teams.push(team);
    }
    const { context, page } = await openAsTeam(browser, baseURL, teams[0]!, `/showcase/${tag}`);
    await page.setViewportSize({ width: 375, height: 740 });
    // Two other teams: two ranks to fill.
    await expect(page.getByRole('button', { name: /3rd place/ })).toHaveCount(0);
    const firstXenon = page.getByRole('button', { name: '1st place for Xenon' });
    await firstXenon.focus();
    await page.keyboard.press('Enter');
    await expect(firstXenon).toHaveAttribute('aria-pressed', 'true');
    const secondYonder = page.getByRole('button', { name: '2nd place for Yonder' });
    await secondYonder.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Submit Votes' })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'ballot-375');
    await page.getByRole('button', { name: 'Submit Votes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Confirm your votes' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
    await admin.dispose();
  });
});

test.describe('results', () => {
  async function votingCohort(baseURL: string, names: string[], ballots: number[][]) {
    const admin = await adminApi(baseURL);
    const tag = uniqueTag('results');
    await createCohort(admin, tag, 'Results Night');
    const members: Awaited<ReturnType<typeof apiTeam>>[] = [];
    for (const name of names) {
      const member = await apiTeam(baseURL, admin, tag, name);
      await member.api.patch(`/api/teams/${member.team.id}/website`, {
        data: { websiteUrl: `${name.toLowerCase().replace(/\W+/g, '-')}.example` },
      });
      members.push(member);
    }
    const castAll = async () => {
      for (const [i, ranked] of ballots.entries()) {
        const response = await members[i]!.api.post(`/api/showcase/${tag}/vote`, {
          data: { votes: ranked.map((t, r) => ({ voted_for_team_id: members[t]!.team.id, rank: r + 1 })) },
        });
        expect(response.status()).toBe(201);
      }
    };
    const dispose = async () => {
      for (const member of members) await member.api.dispose();
      await admin.dispose();
    };
    return { admin, tag, castAll, dispose };
  }

  const names = ['Aurora Labs', 'Borealis', 'Comet Crew', 'Dune Works', 'Eclipse'];
  // Comet 3+3+3+2 = 11; Aurora 2+2+3 = 7; Borealis 2+3+1 = 6; Dune 1+1+1 = 3; Eclipse 1+2 = 3.
  const ballots = [
    [2, 1, 3],
    [2, 0, 4],
    [1, 0, 3],
    [2, 4, 1],
    [0, 2, 3],
  ];

  test('goes through every state live, then reveals the podium and the leaderboard', async ({ page }) => {
    test.setTimeout(60_000);
    const cohort = await votingCohort(process.env.E2E_BASE_URL!, names, ballots);

    await page.goto('/results');
    await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();
    await page.goto(`/results/${uniqueTag('missing')}`);
    await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();

    await page.goto(`/results/${cohort.tag}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Voting Results: Results Night' }),
    ).toBeVisible();
    await expect(page.getByText('Final voting results for the cohort showcase competition.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Competition Not Enabled' })).toBeVisible();
    await expect(
      page.getByText('This cohort is running in showcase mode without competition features.'),
    ).toBeVisible();

    // Every change below reaches the open page without a reload.
    await setSwitch(cohort.admin, cohort.tag, 'competitionEnabled', true);
    await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
    await expect(page.getByText('The final votes are being tallied. Please check back later!')).toBeVisible();

    await setSwitch(cohort.admin, cohort.tag, 'resultsVisible', true);
    await expect(page.getByRole('heading', { name: 'No votes yet' })).toBeVisible();
    await expect(
      page.getByText('Results will appear here once voting begins and teams submit their votes.'),
    ).toBeVisible();

    await setSwitch(cohort.admin, cohort.tag, 'votingOpen', true);
    await cohort.castAll();
    await expect(page.getByRole('heading', { name: "The Moment You've Been Waiting For" })).toBeVisible();
    await expect(page.getByText('All votes have been counted. Are you ready to see who won?')).toBeVisible();
    await shot(page, 'results-moment-1280');

    await page.getByRole('button', { name: '🏆 And the winners are...' }).click();
    // Confetti draws on a canvas of its own.
    await expect(page.locator('canvas')).toHaveCount(1);
    const podium = page.getByRole('heading', { name: 'Championship Podium' });
    await expect(podium).toBeVisible();
    await expect(page.getByTestId('podium-place-3')).toHaveAttribute('data-revealed', 'true');
    await expect(page.getByTestId('podium-place-1')).toHaveAttribute('data-revealed', 'false');
    await expect(page.getByTestId('podium-place-1')).toHaveAttribute('data-revealed', 'true');
    await expect(page.getByTestId('podium-place-1')).toContainText('Comet Crew');
    await expect(page.getByLabel("Champion's crown")).toBeVisible();
    await expect(page.getByTestId('podium-place-1').getByTestId('podium-points')).toHaveText('11');
    await expect(page.getByTestId('podium-place-2').getByTestId('podium-points')).toHaveText('7');
    await expect(page.getByTestId('podium-place-3').getByTestId('podium-points')).toHaveText('6');
    for (const name of ['Comet Crew', 'Aurora Labs', 'Borealis']) {
      const visit = page.getByRole('link', { name: `Visit ${name}` });
      await expect(visit).toHaveAttribute('target', '_blank');
      await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await shot(page, 'podium-1280');

    await expect(page.getByRole('heading', { name: 'Complete Leaderboard' })).toBeVisible();
    const rows = page.getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(5);
    await expect(rows.getByTestId('leaderboard-points')).toHaveText(['11', '7', '6', '3', '3']);
    await expect(rows.nth(3)).toContainText('Dune Works');
    await expect(rows.nth(3)).toContainText('#4');
    await expect(rows.nth(0)).toContainText('1st: 3');
    await expect(rows.nth(0).getByRole('link', { name: /Visit Website/ })).toHaveAttribute(
      'href',
      'https://comet-crew.example',
    );
    await expect(rows.nth(1).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      String((7 / 11) * 100),
    );
    await expect(page.getByRole('heading', { name: 'Scoring System' })).toBeVisible();
    await page.getByRole('heading', { name: 'Complete Leaderboard' }).scrollIntoViewIfNeeded();
    await shot(page, 'leaderboard-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('heading', { name: 'Championship Podium' }).scrollIntoViewIfNeeded();
    await shot(page, 'podium-375');
    await cohort.dispose();
  });

  test('an admin releasing results in another browser changes the open page within 2 s', async ({
    page,
    browser,
  }) => {
    const cohort = await votingCohort(process.env.E2E_BASE_URL!, names.slice(0, 3), [
      [1, 2],
      [0, 2],
      [0, 1],
    ]);
    await setSwitch(cohort.admin, cohort.tag, 'competitionEnabled', true);
    await setSwitch(cohort.admin, cohort.tag, 'votingOpen', true);
    await cohort.castAll();

    await page.goto(`/results/${cohort.tag}`);
    await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();

    // The instructor, in a browser of their own, flips the switch on the dashboard.
    const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin-login');
    await adminPage.getByLabel('Username').fill(E2E_ADMIN.username);
    await adminPage.getByLabel('Password').fill(E2E_ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
    const released = await adminPage.request.patch(`/api/admin/cohorts/${cohort.tag}`, {
      data: { resultsVisible: true },
    });
    expect(released.status()).toBe(200);

    await expect(page.getByRole('heading', { name: "The Moment You've Been Waiting For" })).toBeVisible({
      timeout: 2000,
    });
    await adminContext.close();
    await cohort.dispose();
  });

  test('with reduced motion: no confetti, and the numbers appear at once', async ({ page }) => {
    const cohort = await votingCohort(process.env.E2E_BASE_URL!, names.slice(0, 4), [
      [1, 2, 3],
      [0, 2, 3],
      [1, 0, 3],
      [1, 0, 2],
    ]);
    await setSwitch(cohort.admin, cohort.tag, 'competitionEnabled', true);
    await setSwitch(cohort.admin, cohort.tag, 'votingOpen', true);
    await cohort.castAll();
    await setSwitch(cohort.admin, cohort.tag, 'resultsVisible', true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/results/${cohort.tag}`);
    await page.getByRole('button', { name: '🏆 And the winners are...' }).click();
    // Borealis (3 + 3 + 3) shows its final score in the very frame its place appears.
    const firstShown = await page.waitForFunction(
      () => {
        const place = document.querySelector('[data-testid="podium-place-1"]');
        if (place?.getAttribute('data-revealed') !== 'true') return null;
        return place.querySelector('[data-testid="podium-points"]')?.textContent ?? '';
      },
      undefined,
      { polling: 'raf' },
    );
    expect(await firstShown.jsonValue()).toBe('9');
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(4);
    await page.waitForTimeout(600);
    await expect(page.locator('canvas')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await cohort.dispose();
  });
});
