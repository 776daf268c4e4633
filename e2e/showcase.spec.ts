import type { Locator, Page } from '@playwright/test';
import {
  type ApiTeam,
  adminApi,
  apiTeam,
  castBallots,
  createCohort,
  setSwitches,
  uniqueTag,
} from './support/api.ts';
import { CELEBRATION } from '../src/web/features/results/lib/reveal-choreography.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { E2E_ADMIN, expect, expectNoSideScroll, openAsTeam, test } from './support/fixtures.ts';
import { instructorContext, watchedPage } from './support/live-room.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('showcase', { fullPage: true });

type PodiumReveals = { press: number; places: { place: number; at: number }[] };

/**
 * Records, in the page, when the reveal button is pressed and when each podium place shows (its
 * `data-revealed` turns true, or it arrives revealed), on the page's own clock. The order is read after the
 * reveal instead of catching the moment between two places: on a busy machine that moment can be over
 * before a check looks, or never be drawn at all.
 */
async function recordPodiumReveals(page: Page): Promise<() => Promise<PodiumReveals>> {
  await page.evaluate(() => {
    const record: PodiumReveals = { press: Number.NaN, places: [] };
    const scan = () => {
      // Places that show together are recorded third first, each with the same time.
      for (const place of [3, 2, 1]) {
        const element = document.querySelector(`[data-testid="podium-place-${place}"]`);
        if (element?.getAttribute('data-revealed') !== 'true') continue;
        if (record.places.some((p) => p.place === place)) continue;
        record.places.push({ place, at: performance.now() });
      }
    };
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element).closest('button');
        if (button?.textContent?.includes('And the winners are')) record.press = performance.now();
      },
      { capture: true },
    );
    new MutationObserver(scan).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-revealed'],
    });
    scan();
    (window as unknown as { podiumReveals: PodiumReveals }).podiumReveals = record;
  });
  return () => page.evaluate(() => (window as unknown as { podiumReveals: PodiumReveals }).podiumReveals);
}

test.describe('showcase and voting', () => {
  test('Cohort Not Found without a tag or for an unknown one; team session required', async ({ page }) => {
    await page.goto('/showcase');
    await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();
    await expect(page.getByText('Please check the URL and try again.')).toBeVisible();
    await page.goto(`/showcase/${uniqueTag('missing')}`);
    await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();

    const admin = await adminApi();
    const tag = uniqueTag('session');
    await createCohort(admin, 'Session Cohort', tag);
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
    const admin = await adminApi();
    const tag = uniqueTag('demo-day');
    await createCohort(admin, 'Demo Day', tag);
    await setSwitches(admin, tag, { competitionEnabled: true });
    const names = ['Aurora Labs', 'Borealis', 'Comet Crew', 'Dune Works'];
    const teams: ApiTeam[] = [];
    for (const name of names) teams.push((await apiTeam(admin, tag, name)).team);

    const sessions = [];
    for (const team of teams)
      sessions.push(await openAsTeam(browser, team, { path: `/phase/8?team_id=${team.code}` }));

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
    await setSwitches(admin, tag, { votingOpen: true });
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
    await expectNoSideScroll(phone);
    await shot(phone, 'showcase-375');

    for (const { close } of sessions) await close();
    await admin.dispose();
  });

  test('the ballot works with a keyboard on a phone', async ({ browser }) => {
    const admin = await adminApi();
    const tag = uniqueTag('phone');
    await createCohort(admin, 'Phone Cohort', tag);
    await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });
    const teams = [];
    for (const name of ['Voter', 'Xenon', 'Yonder']) {
      teams.push((await apiTeam(admin, tag, name, `${name.toLowerCase()}.example`)).team);
    }
    const { page, close } = await openAsTeam(browser, teams[0]!, { path: `/showcase/${tag}` });
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
    await expectNoSideScroll(page);
    await close();
    await admin.dispose();
  });
});

test.describe('results', () => {
  /** A cohort of `names` (each with a site, ballot i cast by team i) and of `withoutSite` (no vote). */
  async function votingCohort(names: string[], ballots: number[][], withoutSite: string[] = []) {
    const admin = await adminApi();
    const tag = uniqueTag('results');
    await createCohort(admin, 'Results Night', tag);
    const members: Awaited<ReturnType<typeof apiTeam>>[] = [];
    for (const name of names) {
      members.push(await apiTeam(admin, tag, name, `${name.toLowerCase().replace(/\W+/g, '-')}.example`));
    }
    for (const name of withoutSite) members.push(await apiTeam(admin, tag, name));
    const castAll = () => castBallots(tag, members, ballots);
    const dispose = async () => {
      for (const member of members) await member.api.dispose();
      await admin.dispose();
    };
    return { admin, tag, castAll, dispose };
  }

  const names = ['Aurora Labs', 'Borealis', 'Comet Crew', 'Dune Works', 'Eclipse'];
  // Comet 3+3+3+2 = 11; Aurora 2+2+3 = 7; Borealis 2+3+1 = 6; Eclipse 2+1 = 3; Dune 1+1+1 = 3 (Eclipse
  // has a 2nd place, Dune none: Eclipse is 4th).
  const ballots = [
    [2, 1, 3],
    [2, 0, 4],
    [1, 0, 3],
    [2, 4, 1],
    [0, 2, 3],
  ];

  test('goes through every state live, then reveals the podium and the leaderboard', async ({ page }) => {
    const cohort = await votingCohort(names, ballots);

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
    await setSwitches(cohort.admin, cohort.tag, { competitionEnabled: true });
    await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
    await expect(page.getByText('The final votes are being tallied. Please check back later!')).toBeVisible();

    await setSwitches(cohort.admin, cohort.tag, { resultsVisible: true });
    await expect(page.getByRole('heading', { name: 'No votes yet' })).toBeVisible();
    await expect(
      page.getByText('Results will appear here once voting begins and teams submit their votes.'),
    ).toBeVisible();

    await setSwitches(cohort.admin, cohort.tag, { votingOpen: true });
    await cohort.castAll();
    await expect(page.getByRole('heading', { name: "The Moment You've Been Waiting For" })).toBeVisible();
    await expect(page.getByText('All votes have been counted. Are you ready to see who won?')).toBeVisible();
    await shot(page, 'results-moment-1280');

    const reveals = await recordPodiumReveals(page);
    await page.getByRole('button', { name: 'And the winners are...' }).click();
    // Confetti draws on a canvas of its own.
    await expect(page.locator('canvas')).toHaveCount(1);
    const podium = page.getByRole('heading', { name: 'Championship Podium' });
    await expect(podium).toBeVisible();
    await expect(page.getByTestId('podium-place-1')).toHaveAttribute('data-revealed', 'true');
    // Third place first, the champion last, each no sooner than its moment after the press (a busy page
    // may show two at once: timers never run early, but may run late together).
    const { press, places } = await reveals();
    expect(places.map((p) => p.place)).toEqual([3, 2, 1]);
    for (const [i, { at }] of places.entries()) {
      expect(at - press).toBeGreaterThanOrEqual(CELEBRATION.stepTimesMs[i]! - 20);
      if (i > 0) expect(at).toBeGreaterThanOrEqual(places[i - 1]!.at);
    }
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
    await expect(rows.nth(3)).toContainText('Eclipse');
    await expect(rows.nth(3)).toContainText('#4');
    await expect(rows.nth(4)).toContainText('Dune Works');
    await expect(rows.nth(4)).toContainText('#5');
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
    await expectNoSideScroll(page);
    await page.getByRole('heading', { name: 'Championship Podium' }).scrollIntoViewIfNeeded();
    await shot(page, 'podium-375');
    await cohort.dispose();
  });

  test('an admin releasing results in another browser changes the open page within 2 s', async ({
    page,
    browser,
  }) => {
    const cohort = await votingCohort(names.slice(0, 3), [
      [1, 2],
      [0, 2],
      [0, 1],
    ]);
    await setSwitches(cohort.admin, cohort.tag, { competitionEnabled: true });
    await setSwitches(cohort.admin, cohort.tag, { votingOpen: true });
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

    await expect(page.getByRole('heading', { name: "The Moment You've Been Waiting For" })).toBeVisible();
    await adminContext.close();
    await cohort.dispose();
  });

  test("before the release, an instructor's results page says where to release them; a team's only says the votes are being tallied", async ({
    browser,
  }) => {
    const admin = await adminApi();
    const tag = uniqueTag('release');
    await createCohort(admin, 'Release Night', tag);
    await setSwitches(admin, tag, { competitionEnabled: true });
    const member = await apiTeam(admin, tag, 'Harbour Lights');
    const tallied = 'The final votes are being tallied. Please check back later!';
    const pointer =
      'Instructors: the results show here once this cohort’s “Results” switch is set to “Visible” on its card, in the dashboard’s Cohorts tab. Open the Cohorts tab';

    // The instructor's own results page: the words teams read, then where the results are released.
    const instructor = await instructorContext(browser);
    const { page, errors } = await watchedPage(instructor);
    await page.goto(`/results/${tag}`);
    await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
    await expect(page.getByText(tallied)).toBeVisible();
    const note = page.getByTestId('results-release-pointer');
    await expect(note).toHaveText(pointer);
    await expect(note.getByRole('link', { name: 'Open the Cohorts tab' })).toHaveAttribute(
      'href',
      '/admin?tab=cohorts',
    );
    await shot(page, 'release-pointer-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSideScroll(page);
    await note.scrollIntoViewIfNeeded();
    await shotsNamed('showcase')(page, 'release-pointer-375');

    // On the projector too, under the big words.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByRole('button', { name: 'Present' }).click();
    const presentation = page.getByRole('main', { name: 'Results presentation' });
    await expect(presentation.getByText(tallied)).toBeVisible();
    await expect(presentation.getByTestId('results-release-pointer')).toHaveText(pointer);
    await shotsNamed('showcase')(page, 'release-pointer-present-1920');
    await page.getByRole('button', { name: 'Exit' }).click();

    // The words name the switch as the dashboard does: its link opens the Cohorts tab, with that switch.
    await page.setViewportSize({ width: 1280, height: 800 });
    await note.getByRole('link', { name: 'Open the Cohorts tab' }).click();
    await expect(page.getByRole('tab', { name: /Cohorts/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByTestId(`cohort-${tag}`);
    await expect(card.getByRole('switch', { name: 'Results' })).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByTestId('results-state')).toHaveText('Hidden');

    // A team reads the specification's words alone.
    const team = await openAsTeam(browser, member.team, { path: `/results/${tag}` });
    await expect(team.page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
    await expect(team.page.getByText(tallied, { exact: true })).toBeVisible();
    await expect(team.page.getByText(/Cohorts tab/)).toHaveCount(0);
    await expect(team.page.getByTestId('results-release-pointer')).toHaveCount(0);

    await team.close();
    await instructor.close();
    expect(errors).toEqual([]);
    await member.api.dispose();
    await admin.dispose();
  });

  /** Casts the cohort's ballots, releases its results and opens them with reduced motion (no counting). */
  async function openReleasedResults(page: Page, cohort: Awaited<ReturnType<typeof votingCohort>>) {
    await setSwitches(cohort.admin, cohort.tag, { competitionEnabled: true });
    await setSwitches(cohort.admin, cohort.tag, { votingOpen: true });
    await cohort.castAll();
    await setSwitches(cohort.admin, cohort.tag, { resultsVisible: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/results/${cohort.tag}`);
  }

  /** The released results, revealed at once. */
  async function revealAtOnce(page: Page, cohort: Awaited<ReturnType<typeof votingCohort>>) {
    await openReleasedResults(page, cohort);
    await page.getByRole('button', { name: 'And the winners are...' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Leaderboard' })).toBeVisible();
  }

  test('the Complete Leaderboard lists every team of the cohort, those nobody ranked at 0 points', async ({
    page,
  }) => {
    // Three teams with sites rank the two others each: Comet 3 + 3 = 6, Aurora 2 + 3 = 5, Borealis 2 + 2 = 4.
    const cohort = await votingCohort(
      ['Aurora Labs', 'Borealis', 'Comet Crew'],
      [
        [2, 1],
        [2, 0],
        [0, 1],
      ],
      ['Dune Works', 'Eclipse'],
    );
    await revealAtOnce(page, cohort);
    const podium = page.getByRole('list', { name: 'Podium' });
    await expect(podium.getByTestId('podium-name')).toHaveText(['Comet Crew', 'Aurora Labs', 'Borealis']);
    const rows = page.getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(5);
    await expect(rows.getByTestId('leaderboard-points')).toHaveText(['6', '5', '4', '0', '0']);
    await expect(rows.nth(3)).toContainText('Dune Works');
    await expect(rows.nth(3)).toContainText('#4');
    await expect(rows.nth(3)).toContainText('1st: 0');
    await expect(rows.nth(4)).toContainText('Eclipse');
    await expect(rows.nth(4).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await cohort.dispose();
  });

  test('teams at 0 points take no place on the podium and no medal: two teams with points, no podium', async ({
    page,
  }) => {
    // Two teams with sites rank each other: one 1st place and 3 points each, so they share 1st; two teams
    // without a site are nobody's choice.
    const cohort = await votingCohort(['Aurora Labs', 'Borealis'], [[1], [0]], ['Comet Crew', 'Dune Works']);
    await revealAtOnce(page, cohort);
    const rows = page.getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.getByTestId('leaderboard-points')).toHaveText(['3', '3', '0', '0']);
    await expect(page.getByRole('heading', { name: 'Championship Podium' })).toHaveCount(0);
    await expect(rows.nth(0).getByRole('img', { name: 'Shared 1st place' })).toBeVisible();
    await expect(rows.nth(1).getByRole('img', { name: 'Shared 1st place' })).toBeVisible();
    await expect(rows.nth(1).getByTestId('shared-place')).toHaveText('Shared 1st place');
    // Third in the list, but nobody ranked it: a plain number, no bronze, no place to share.
    await expect(rows.nth(2)).toContainText('Comet Crew');
    await expect(rows.nth(2)).toContainText('#3');
    await expect(rows.nth(2).getByRole('img')).toHaveCount(0);
    await expect(rows.nth(2).getByTestId('shared-place')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await cohort.dispose();
  });

  test('a tie on the podium: equal points broken by 2nd-place votes, identical votes share 3rd', async ({
    page,
  }) => {
    // Zenith 3+2+2 = 7 (one 1st, two 2nd) and Aurora 3+2+1+1 = 7 (one 1st, one 2nd): Zenith is 1st though
    // Aurora comes first by name. Kestrel and Pebble, 6 points with one vote at each rank, share 3rd; both
    // stand on the podium, and Quartz (4) is 5th.
    const cohort = await votingCohort(
      ['Pebble', 'Zenith', 'Quartz', 'Aurora', 'Kestrel'],
      [
        [3, 1, 4],
        [4, 3, 2],
        [0, 1, 3],
        [2, 4, 0],
        [1, 0, 3],
      ],
    );
    await revealAtOnce(page, cohort);
    const podium = page.getByRole('list', { name: 'Podium' });
    await expect(podium.getByTestId('podium-name')).toHaveCount(4);
    await expect(page.getByTestId('podium-place-1').getByTestId('podium-name')).toHaveText(['Zenith']);
    await expect(page.getByTestId('podium-place-2').getByTestId('podium-name')).toHaveText(['Aurora']);
    const third = page.getByTestId('podium-place-3');
    await expect(third).toHaveAttribute('data-shared', 'true');
    await expect(third.getByTestId('podium-name')).toHaveText(['Kestrel', 'Pebble']);
    await expect(third.getByTestId('podium-points')).toHaveText(['6', '6']);
    await expect(third.getByTestId('podium-plinth')).toContainText('=3rd Place');
    await expect(page.getByTestId('podium-place-2').getByTestId('podium-plinth')).toContainText('2nd Place');
    for (const name of ['Zenith', 'Aurora', 'Kestrel', 'Pebble']) {
      await expect(page.getByRole('link', { name: `Visit ${name}` })).toBeVisible();
    }

    const rows = page.getByTestId('leaderboard-row');
    await expect(rows.locator('p.font-semibold')).toHaveText([
      'Zenith',
      'Aurora',
      'Kestrel',
      'Pebble',
      'Quartz',
    ]);
    await expect(rows.getByTestId('leaderboard-points')).toHaveText(['7', '7', '6', '6', '4']);
    await expect(rows.nth(0).getByRole('img', { name: '1st place' })).toBeVisible();
    await expect(rows.nth(1).getByRole('img', { name: '2nd place' })).toBeVisible();
    await expect(rows.nth(1).getByTestId('shared-place')).toHaveCount(0);
    for (const i of [2, 3]) {
      await expect(rows.nth(i).getByRole('img', { name: 'Shared 3rd place' })).toBeVisible();
      await expect(rows.nth(i).getByTestId('shared-place')).toHaveText('Shared 3rd place');
    }
    await expect(rows.nth(4)).toContainText('#5');
    await expect(page.getByTestId('tie-break-rule')).toHaveText(
      'On equal points, the team with more 1st place votes is ahead, then the one with more 2nd place votes. ' +
        'Teams still equal share the place (shown as "=2nd"); the name order never decides a place.',
    );
    await page.getByRole('heading', { name: 'Championship Podium' }).scrollIntoViewIfNeeded();
    await shot(page, 'podium-tie-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSideScroll(page);
    await page.getByRole('heading', { name: 'Championship Podium' }).scrollIntoViewIfNeeded();
    await shot(page, 'podium-tie-375');
    await expectNoSeriousAxeViolations(page);
    await cohort.dispose();
  });

  test('with reduced motion: no confetti, and the numbers appear at once', async ({ page }) => {
    const cohort = await votingCohort(names.slice(0, 4), [
      [1, 2, 3],
      [0, 2, 3],
      [1, 0, 3],
      [1, 0, 2],
    ]);
    await openReleasedResults(page, cohort);
    await page.getByRole('button', { name: 'And the winners are...' }).click();
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
    // Every burst, the first (at the click) and the show's, goes through one function that draws nothing
    // with reduced motion: no canvas once the whole podium is out means none at all.
    await expect(page.locator('canvas')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await cohort.dispose();
  });
});
