import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminApi, setSwitches, uniqueName } from './support/api.ts';
import { expect, expectNoSideScroll, openAsTeam, test } from './support/fixtures.ts';
import { audioContexts, CHIME, chimeNotes, listenForChimes } from './support/chimes.ts';
import { instructorContext, roomCohort, vote, watchedPage } from './support/live-room.ts';

/** Screenshots for review go here when SHOTS_DIR is set (e.g. SHOTS_DIR=/tmp/shots). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/finale-${name}.png` });
}

/** Long names, as a room's teams give themselves: they wrap whole, never cut. */
const NAMES = [
  'Harbour Lane Bakery Collective',
  'Northwind Community Kitchen',
  'Saltmarsh Ceramics Studio',
  'Old Mill Cycle Repairs',
];

/** A cohort whose ballots are in and results released: Harbour 1st, Northwind 2nd, Saltmarsh 3rd. */
async function finaleCohort() {
  const admin = await adminApi();
  const { tag, teams } = await roomCohort(admin, uniqueName('Finale'), NAMES);
  const [a, b, c, d] = teams.map((t) => t.team) as [never, never, never, never];
  await vote(tag, teams[0]!, [b, c, d]);
  await vote(tag, teams[1]!, [a, c, d]);
  await vote(tag, teams[2]!, [a, b, d]);
  await vote(tag, teams[3]!, [a, b, c]);
  await setSwitches(admin, tag, { resultsVisible: true });
  return { admin, tag, teams };
}

const placeShown = (page: Page, place: 1 | 2 | 3) =>
  page.getByTestId(`podium-place-${place}`).getByTestId('podium-name');

test.describe('the finale', () => {
  test("a team cannot see the winners before the room's reveal while the instructor presents it (page and API)", async ({
    browser,
  }) => {
    const { tag, teams } = await finaleCohort();
    // A team's phone already on the results page: with nobody running the reveal, its own button.
    const phone = await openAsTeam(browser, teams[3]!.team, {
      path: `/results/${tag}`,
      viewport: { width: 375, height: 740 },
    });
    await expect(phone.page.getByRole('button', { name: 'And the winners are...' })).toBeVisible();

    // The instructor presents the results on the projector: the reveal is the big screen's.
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    const { page: projector, errors } = await watchedPage(instructor);
    await projector.goto(`/results/${tag}`);
    await projector.getByRole('button', { name: 'Present' }).click();
    await expect(projector.getByRole('button', { name: 'Next place' })).toBeVisible();

    // The phone loses its button and waits for the big screen; nothing of the winners is on it.
    await expect(
      phone.page.getByRole('heading', { name: 'The winners will be revealed on the big screen' }),
    ).toBeVisible();
    await expect(phone.page.getByRole('button', { name: 'And the winners are...' })).toHaveCount(0);
    await expect(phone.page.getByTestId('podium-name')).toHaveCount(0);
    await shot(phone.page, 'waiting-375');
    // A page opened now waits too.
    const late = await openAsTeam(browser, teams[0]!.team, { path: `/results/${tag}` });
    await expect(
      late.page.getByRole('heading', { name: 'The winners will be revealed on the big screen' }),
    ).toBeVisible();
    await expect(late.page.getByTestId('podium-name')).toHaveCount(0);

    // The team's session asks the server directly: no results, and it cannot start the reveal itself.
    const results = await phone.page.request.get(`/api/showcase/${tag}/results`);
    expect(results.status()).toBe(403);
    expect((await results.json()).message).toBe(
      'The winners will be revealed on the big screen: watch with the room.',
    );
    for (const data of [undefined, { step: 1 }]) {
      const pressed = await phone.page.request.post(`/api/admin/cohorts/${tag}/reveal`, data ? { data } : {});
      expect(pressed.status()).toBe(401);
    }

    // "And the winners are..." on the projector reveals it all, on every screen.
    await projector.getByRole('button', { name: 'And the winners are...' }).click();
    for (const page of [projector, phone.page, late.page]) {
      await expect(placeShown(page, 1)).toHaveText(NAMES[0]!);
      await expect(page.getByTestId('leaderboard-row').first()).toBeVisible();
    }
    // The results page at 375 with long names: whole words, no sideways scroll.
    await expect(phone.page.getByRole('heading', { name: 'Complete Leaderboard' })).toBeVisible();
    await expectNoSideScroll(phone.page);
    await shot(phone.page, 'results-375');
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await shot(phone.page, 'podium-375');
    await late.close();
    await phone.close();
    await instructor.close();
    expect(errors).toEqual([]);
  });

  test('the instructor paces the reveal place by place; every screen and a late page follow each step', async ({
    browser,
  }) => {
    const { tag, teams } = await finaleCohort();
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    const { page: projector, errors } = await watchedPage(instructor);
    await projector.goto(`/results/${tag}`);
    await projector.getByRole('button', { name: 'Present' }).click();
    const phone = await openAsTeam(browser, teams[3]!.team, {
      path: `/results/${tag}`,
      viewport: { width: 375, height: 740 },
    });
    await expect(
      phone.page.getByRole('heading', { name: 'The winners will be revealed on the big screen' }),
    ).toBeVisible();

    const next = projector.getByRole('button', { name: 'Next place' });
    await next.click();
    for (const page of [projector, phone.page]) {
      await expect(placeShown(page, 3)).toHaveText(NAMES[2]!);
      await expect(page.getByTestId('podium-place-2')).toHaveAttribute('data-revealed', 'false');
      await expect(page.getByTestId('podium-place-1')).toHaveAttribute('data-revealed', 'false');
      await expect(placeShown(page, 2)).toHaveCount(0);
      await expect(placeShown(page, 1)).toHaveCount(0);
    }
    await expect(projector.getByText('Next: 2nd place.')).toBeVisible();
    // Nor can the team read ahead through the API: only 3rd place is out.
    const read = await phone.page.request.get(`/api/showcase/${tag}/results`);
    expect(read.status()).toBe(200);
    const body = await read.text();
    expect(body).toContain(NAMES[2]!);
    for (const name of [NAMES[0]!, NAMES[1]!, NAMES[3]!]) expect(body).not.toContain(name);

    // A page opened between two places shows the places already out, and no more.
    const late = await openAsTeam(browser, teams[1]!.team, { path: `/results/${tag}` });
    await expect(placeShown(late.page, 3)).toHaveText(NAMES[2]!);
    await expect(late.page.getByTestId('podium-place-2')).toHaveAttribute('data-revealed', 'false');

    await next.click();
    for (const page of [projector, phone.page, late.page]) {
      await expect(placeShown(page, 2)).toHaveText(NAMES[1]!);
      await expect(page.getByTestId('podium-place-1')).toHaveAttribute('data-revealed', 'false');
    }
    await expect(projector.getByText('Next: 1st place.')).toBeVisible();
    await shot(projector, 'paced-2nd-1920');

    await next.click();
    for (const page of [projector, phone.page, late.page]) {
      await expect(placeShown(page, 1)).toHaveText(NAMES[0]!);
      // The leaderboard waits for its own press.
      await expect(page.getByLabel('Leaderboard', { exact: true })).toHaveCount(0);
    }
    await expect(projector.getByText('Next: the leaderboard.')).toBeVisible();
    await shot(projector, 'paced-1st-1920');

    await next.click();
    for (const page of [projector, phone.page, late.page]) {
      await expect(page.getByLabel('Leaderboard', { exact: true })).toBeVisible();
    }
    // The reveal is over: no more pacing.
    await expect(projector.getByRole('button', { name: 'Next place' })).toHaveCount(0);
    await expect(projector.getByRole('button', { name: 'Reveal all' })).toHaveCount(0);
    await shot(projector, 'paced-leaderboard-1920');
    await late.close();
    await phone.close();
    await instructor.close();
    expect(errors).toEqual([]);
  });

  test("the projector chimes at each place once the instructor switches it on; a team's screen never sounds", async ({
    browser,
  }) => {
    const { tag, teams } = await finaleCohort();
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    await listenForChimes(instructor);
    const { page: projector, errors } = await watchedPage(instructor);
    await projector.goto(`/results/${tag}`);
    await projector.getByRole('button', { name: 'Present' }).click();
    const phone = await openAsTeam(browser, teams[3]!.team, {
      path: `/results/${tag}`,
      viewport: { width: 375, height: 740 },
      prepare: listenForChimes,
    });
    const chime = projector.getByRole('switch', { name: 'Chime' });
    // Off by default: 3rd place comes out in silence.
    await expect(chime).toHaveAttribute('aria-checked', 'false');
    const next = projector.getByRole('button', { name: 'Next place' });
    await next.click();
    await expect(placeShown(projector, 3)).toHaveText(NAMES[2]!);
    await expect(placeShown(phone.page, 3)).toHaveText(NAMES[2]!);
    expect(await chimeNotes(projector)).toEqual([]);

    // Switched on, it sounds once so the room can set the volume, then at each step.
    await chime.click();
    await expect(chime).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => chimeNotes(projector)).toEqual(CHIME.place);
    await next.click();
    await expect(placeShown(projector, 2)).toHaveText(NAMES[1]!);
    await expect.poll(() => chimeNotes(projector)).toEqual([...CHIME.place, ...CHIME.place]);
    await next.click();
    await expect(placeShown(projector, 1)).toHaveText(NAMES[0]!);
    await expect
      .poll(() => chimeNotes(projector))
      .toEqual([...CHIME.place, ...CHIME.place, ...CHIME.firstPlace]);
    await expect(placeShown(phone.page, 1)).toHaveText(NAMES[0]!);
    // The team's phone followed every step without a sound.
    expect(await audioContexts(phone.page)).toBe(0);

    // Remembered on the projector's computer; a page opened on places already out stays silent.
    await projector.reload();
    await projector.getByRole('button', { name: 'Present' }).click();
    await expect(placeShown(projector, 1)).toHaveText(NAMES[0]!);
    await expect(projector.getByRole('switch', { name: 'Chime' })).toHaveAttribute('aria-checked', 'true');
    expect(await chimeNotes(projector)).toEqual([]);
    await phone.close();
    await instructor.close();
    expect(errors).toEqual([]);
  });

  test("the projector's showcase counts the ballots as they come and ticks who voted, never how", async ({
    browser,
  }) => {
    const admin = await adminApi();
    const { tag, teams } = await roomCohort(admin, uniqueName('Votes Coming In'), NAMES);
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    const { page: projector, errors } = await watchedPage(instructor);
    await projector.goto(`/showcase/${tag}`);
    await projector.getByRole('button', { name: 'Present' }).click();
    const count = projector.getByTestId('present-voted-count');
    await expect(count).toHaveText('0 of 4 teams voted');
    const voted = projector.locator('[data-testid="present-team"][data-voted="true"]');
    await expect(voted).toHaveCount(0);

    const [a, b, c, d] = teams.map((t) => t.team) as [never, never, never, never];
    await vote(tag, teams[0]!, [b, c, d]);
    await expect(count).toHaveText('1 of 4 teams voted');
    await expect(voted).toHaveText([new RegExp(NAMES[0]!)]);
    await vote(tag, teams[2]!, [a, b, d]);
    await expect(count).toHaveText('2 of 4 teams voted');
    await expect(voted).toHaveCount(2);
    await expect(voted.filter({ hasText: NAMES[2]! })).toContainText('Voted');
    // Who voted, never how: no rank, no points on the projector.
    await expect(projector.getByText(/1st|points/)).toHaveCount(0);
    // Names wrap whole: every name is there in full, none cut with an ellipsis.
    for (const name of NAMES) await expect(projector.getByText(name, { exact: true })).toBeVisible();
    const cut = await projector
      .getByTestId('present-team')
      .evaluateAll((items) =>
        items
          .map((item) => item.querySelector('span.min-w-0')!)
          .filter((name) => name.scrollWidth > name.clientWidth),
      );
    expect(cut).toHaveLength(0);
    await shot(projector, 'showcase-votes-1920');
    await instructor.close();
    expect(errors).toEqual([]);
  });

  test("an instructor's answer with a line reaches the team's page", async ({ browser }) => {
    const admin = await adminApi();
    const { tag, teams } = await roomCohort(admin, uniqueName('Help Line'), NAMES.slice(0, 1));
    expect(tag).toBeTruthy();
    const team = teams[0]!.team;
    const device = await openAsTeam(browser, team, { path: '/phase/2' });
    await device.page.getByRole('button', { name: 'Ask for help' }).click();
    await device.page.getByLabel('What are you stuck on? (optional)').fill('Which competitors count?');
    await device.page.getByRole('button', { name: 'Send request' }).click();
    await expect(device.page.getByTestId('help-status')).toContainText('Help is on the way');

    const instructor = await instructorContext(browser);
    const { page: dashboard, errors } = await watchedPage(instructor);
    await dashboard.goto('/admin');
    await dashboard.getByRole('tab', { name: /Help requests/ }).click();
    const request = dashboard.getByTestId('help-request').filter({ hasText: team.name });
    await expect(request).toContainText('Which competitors count?');
    await request
      .getByLabel(`Answer ${team.name} with a line`)
      .fill('Only the ones your customers compare you with.');
    await request.getByRole('button', { name: 'Send answer' }).click();
    await expect(request).toHaveCount(0);
    await expect(device.page.getByTestId('help-status')).toContainText('was answered by e2e-instructor');
    await expect(device.page.getByTestId('help-answer')).toHaveText(
      '"Only the ones your customers compare you with."',
    );
    await instructor.close();
    await device.close();
    expect(errors).toEqual([]);
  });
});
