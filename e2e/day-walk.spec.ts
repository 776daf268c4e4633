import type { APIRequestContext, Page } from '@playwright/test';
import {
  type ApiTeam,
  adminApi,
  apiContext,
  castBallots,
  createCohort,
  createTeams,
  setSwitches,
  uniqueName,
} from './support/api.ts';
import { finishMarketResearch } from './support/activities.ts';
import { chooseOption, expect, expectNoSideScroll, openAsTeam, test } from './support/fixtures.ts';
import { instructorContext, watchedPage } from './support/live-room.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('day');

/**
 * A workshop day as a room lives it, in one go: five teams (two on phones) join the cohort by its link
 * shown on the projector, the instructor paces the room, a team finishes an activity and is sent on, the
 * progress board shows who is done, a team asks for help, and the day ends with the podium on the
 * projector. Every step is seen live, without a reload. With SHOTS_DIR set, each screen is kept for review
 * at the width it is used at (1280, 375 and the projector's 1920x1080).
 */

async function joinCodeOf(admin: APIRequestContext, tag: string): Promise<string> {
  const cohorts = (await (await admin.get('/api/admin/cohorts')).json()) as {
    tag: string;
    joinCode: string;
  }[];
  return cohorts.find((cohort) => cohort.tag === tag)!.joinCode;
}

test('a whole day: five teams join from the projector, are paced, finish, ask for help and see the podium', async ({
  browser,
}) => {
  // The longest journey (over two minutes on a quiet machine): twice the other tests' bound.
  test.setTimeout(600_000);
  const admin = await adminApi();
  const cohortName = uniqueName('Saturday Bootcamp');
  const tag = await createCohort(admin, cohortName);
  const joinLink = `/join/${await joinCodeOf(admin, tag)}`;

  // The instructor's laptop and the room's projector.
  const instructor = await instructorContext(browser);
  const { page: lectern, errors: lecternErrors } = await watchedPage(instructor);
  const projectorContext = await instructorContext(browser, { width: 1920, height: 1080 });
  const { page: projector, errors: projectorErrors } = await watchedPage(projectorContext);
  await projector.goto(`/admin/cohorts/${tag}/room`);
  await expect(projector.getByRole('heading', { name: `Room screen: ${cohortName}` })).toBeVisible();
  await expect(projector.getByTestId('join-qr')).toBeVisible();
  await shot(projector, 'projector-join-1920');

  // Five teams open the link shown on the projector: three on laptops, two on phones.
  const names = [
    'Harbour Roasters',
    'Kiln & Crumb',
    'Tidewater Tea',
    'Fern Street Bakes',
    'Copper Kettle',
  ].map((name) => uniqueName(name));
  const api = await apiContext();
  const created = await createTeams(api, names);
  const teams: (Awaited<ReturnType<typeof openAsTeam>> & { team: ApiTeam; phone: boolean })[] = [];
  for (const [i, team] of created.entries()) {
    const phone = i >= 3;
    const device = await openAsTeam(browser, team, {
      path: joinLink,
      ...(phone ? { viewport: { width: 375, height: 812 } } : {}),
    });
    await expect(device.page.getByRole('heading', { name: `Join cohort ${cohortName}?` })).toBeVisible();
    if (i === 3) await shot(device.page, 'join-confirm-375');
    await device.page.getByRole('button', { name: 'Join cohort' }).click();
    await expect(device.page.getByRole('heading', { name: `You joined ${cohortName}` })).toBeVisible();
    teams.push({ ...device, team, phone });
  }
  await shot(teams[3]!.page, 'joined-375');

  // The dashboard counts them; the instructor paces the room from the cohort's card.
  await lectern.goto('/admin');
  await lectern.getByRole('tab', { name: /Cohorts/ }).click();
  const card = lectern.getByTestId(`cohort-${tag}`);
  await expect(card.locator('dl')).toContainText('Teams5');
  await card.getByRole('button', { name: `Pace the room of ${cohortName}` }).click();
  const dialog = lectern.getByRole('dialog', { name: `Pace the room: ${cohortName}` });
  await dialog.getByLabel('Message').fill('Pairs: one types, one reads the sources aloud');
  await chooseOption(lectern, dialog.getByLabel('Now: activity'), /Activity 1:/);
  await dialog.getByLabel('Countdown (minutes)').fill('45');
  await shot(lectern, 'pace-dialog-1280');
  await dialog.getByRole('button', { name: 'Send to the room' }).click();
  await expect(card.getByTestId('pace-panel-now')).toHaveText('Now: Activity 1');
  await shot(lectern, 'dashboard-cohorts-1280');

  for (const { page } of teams) {
    await page.goto('/phase/1');
    await expect(page.getByTestId('pace-now')).toContainText('Now: Activity 1');
    await expect(page.getByTestId('pace-message')).toHaveText(
      'Pairs: one types, one reads the sources aloud',
    );
  }
  await expect(projector.getByTestId('room-pace-now')).toContainText('Now: Activity 1');
  await shot(projector, 'projector-paced-1920');
  await shot(teams[0]!.page, 'phase1-paced-1280');
  await shot(teams[4]!.page, 'phase1-paced-375');
  await expectNoSideScroll(teams[4]!.page);

  // Two teams finish activity 1 (one on a phone) and are sent on to activity 2.
  for (const i of [0, 4]) {
    const { page } = teams[i]!;
    await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    await finishMarketResearch(page, `${names[i]} Ltd`);
    await expect(page.getByTestId('activity-done')).toHaveText('Done');
    await expect(page.getByTestId('way-on')).toContainText('This activity is done.');
    await page.getByTestId('way-on').scrollIntoViewIfNeeded();
  }
  await shot(teams[0]!.page, 'phase1-done-1280');
  await shot(teams[4]!.page, 'phase1-done-375');
  await expectNoSideScroll(teams[4]!.page);

  // The progress board shows who is done, live.
  await lectern.getByRole('tab', { name: /Participants/ }).click();
  await lectern.getByRole('button', { name: 'Board', exact: true }).click();
  for (const [i, done] of [1, 0, 0, 0, 1].entries()) {
    const row = lectern.locator(`[data-testid="board-row"][data-team="${names[i]}"]`);
    await expect(row.getByTestId('board-done')).toContainText(`${done}/8`);
  }
  await shot(lectern, 'dashboard-progress-1280');

  // A team on a phone asks for help; the dashboard shows it at once.
  const asking = teams[3]!.page;
  await asking.getByRole('button', { name: 'Ask for help' }).click();
  await asking.getByLabel('What are you stuck on? (optional)').fill('Which sources count as evidence?');
  await asking.getByRole('button', { name: 'Send request' }).click();
  await expect(asking.getByTestId('help-status')).toContainText('Help is on the way');
  await shot(asking, 'help-asked-375');
  await lectern.getByRole('tab', { name: /Help requests/ }).click();
  await expect(lectern.getByTestId('help-request').filter({ hasText: names[3]! })).toContainText(
    'Which sources count as evidence?',
  );
  await shot(lectern, 'dashboard-help-1280');

  // The end of the day: sites, votes, and the podium on the projector.
  // From each team's page, as its browser sends it: a request context idle for the whole day may reuse a
  // connection the server has closed (ECONNRESET), where a browser sends the request again.
  for (const { page, team } of teams) {
    const websiteUrl = `https://${team.name.toLowerCase().replace(/\W+/g, '-')}.example`;
    const status = await page.evaluate(
      async ({ id, url }) =>
        (
          await fetch(`/api/teams/${id}/website`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ websiteUrl: url }),
          })
        ).status,
      { id: team.id, url: websiteUrl },
    );
    expect(status).toBe(200);
  }
  await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });
  // The second team wins (11 points), the first is second (10), the third is third (6).
  const ballots = [
    [1, 2, 3],
    [0, 2, 4],
    [1, 0, 3],
    [1, 0, 2],
    [0, 1, 2],
  ];
  await castBallots(
    tag,
    teams.map(({ page, team }) => ({ api: page.request, team })),
    ballots,
  );
  await setSwitches(admin, tag, { resultsVisible: true });
  await projector.emulateMedia({ reducedMotion: 'reduce' });
  await projector.goto(`/results/${tag}`);
  await projector.getByRole('button', { name: 'And the winners are...' }).click();
  await expect(projector.getByRole('heading', { name: 'Complete Leaderboard' })).toBeVisible();
  await expect(projector.getByTestId('podium-place-1').getByTestId('podium-name')).toHaveText([names[1]!]);
  await expect(projector.getByTestId('podium-place-2').getByTestId('podium-name')).toHaveText([names[0]!]);
  await expect(projector.getByTestId('podium-place-3').getByTestId('podium-name')).toHaveText([names[2]!]);
  await shot(projector, 'projector-podium-1920');
  // Every team's open page follows the reveal.
  await teams[4]!.page.goto(`/results/${tag}`);
  await expect(teams[4]!.page.getByRole('heading', { name: 'Championship Podium' })).toBeVisible();
  await expect(teams[4]!.page.getByTestId('podium-place-1').getByTestId('podium-name')).toHaveText([
    names[1]!,
  ]);
  await shot(teams[4]!.page, 'podium-375');
  await expectNoSideScroll(teams[4]!.page);

  // The team's request ends with the test, so no other test finds it waiting.
  expect((await asking.request.delete(`/api/teams/${teams[3]!.team.id}/help`)).status()).toBe(200);
  for (const { close } of teams) await close();
  await api.dispose();
  await admin.dispose();
  await projectorContext.close();
  await instructor.close();
  expect([...lecternErrors, ...projectorErrors]).toEqual([]);
});
