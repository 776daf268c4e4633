import type { Page } from '@playwright/test';
import { adminApi, apiTeam, createCohort, setSwitches, uniqueName } from './support/api.ts';
import { expect, openAsTeam, test } from './support/fixtures.ts';
import { instructorContext } from './support/live-room.ts';
import { leaderOf, leadingPage, watchStreams } from './support/live-tabs.ts';
import { field, saved } from './support/form.ts';

/**
 * Many tabs, one live connection: the app on plain HTTP/1.1 (as `npm start` serves it), where a browser
 * opens at most six connections to one host, shared by all its tabs. Every tab of the browser shares one
 * event stream, so eight activity tabs, the dashboard, the results and the showcase all load, save and
 * stay live together.
 */

/** A teammate's change reaches an open page within a few seconds, a hand-over between tabs included. */

test('eight activity tabs, the dashboard, results and showcase share one live stream, and stay live', async ({
  browser,
}) => {
  const admin = await adminApi();
  const cohortName = uniqueName('Tabs Cohort');
  const tag = await createCohort(admin, cohortName);
  await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });
  const { team, api } = await apiTeam(admin, tag, uniqueName('Tabs Team'), 'tabs-team.example');

  // One browser, signed in as the instructor and opened on the team's workspace by its secure link.
  const context = await instructorContext(browser);
  const streams = watchStreams(context);
  const errors: string[] = [];
  const openTab = async (path: string) => {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    return page;
  };
  const tabs: Page[] = [];
  const first = await openTab(`/phase/1?team_id=${team.code}&token=${encodeURIComponent(team.accessToken)}`);
  await expect(first.getByTestId('workspace-name')).toHaveText(team.name);
  tabs.push(first);
  for (let n = 2; n <= 8; n++) tabs.push(await openTab(`/phase/${n}`));
  // Each loads in normal time, the sixth, seventh and eighth too.
  for (const tab of tabs) {
    await expect(tab.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
  }
  const dashboard = await openTab('/admin');
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
  const results = await openTab(`/results/${tag}`);
  await expect(results.getByRole('heading', { name: `Voting Results: ${cohortName}` })).toBeVisible();
  const showcase = await openTab(`/showcase/${tag}`);
  await expect(showcase.getByText(team.name).first()).toBeVisible();
  // Eleven tabs, one stream (two for a moment while it opens again with another tab's needs).
  await expect.poll(() => streams.open()).toBe(1);
  expect(streams.most()).toBeLessThanOrEqual(2);

  // A teammate on another device.
  const mate = await openAsTeam(browser, team, { path: '/phase/8' });
  await expect(mate.page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');

  // A change typed in the last tab reaches the server and the teammate's browser.
  const last = tabs[7]!;
  await field(last, 'Company name').fill('Harbour Roasters');
  await saved(last);
  // Left, as a person moves on (a field being edited keeps its text and notes a teammate's change).
  await field(last, 'Company name').blur();
  const facts = async () =>
    (
      (await (await api.get(`/api/teams/${team.id}/facts`)).json()) as {
        facts: { id: string; value: string }[];
      }
    ).facts;
  expect((await facts()).find((fact) => fact.id === 'company_name')?.value).toBe('Harbour Roasters');
  await expect(field(mate.page, 'Company name')).toHaveValue('Harbour Roasters');

  // The teammate's change appears in every tab, and every tab sees the teammate's page.
  await field(mate.page, 'Company name').fill('Harbour Coffee');
  await saved(mate.page);
  for (const [i, tab] of tabs.entries()) {
    await expect(field(tab, 'Company name')).toHaveValue('Harbour Coffee');
    await expect(tab.getByTestId('presence')).toContainText(i === 7 ? '(this activity)' : '(Activity 8)');
  }

  // The leading tab closes: another takes over, and a change made meanwhile is not missed.
  const leading = await leadingPage([...tabs, dashboard, results, showcase]);
  const leader = await leaderOf(leading);
  const closedActivity = tabs.indexOf(leading) + 1; // 0: not an activity tab
  await leading.close();
  if (closedActivity) tabs.splice(closedActivity - 1, 1);
  const others = [...tabs, dashboard, results, showcase].filter((page) => page !== leading);
  await field(mate.page, 'Company name').fill('Harbour Coffee Co');
  await saved(mate.page);
  await expect.poll(() => leaderOf(others[0]!)).not.toBe(leader);
  expect(await leaderOf(others[0]!)).toBeTruthy();
  for (const tab of tabs) await expect(field(tab, 'Company name')).toHaveValue('Harbour Coffee Co');
  // A closed activity tab left the workspace's presence; the others are all still there.
  const presence = mate.page.getByTestId('presence');
  if (closedActivity) await expect(presence).not.toContainText(`(Activity ${closedActivity})`);
  await expect(presence).toContainText(`(Activity ${closedActivity === 2 ? 3 : 2})`);
  await expect.poll(() => streams.open()).toBe(1);

  // The live room still reaches the tabs that show it (opened again if one of them was the leader).
  const resultsTab = results === leading ? await openTab(`/results/${tag}`) : results;
  const showcaseTab = showcase === leading ? await openTab(`/showcase/${tag}`) : showcase;
  await expect(showcaseTab.getByRole('link', { name: 'View Results' })).toBeVisible();
  await setSwitches(admin, tag, { votingOpen: false, competitionEnabled: false });
  await expect(resultsTab.getByText('Competition Not Enabled')).toBeVisible();
  await expect(showcaseTab.getByRole('link', { name: 'View Results' })).toHaveCount(0);

  expect(errors).toEqual([]);
  await mate.close();
  await context.close();
  await api.dispose();
  await admin.dispose();
});
