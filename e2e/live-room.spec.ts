import type { Page } from '@playwright/test';
import { adminApi, createTeams } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, openAsTeam, settledBoxes, test } from './support/fixtures.ts';
import {
  expectNoScroll,
  fontSizes,
  instructorContext,
  projectorContext,
  projectorShot,
  reviewWidths,
  roomCohort,
  vote,
  watchedPage,
} from './support/live-room.ts';

const NAMES = ['Aurora', 'Borealis', 'Comet', 'Dune'];
const REVEAL_BUTTON = 'And the winners are...';

/** Everyone votes: Aurora 9 points, Borealis 7, Comet 5, Dune 3. */
async function everyoneVotes(tag: string, teams: Awaited<ReturnType<typeof roomCohort>>['teams']) {
  const [a, b, c, d] = teams.map((t) => t.team) as [never, never, never, never];
  await vote(tag, teams[0]!, [b, c, d]);
  await vote(tag, teams[1]!, [a, c, d]);
  await vote(tag, teams[2]!, [a, b, d]);
  await vote(tag, teams[3]!, [a, b, c]);
}

/** The page shows the final podium: first place is Aurora's, and it is on show. */
async function expectPodium(page: Page) {
  const first = page.getByTestId('podium-place-1');
  await expect(first).toHaveAttribute('data-revealed', 'true');
  await expect(first.getByTestId('podium-name')).toHaveText('Aurora');
  await expect(first.getByTestId('podium-points')).toHaveText('9');
}

test.describe('the live room', () => {
  test('one press starts the reveal on every screen; a page opened after shows the podium at once; hiding resets', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const { tag, teams } = await roomCohort(admin, 'Reveal Room', NAMES);
    await everyoneVotes(tag, teams);

    // The instructor, the projector (no session) and a team, each on the results page before release.
    const instructor = await instructorContext(browser);
    const { page: lectern, errors: lecternErrors } = await watchedPage(instructor);
    const projector = await projectorContext(browser);
    const { page: screen, errors: screenErrors } = await watchedPage(projector);
    const team = await openAsTeam(browser, teams[1]!.team, { path: `/results/${tag}` });
    for (const page of [lectern, screen]) await page.goto(`/results/${tag}`);
    for (const page of [lectern, screen, team.page]) {
      await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
      await expect(page.getByTestId('voted-count')).toHaveText('4 of 4 teams voted');
    }

    // Released: every page offers the reveal, none has started it.
    const release = await admin.patch(`/api/admin/cohorts/${tag}`, { data: { resultsVisible: true } });
    expect(release.status()).toBe(200);
    for (const page of [lectern, screen, team.page]) {
      await expect(page.getByRole('button', { name: REVEAL_BUTTON })).toBeVisible();
    }
    await expect(lectern.getByText('Starts the reveal on every screen showing these results.')).toBeVisible();
    await expect(team.page.getByText('Starts the reveal on every screen')).toHaveCount(0);

    // A team's session cannot start the room's reveal: refused, and no screen moves.
    const refused = await teams[1]!.api.post(`/api/admin/cohorts/${tag}/reveal`);
    expect([401, 403]).toContain(refused.status());
    const status = await (await screen.request.get(`/api/cohorts/${tag}/status`)).json();
    expect(status.revealedAt).toBeNull();
    await expect(screen.getByRole('button', { name: REVEAL_BUTTON })).toBeVisible();

    // One press on the instructor's page: the choreography runs on every screen, in order.
    await lectern.getByRole('button', { name: REVEAL_BUTTON }).click();
    for (const page of [lectern, screen, team.page]) {
      await expectPodium(page);
      // Each step was announced in turn (a reveal shown as done says nothing).
      await expect(page.getByTestId('reveal-announcer').locator('p')).toHaveText([
        'And the winners are…',
        'Third place: Comet, 5 points',
        'Second place: Borealis, 7 points',
        'First place: Aurora, 9 points!',
      ]);
      await expect(page.getByTestId('leaderboard-row')).toHaveCount(4);
    }
    await reviewWidths(team.page, 'results-revealed');

    // A page opened after the reveal (and a reload) shows the final podium at once, with nothing to replay.
    const late = await openAsTeam(browser, teams[3]!.team, { path: `/results/${tag}` });
    for (const page of [late.page, screen]) {
      if (page === screen) await screen.reload();
      await expectPodium(page);
      await expect(page.getByRole('button', { name: REVEAL_BUTTON })).toHaveCount(0);
      await expect(page.getByTestId('reveal-announcer').locator('p')).toHaveCount(0);
      await expect(page.getByTestId('leaderboard-points').first()).toHaveText('9');
    }

    // The dashboard's cohort card says so.
    await lectern.goto('/admin');
    await lectern.getByRole('tab', { name: /Cohorts/ }).click();
    const card = lectern.getByTestId(`cohort-${tag}`);
    await expect(card.getByTestId('reveal-state')).toContainText('Revealed');
    await reviewWidths(lectern, 'cohorts-revealed');

    // Hiding the results resets the reveal everywhere: released again, the question comes back.
    await admin.patch(`/api/admin/cohorts/${tag}`, { data: { resultsVisible: false } });
    for (const page of [screen, team.page, late.page]) {
      await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
    }
    await expect(card.getByRole('button', { name: REVEAL_BUTTON })).toHaveCount(0);
    await admin.patch(`/api/admin/cohorts/${tag}`, { data: { resultsVisible: true } });
    for (const page of [screen, team.page, late.page]) {
      await expect(page.getByRole('button', { name: REVEAL_BUTTON })).toBeVisible();
      await expect(page.getByTestId('revealed-results')).toHaveCount(0);
    }

    // From the cohort card this time: every results page starts again.
    // Card buttons from the keyboard: the cohort list is live and newest first, and a cohort another test
    // creates moves this card from under a pointer.
    await card.getByRole('button', { name: REVEAL_BUTTON }).press('Enter');
    await expect(card.getByTestId('reveal-state')).toContainText('Revealed');
    for (const page of [screen, team.page, late.page]) await expectPodium(page);

    // Alone with the page, a participant still reveals their own screen (no stored reveal).
    await admin.patch(`/api/admin/cohorts/${tag}`, { data: { resultsVisible: false } });
    await admin.patch(`/api/admin/cohorts/${tag}`, { data: { resultsVisible: true } });
    await team.page.getByRole('button', { name: REVEAL_BUTTON }).click();
    await expectPodium(team.page);
    await expect(screen.getByRole('button', { name: REVEAL_BUTTON })).toBeVisible();
    const after = await (await screen.request.get(`/api/cohorts/${tag}/status`)).json();
    expect(after.revealedAt).toBeNull();

    expect(lecternErrors).toEqual([]);
    expect(screenErrors).toEqual([]);
    await team.close();
    await late.close();
    await instructor.close();
    await projector.close();
    await admin.dispose();
  });

  test('a reveal before results are released is refused with the reason', async () => {
    const admin = await adminApi();
    const { tag } = await roomCohort(admin, 'Too Early', ['Early One']);
    const early = await admin.post(`/api/admin/cohorts/${tag}/reveal`);
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toEqual(expect.any(String));
    await admin.dispose();
  });

  test('counts and progress change without a reload as teams vote, save and join', async ({ browser }) => {
    const admin = await adminApi();
    const { tag, teams } = await roomCohort(admin, 'Watch Room', ['Kestrel', 'Lynx', 'Marten']);
    const [k, l, m] = teams;

    const projector = await projectorContext(browser);
    const { page: screen } = await watchedPage(projector);
    await screen.goto(`/results/${tag}`);
    await expect(screen.getByTestId('voted-count')).toHaveText('0 of 3 teams voted');
    await reviewWidths(screen, 'results-hidden');

    const instructor = await instructorContext(browser);
    const { page: dash, errors } = await watchedPage(instructor);
    await dash.goto('/admin');
    await dash.getByRole('tab', { name: /Cohorts/ }).click();
    const card = dash.getByTestId(`cohort-${tag}`);
    await expect(card.getByTestId('not-voted').getByRole('listitem')).toHaveText([
      'Kestrel',
      'Lynx',
      'Marten',
    ]);
    await expect(card.getByTestId('missing-website')).toContainText('Every team has submitted its website.');

    // A ballot: the projector's count and the card's list follow, with no reload.
    await vote(tag, k!, [l!.team, m!.team]);
    await expect(screen.getByTestId('voted-count')).toHaveText('1 of 3 teams voted');
    await expect(card.getByTestId('not-voted').getByRole('listitem')).toHaveText(['Lynx', 'Marten']);
    await expect(card.getByTestId('ballot-progress')).toHaveText('1 of 3 teams voted');
    await reviewWidths(dash, 'cohort-card-live');

    // The cohort's board, from its card: its three teams, all at activity 1.
    await card.getByRole('button', { name: 'Board of Watch Room' }).press('Enter');
    const dialog = dash.getByRole('dialog', { name: 'Watch Room: progress board' });
    await expect(dialog.getByTestId('board-row')).toHaveCount(3);
    await expect(dialog.locator('[data-cell="current"][data-phase="1"]')).toHaveCount(3);
    await reviewWidths(dash, 'cohort-board-dialog');
    await dash.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The participants view: a save shows in the activities and on the board, a new workspace appears.
    await dash.getByRole('tab', { name: /Participants/ }).click();
    const row = dash.getByRole('row', { name: /Lynx/ });
    await expect(row.getByRole('img', { name: 'No activities with data' })).toBeVisible();
    const saved = await l!.api.post('/api/phase-data', {
      data: { teamId: l!.team.id, phaseNumber: 3, data: { company_name: 'Lynx Toys' } },
    });
    expect(saved.status()).toBe(200);
    await expect(row.getByRole('img', { name: 'Activities with data: 3' })).toBeVisible();
    await expect(row).toContainText('Less than an hour ago');

    await dash.getByRole('button', { name: 'Board', exact: true }).click();
    const board = dash.getByTestId('progress-board');
    const lynx = board.locator('[data-team="Lynx"]');
    await expect(lynx.locator('[data-phase="3"]')).toHaveAttribute('data-cell', 'current');
    await l!.api.post('/api/phase-data', {
      data: { teamId: l!.team.id, phaseNumber: 5, data: { company_name: 'Lynx Toys' } },
    });
    await expect(lynx.locator('[data-phase="5"]')).toHaveAttribute('data-cell', 'current');
    await expect(lynx.locator('[data-phase="3"]')).toHaveAttribute('data-cell', 'data');
    await expectNoSeriousAxeViolations(dash);
    await reviewWidths(dash, 'board');

    const [newcomer] = await createTeams(m!.api, [`Newcomer ${Date.now().toString(36)}`]);
    await expect(board.locator(`[data-team="${newcomer!.name}"]`)).toBeVisible();

    expect(errors).toEqual([]);
    await instructor.close();
    await projector.close();
    await admin.dispose();
  });

  for (const viewport of [
    { width: 1920, height: 1080, minName: 40 },
    { width: 1280, height: 720, minName: 28 },
  ]) {
    test(`presentation fills a ${viewport.width}x${viewport.height} screen without scrolling`, async ({
      browser,
    }, testInfo) => {
      const admin = await adminApi();
      const { tag, teams } = await roomCohort(admin, 'Demo Day Finals', [
        ...NAMES,
        'Eclipse Makers',
        'Fjord Studio',
        'Galaxy Builders',
      ]);
      await everyoneVotes(tag, teams);
      await admin.patch(`/api/admin/cohorts/${tag}`, { data: { resultsVisible: true } });
      expect((await admin.post(`/api/admin/cohorts/${tag}/reveal`)).status()).toBe(200);

      const size = { width: viewport.width, height: viewport.height };
      const instructor = await instructorContext(browser, size);
      const { page, errors } = await watchedPage(instructor);
      await page.goto(`/results/${tag}`);
      await expectPodium(page);
      await page.getByRole('button', { name: 'Present' }).click();
      const presentation = page.getByRole('main', { name: 'Results presentation' });
      await expect(presentation).toBeVisible();
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await expectPodium(page);
      await expect(presentation.getByTestId('leaderboard-row').first()).toBeVisible();
      await expectNoScroll(page);
      for (const px of await fontSizes(page, 'podium-name'))
        expect(px).toBeGreaterThanOrEqual(viewport.minName);
      // The top of the leaderboard is on screen, not cut off below it.
      await settledBoxes(
        [presentation.getByTestId('leaderboard-row').last()],
        ([row]) => row!.y + row!.height <= viewport.height,
        'the last row of the leaderboard is on screen',
      );
      await expectNoSeriousAxeViolations(page);
      await projectorShot(page, `results-present-${viewport.width}`, testInfo.outputDir);

      // Esc leaves; the page is itself again.
      await page.keyboard.press('Escape');
      await expect(presentation).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();

      // The showcase's presentation: a QR code of its full address and the short one, large.
      await page.goto(`/showcase/${tag}`);
      await page.getByRole('button', { name: 'Present' }).click();
      const showcase = page.getByRole('main', { name: 'Showcase presentation' });
      await expect(showcase).toBeVisible();
      const url = `${new URL(page.url()).origin}/showcase/${tag}`;
      await expect(showcase.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();
      await expect(showcase.getByTestId('showcase-address')).toHaveText(url.replace(/^https?:\/\//, ''));
      const [addressPx] = await fontSizes(page, 'showcase-address');
      expect(addressPx).toBeGreaterThanOrEqual(viewport.minName * 0.8);
      await settledBoxes(
        [showcase.getByRole('img', { name: `QR code of ${url}` })],
        ([qr]) => qr!.height >= viewport.height * 0.4,
        'the QR code fills at least 40 % of the height',
      );
      await expectNoScroll(page);
      await projectorShot(page, `showcase-present-${viewport.width}`, testInfo.outputDir);
      await showcase.getByRole('button', { name: 'Exit' }).click();
      await expect(showcase).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Day Finals' })).toBeVisible();

      expect(errors).toEqual([]);
      await instructor.close();
      await admin.dispose();
    });
  }

  test('each team sees the showcase in an order of its own, the same on every reload; instructors by name', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const names = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel'];
    const { tag, teams } = await roomCohort(admin, 'Order Room', names);
    const orderOf = async (page: Page) => {
      await expect(page.getByTestId('showcase-team')).toHaveCount(names.length);
      return page.getByTestId('showcase-team').getByRole('heading', { level: 3 }).allTextContents();
    };

    const first = await openAsTeam(browser, teams[0]!.team, { path: `/showcase/${tag}` });
    const firstOrder = await orderOf(first.page);
    expect([...firstOrder].sort()).toEqual(names);
    await first.page.reload();
    expect(await orderOf(first.page)).toEqual(firstOrder);

    const second = await openAsTeam(browser, teams[1]!.team, { path: `/showcase/${tag}` });
    const secondOrder = await orderOf(second.page);
    await second.page.reload();
    expect(await orderOf(second.page)).toEqual(secondOrder);
    expect(secondOrder).not.toEqual(firstOrder);
    // The ballot's choices follow the team's own order (its own card's are there, refusing). The ballot
    // arrives after the cards: read its choices once they are all there.
    await expect(second.page.getByRole('button', { name: /^1st place for / })).toHaveCount(names.length);
    const choices = await second.page
      .getByRole('button', { name: /^1st place for / })
      .evaluateAll((buttons) =>
        buttons.map((b) => b.getAttribute('aria-label')!.replace(/^1st place for /, '')),
      );
    expect(choices).toEqual(secondOrder);

    const instructor = await instructorContext(browser);
    const { page: dash } = await watchedPage(instructor);
    await dash.goto(`/showcase/${tag}`);
    expect(await orderOf(dash)).toEqual(names);
    await reviewWidths(dash, 'showcase-instructor');

    await first.close();
    await second.close();
    await instructor.close();
    await admin.dispose();
  });
});
