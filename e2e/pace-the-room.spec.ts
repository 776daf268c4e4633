import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  chooseOption,
  expect,
  expectAtWindowBottom,
  expectNoSideScroll,
  openAsTeam,
  test,
} from './support/fixtures.ts';
import { audioContexts, CHIME, chimeNotes, listenForChimes } from './support/chimes.ts';
import { instructorContext, watchedPage } from './support/live-room.ts';

/** The cohort as the instructors' list has it (its join code is only there). */
async function adminCohort(admin: APIRequestContext, tag: string) {
  const list = (await (await admin.get('/api/admin/cohorts')).json()) as {
    tag: string;
    joinCode: string;
    teamCount: number;
  }[];
  return list.find((c) => c.tag === tag)!;
}

/** The dashboard's Cohorts tab, and one cohort's card on it. */
async function cohortCard(page: Page, tag: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: /Cohorts/ }).click();
  const card = page.getByTestId(`cohort-${tag}`);
  await expect(card).toBeVisible();
  return card;
}

test.describe('pacing the room', () => {
  test('"Now: Activity 3, 10 minutes" reaches every team page and the room screen live, then clears', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const name = uniqueName('Paced Room');
    const tag = await createCohort(admin, name);
    const teams = [];
    for (const team of ['Otter', 'Heron', 'Lynx']) teams.push(await apiTeam(admin, tag, uniqueName(team)));

    // Three teams at work (one on a phone), and the room's screen, all open before the instructor acts.
    const pages = [
      await openAsTeam(browser, teams[0]!.team, { path: '/phase/1' }),
      await openAsTeam(browser, teams[1]!.team, { path: '/phase/2' }),
      await openAsTeam(browser, teams[2]!.team, { path: '/phase/1', viewport: { width: 375, height: 740 } }),
    ];
    const instructor = await instructorContext(browser);
    const { page: lectern, errors: lecternErrors } = await watchedPage(instructor);
    const { page: screen, errors: screenErrors } = await watchedPage(instructor);
    await screen.goto(`/admin/cohorts/${tag}/room`);
    await expect(screen.getByRole('heading', { name: `Room screen: ${name}` })).toBeVisible();
    await expect(screen.getByTestId('join-qr')).toBeVisible();
    for (const { page } of pages) {
      await expect(page.getByRole('form', { name: 'Decision Box' })).toBeVisible();
      await expect(page.getByTestId('pace-banner')).toHaveCount(0);
    }

    const card = await cohortCard(lectern, tag);
    await expect(card.getByText("Nothing on the teams' screens.", { exact: false })).toBeVisible();
    await card.getByRole('button', { name: `Pace the room of ${name}` }).click();
    const dialog = lectern.getByRole('dialog', { name: `Pace the room: ${name}` });
    // It says where the teams see it: the bar along the bottom of their window.
    await expect(dialog).toContainText(
      "Every open page of the cohort's teams shows it at once, in a bar along the bottom of the window, and so does the room's screen.",
    );
    await chooseOption(lectern, dialog.getByLabel('Now: activity'), /Activity 3:/);
    await dialog.getByLabel('Countdown (minutes)').fill('10');
    await dialog.getByRole('button', { name: 'Send to the room' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('pace-panel-now')).toHaveText('Now: Activity 3');
    await expect(card.getByTestId('pace-panel-time')).toHaveText(/^(10:00|9:[0-5]\d) left$/);

    // Every open page shows it without a reload, along the bottom of the window.
    for (const { page } of pages) {
      const banner = page.getByTestId('pace-banner');
      await expect(banner.getByTestId('pace-now')).toContainText('Now: Activity 3');
      await expect(banner.getByTestId('pace-time')).toHaveText(/^(10:00|9:[0-5]\d) left$/);
      await expect(page.getByTestId('pace-status')).toContainText('Now: Activity 3');
      await expectAtWindowBottom(banner);
    }
    await expect(screen.getByTestId('room-pace-now')).toContainText('Now: Activity 3');
    await expect(screen.getByTestId('room-pace-time')).toHaveText(/^(10:00|9:[0-5]\d) left$/);
    // The showcase's presentation carries it along its bottom.
    const { page: showcase, errors: showcaseErrors } = await watchedPage(instructor);
    await showcase.setViewportSize({ width: 1920, height: 1080 });
    await showcase.goto(`/showcase/${tag}`);
    await showcase.getByRole('button', { name: 'Present' }).click();
    await expect(showcase.getByTestId('pace-strip')).toContainText('Now: Activity 3');
    await expect(showcase.getByTestId('pace-strip')).toContainText(/(10:00|9:[0-5]\d) left/);
    expect(await showcase.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(
      true,
    );
    await showcase.close();
    expect(showcaseErrors).toEqual([]);

    // The banner, the card and the room screen, as assistive technology reads them.
    await expectNoSeriousAxeViolations(pages[2]!.page);
    await expectNoSeriousAxeViolations(lectern);
    await expectNoSeriousAxeViolations(screen);

    // The banner's link leads to the activity; a page opened now shows the pace at once.
    await pages[1]!.page.getByTestId('pace-now').click();
    await expect(pages[1]!.page).toHaveURL(/\/phase\/3/);
    await expect(pages[1]!.page.getByTestId('pace-now')).toContainText('Now: Activity 3');
    const late = await openAsTeam(browser, teams[0]!.team, { path: '/' });
    await expect(late.page.getByTestId('pace-now')).toContainText('Now: Activity 3');

    // A message joins it; then the instructor clears everything and every banner goes.
    await card.getByRole('button', { name: `Pace the room of ${name}` }).click();
    await dialog.getByLabel('Message').fill('Coffee is ready in the hall');
    await dialog.getByRole('button', { name: 'Send to the room' }).click();
    for (const { page } of [...pages, late]) {
      await expect(page.getByTestId('pace-message')).toHaveText('Coffee is ready in the hall');
    }
    await expect(screen.getByTestId('room-pace-message')).toHaveText('Coffee is ready in the hall');
    await card.getByRole('button', { name: `Clear all of the pace of ${name}` }).click();
    for (const { page } of [...pages, late]) await expect(page.getByTestId('pace-banner')).toHaveCount(0);
    await expect(screen.getByTestId('room-pace')).toHaveCount(0);
    await expect(card.getByText("Nothing on the teams' screens.", { exact: false })).toBeVisible();

    for (const team of [...pages, late]) await team.close();
    await instructor.close();
    expect([...lecternErrors, ...screenErrors]).toEqual([]);
  });
});

test.describe('a countdown that runs out', () => {
  test('"Time is up" on the team\'s page, the room screen and the dashboard, once the minute has passed', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const name = uniqueName('Timed Room');
    const tag = await createCohort(admin, name);
    const member = await apiTeam(admin, tag, uniqueName('Falcon'));
    // A real minute: the time left is counted by the server's clock (a page's own clock may be wrong), so a
    // clock faked in the pages alone is put right again by the next word from the server.
    const team = await openAsTeam(browser, member.team, {
      viewport: { width: 375, height: 740 },
      prepare: listenForChimes,
    });
    await team.page.goto('/phase/2');
    const instructor = await instructorContext(browser);
    await listenForChimes(instructor);
    const { page: screen, errors: screenErrors } = await watchedPage(instructor);
    await screen.goto(`/admin/cohorts/${tag}/room`);
    await expect(screen.getByRole('heading', { name: `Room screen: ${name}` })).toBeVisible();
    // The room screen's chime, switched on: it sounds once to set the volume, then when the time is up.
    await screen.getByRole('switch', { name: 'Chime' }).click();
    await expect.poll(() => chimeNotes(screen)).toEqual(CHIME.place);
    const { page: lectern, errors: lecternErrors } = await watchedPage(instructor);
    const card = await cohortCard(lectern, tag);

    const paced = await admin.patch(`/api/admin/cohorts/${tag}/pace`, { data: { phase: 2, minutes: 1 } });
    expect(paced.status()).toBe(200);
    const banner = team.page.getByTestId('pace-banner');
    await expect(banner.getByTestId('pace-time')).toHaveText(/^(1:00|0:[0-5]\d) left$/);
    await expect(screen.getByTestId('room-pace-time')).toHaveText(/^(1:00|0:[0-5]\d) left$/);
    await expect(card.getByTestId('pace-panel-time')).toHaveText(/^(1:00|0:[0-5]\d) left$/);
    await expect(team.page.getByTestId('pace-status')).toContainText('Now: Activity 2');
    await expect(team.page.getByTestId('pace-status')).not.toContainText('Time is up');

    await expect(banner.getByTestId('pace-time')).toHaveText('Time is up', { timeout: 70_000 });
    // Said once to a screen reader, beside the activity.
    await expect(team.page.getByTestId('pace-status')).toHaveText(
      'Now: Activity 2, Competition Analysis. Time is up',
    );
    await expect(screen.getByTestId('room-pace-time')).toHaveText('Time is up');
    await expect(card.getByTestId('pace-panel-time')).toHaveText('Time is up');
    // The room hears it from the room screen alone: the dashboard beside it and the team's phone are silent.
    await expect.poll(() => chimeNotes(screen)).toEqual([...CHIME.place, ...CHIME.timeUp]);
    expect(await chimeNotes(lectern)).toEqual([]);
    expect(await audioContexts(team.page)).toBe(0);
    // The phone's banner keeps to its width, along the bottom of the window.
    await expectNoSideScroll(team.page);
    await expectAtWindowBottom(banner);

    await admin.dispose();
    await member.api.dispose();
    await team.close();
    await instructor.close();
    expect([...screenErrors, ...lecternErrors]).toEqual([]);
  });
});

test.describe('joining a cohort by its link', () => {
  test('a team joins after confirming, the dashboard shows it live, a move is asked, closed joining refuses', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const name = uniqueName('Join Room');
    const tag = await createCohort(admin, name);
    const otherName = uniqueName('First Room');
    const otherTag = await createCohort(admin, otherName);
    const { joinCode } = await adminCohort(admin, tag);
    const link = `/join/${joinCode}`;

    const instructor = await instructorContext(browser);
    const { page: lectern, errors } = await watchedPage(instructor);
    const card = await cohortCard(lectern, tag);
    await card.getByRole('button', { name: `Join link of ${name}` }).click();
    const linkDialog = lectern.getByRole('dialog', { name: `Join link: ${name}` });
    await expect(linkDialog.getByTestId('join-link-url')).toHaveValue(new RegExp(`${link}$`));
    await expect(linkDialog.getByTestId('join-qr')).toBeVisible();
    await expect(linkDialog.getByText('Joining is open')).toBeVisible();
    await lectern.keyboard.press('Escape');

    // A team in no cohort, already at work on activity 3: one confirmation, and the dashboard shows it
    // without a reload.
    const newcomer = await apiTeam(admin, otherTag, uniqueName('Newcomer'));
    await admin.patch('/api/admin/cohorts/unassign-teams', { data: { teamIds: [newcomer.team.id] } });
    const worked = await newcomer.api.post('/api/phase-data', {
      data: { teamId: newcomer.team.id, phaseNumber: 3, data: { company_name: 'Newcomer Bakes' } },
    });
    expect(worked.status(), await worked.text()).toBe(200);
    const team = await openAsTeam(browser, newcomer.team, { path: link });
    await expect(team.page.getByRole('heading', { name: `Join cohort ${name}?` })).toBeVisible();
    await expectNoSeriousAxeViolations(team.page);
    await team.page.getByRole('button', { name: 'Join cohort' }).click();
    await expect(team.page.getByRole('heading', { name: `You joined ${name}` })).toBeVisible();
    await expect(lectern.getByText(`${newcomer.team.name} joined ${name}.`, { exact: true })).toBeVisible();
    await expect(card.locator('dl')).toContainText('Teams1');
    // "Back to your activities" goes back to the team's own activity, in its workspace (not the home page).
    await team.page.getByRole('link', { name: 'Back to your activities' }).click();
    await expect(team.page).toHaveURL(new RegExp(`/phase/3\\?team_id=${newcomer.team.code}$`));
    await expect(team.page).toHaveTitle(/^Activity 3: /);
    await expect(team.page.getByTestId('workspace-name')).toHaveText(newcomer.team.name);

    // A team of another cohort is asked before it moves.
    const mover = await apiTeam(admin, otherTag, uniqueName('Mover'));
    const moving = await openAsTeam(browser, mover.team, { path: link });
    await expect(
      moving.page.getByRole('heading', { name: `Move from ${otherName} to ${name}?` }),
    ).toBeVisible();
    await moving.page.getByRole('button', { name: `Move to ${name}` }).click();
    await expect(moving.page.getByRole('heading', { name: `You joined ${name}` })).toBeVisible();
    await expect(lectern.getByText(`${mover.team.name} joined ${name}.`, { exact: true })).toBeVisible();

    // Closed: the link refuses and nothing changes.
    await card.getByRole('switch', { name: 'Joining' }).click();
    await expect(card.getByTestId('joining-state')).toHaveText('Closed');
    const late = await apiTeam(admin, otherTag, uniqueName('Late'));
    const refused = await openAsTeam(browser, late.team, { path: link });
    await expect(
      refused.page.getByRole('heading', { name: 'You cannot join with this link now' }),
    ).toBeVisible();
    await expect(refused.page.getByRole('alert')).toHaveText(
      `Joining ${name} is closed. Ask your instructor to open it, then try again.`,
    );
    expect((await adminCohort(admin, tag)).teamCount).toBe(2);

    // A room code mistyped from the projector, one no cohort has: the page says where to check it.
    const roomCodes = ((await (await admin.get('/api/admin/cohorts')).json()) as { roomCode: string }[]).map(
      (c) => c.roomCode,
    );
    const mistyped = ['WXWXWX', 'XWXWXW', 'TWTWTW'].find((c) => !roomCodes.includes(c))!;
    await refused.page.goto('/join');
    await refused.page.getByLabel('Room code').fill(mistyped);
    await refused.page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      refused.page.getByRole('heading', { name: 'You cannot join with this link now' }),
    ).toBeVisible();
    await expect(refused.page.getByRole('alert')).toHaveText(
      "No cohort has this code. Check it on the room's screen or with your instructor.",
    );

    // A visitor without a workspace opens one first, and comes back to the link.
    await card.getByRole('switch', { name: 'Joining' }).click();
    await expect(card.getByTestId('joining-state')).toHaveText('Open');
    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const page = await visitor.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Join a cohort' })).toBeVisible();
    await page.getByRole('button', { name: 'Open Your Workspace' }).click();
    const visitorName = uniqueName('Walk-in');
    await page.getByPlaceholder('How would you like to be known?').fill(visitorName);
    await page.getByRole('button', { name: 'Create My Workspace' }).click();
    await expect(page.getByRole('heading', { name: `Join cohort ${name}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Join cohort' }).click();
    await expect(page.getByRole('heading', { name: `You joined ${name}` })).toBeVisible();
    await expect(lectern.getByText(`${visitorName} joined ${name}.`, { exact: true })).toBeVisible();

    for (const t of [team, moving, refused]) await t.close();
    await visitor.close();
    await instructor.close();
    expect(errors).toEqual([]);
  });
});
