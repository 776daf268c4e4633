import type { Page } from '@playwright/test';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  expect,
  expectAtWindowBottom,
  expectNoSideScroll,
  openAsTeam,
  settledBoxes,
  test,
} from './support/fixtures.ts';
import { instructorContext, roomCohort, vote, watchedPage } from './support/live-room.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('room', { fullPage: false });

/**
 * Records, from the page's first frame, every state of the page a frame could show: after each change of the
 * page (a MutationObserver's callback runs before the next paint), the team names in it and the podium
 * places on show.
 */
function recordRevealFrames(names: readonly string[]) {
  const record = window as unknown as { frames: { names: string[]; revealed: number[] }[] };
  record.frames = [];
  const read = () => {
    // The page itself (a team's own name is in its header).
    const text = document.getElementById('main')?.textContent ?? '';
    const revealed = [1, 2, 3].filter(
      (place) =>
        document.querySelector(`[data-testid="podium-place-${place}"]`)?.getAttribute('data-revealed') ===
        'true',
    );
    const leaderboard = document.querySelector('[aria-label="Leaderboard"]') !== null;
    record.frames.push({
      names: names.filter((name) => text.includes(name)),
      revealed: leaderboard ? [...revealed, 0] : revealed,
    });
  };
  new MutationObserver(read).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
}

test.describe('the room reads one story', () => {
  test("a laptop joins from the projector: it types the room screen's short address and code, and its new team gets the Workspace Code card", async ({
    browser,
  }) => {
    const admin = await adminApi();
    const name = uniqueName('Typed Room');
    const tag = await createCohort(admin, name);

    // The projector: the room screen at 1920x1080, presented.
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    const { page: screen, errors: screenErrors } = await watchedPage(instructor);
    await screen.goto(`/admin/cohorts/${tag}/room`);
    await screen.getByRole('button', { name: 'Present' }).click();
    const join = screen.getByTestId('room-join');
    await expect(join.getByTestId('join-qr')).toBeVisible();
    const address = (await join.getByTestId('room-join-address').textContent())!.trim();
    const shown = (await join.getByTestId('room-join-code').textContent())!.trim();
    expect(address).toBe(`${new URL(process.env.E2E_BASE_URL!).host}/join`);
    expect(shown).toMatch(/^[ACDEFGHJKMNPRTWX]{3} [ACDEFGHJKMNPRTWX]{3}$/);
    // Read from the back of the room: the code is large on the projector, and the QR code carries the same.
    const codeSize = await join
      .getByTestId('room-join-code')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(codeSize).toBeGreaterThanOrEqual(60);
    await expect(join.getByTestId('join-qr').locator('title')).toHaveText(
      new RegExp(`/join/${shown.replace(' ', '')}$`),
    );
    await shot(screen, 'screen-1920');
    await expectNoSeriousAxeViolations(screen);

    // A laptop of a team with no workspace yet types what it read, as a person would (lower case).
    const laptop = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const page = await laptop.newPage();
    const laptopErrors: string[] = [];
    page.on('pageerror', (error) => laptopErrors.push(error.message));
    await page.goto(`http://${address}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Join a cohort' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // A mistyped code is said at once, before any workspace is made.
    await page.getByLabel('Room code').fill('KXM');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "That is not a room code: it has 6 letters, like KXM RTA. Check it on the room's screen.",
    );
    await page.getByLabel('Room code').fill(shown.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/join/${shown.replace(' ', '')}$`));
    await page.getByRole('button', { name: 'Open Your Workspace' }).click();
    const teamName = uniqueName('Typists');
    await page.getByPlaceholder('How would you like to be known?').fill(teamName);
    await page.getByRole('button', { name: 'Create My Workspace' }).click();

    // Its new team lands on the join page with the Workspace Code card, as any new team does.
    const card = page.getByTestId('workspace-code-card');
    await expect(card).toBeVisible();
    const teamCode = (await card.getByTestId('workspace-code-card-code').textContent())!.trim();
    expect(teamCode).toMatch(/^[A-Z0-9]{4}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Join cohort ${name}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Join cohort' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `You joined ${name}` })).toBeVisible();
    await expect(card).toBeVisible();
    await shot(page, 'joined-laptop');
    const teams = (await (await admin.get('/api/teams')).json()) as {
      name: string;
      cohortTag: string | null;
    }[];
    expect(teams.find((t) => t.name === teamName)?.cohortTag).toBe(tag);

    // The same screen on a phone-sized window still shows the way in whole.
    await screen.keyboard.press('Escape');
    await screen.setViewportSize({ width: 375, height: 740 });
    await expect(screen.getByTestId('room-join-code')).toBeVisible();
    await expectNoSideScroll(screen);
    await shot(screen, 'screen-375');

    expect(screenErrors).toEqual([]);
    expect(laptopErrors).toEqual([]);
    await laptop.close();
    await instructor.close();
    await admin.dispose();
  });

  test('the pace banner arrives without moving the page and stays in view while it scrolls', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const tag = await createCohort(admin, uniqueName('Sticky Room'));
    const member = await apiTeam(admin, tag, uniqueName('Kestrel'));
    // The pace is set before the team's page opens: the banner arrives seconds after the page, on its stream.
    const paced = await admin.patch(`/api/admin/cohorts/${tag}/pace`, {
      data: { phase: 2, minutes: 10, message: 'Competitors first, then the price table' },
    });
    expect(paced.status()).toBe(200);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const team = await openAsTeam(browser, member.team, { path: '/', viewport });
      // Every layout shift of the page from its first frame (with what moved, to read in a failure), and the
      // moment the banner first came.
      await team.page.addInitScript(() => {
        type Shift = { value: number; at: number; moved: string[] };
        const record = window as unknown as { shifts: Shift[]; bannerAt?: number };
        record.shifts = [];
        const named = (node: Node | null) =>
          node instanceof Element
            ? `${node.localName}${node.id ? `#${node.id}` : ''}${node.getAttribute('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}`
            : String(node?.nodeName);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: { node: Node | null }[];
          })[]) {
            const moved = (entry.sources ?? []).map((source) => named(source.node));
            record.shifts.push({ value: entry.value, at: entry.startTime, moved });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver(() => {
          if (record.bannerAt === undefined && document.querySelector('[data-testid="pace-banner"]')) {
            record.bannerAt = performance.now();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await team.page.goto('/phase/2');
      const banner = team.page.getByTestId('pace-banner');
      await expect(banner.getByTestId('pace-message')).toHaveText('Competitors first, then the price table');
      const form = team.page.getByRole('form', { name: 'Decision Box' });
      await settledBoxes([banner, form]);
      const measured = await team.page.evaluate(() => {
        const record = window as unknown as {
          shifts: { value: number; at: number; moved: string[] }[];
          bannerAt?: number;
        };
        return { shifts: record.shifts, bannerAt: record.bannerAt };
      });
      expect(measured.bannerAt, 'the banner came after the page').toBeGreaterThan(0);
      const after = measured.shifts.filter((shift) => shift.at >= measured.bannerAt!);
      expect(after, 'layout shifts from the banner on').toEqual([]);
      // Nor does the page itself move as it arrives, whichever comes first: its parts arrive together, not
      // one above the form's place after another (a shift of 0.41 of the window at 1280 px once did). Under
      // 0.1 in all, a page whose layout is stable by Web Vitals' measure.
      const total = measured.shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(
        total,
        `the page's layout shifts as it arrives: ${JSON.stringify(measured.shifts)}`,
      ).toBeLessThan(0.1);
      await expectAtWindowBottom(banner);
      await shot(team.page, `pace-top-${viewport.width}`);

      // Scrolled to the end: the banner is still in view, and the page's last line clear of it.
      await team.page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expectAtWindowBottom(banner);
      const footer = team.page.locator('footer');
      await settledBoxes(
        [banner, footer],
        ([bar, end]) => end!.y + end!.height <= bar!.y + 0.5,
        'the end clear',
      );
      await expectNoSideScroll(team.page);
      await shot(team.page, `pace-scrolled-${viewport.width}`);
      await team.close();
    }
    await member.api.dispose();
    await admin.dispose();
  });

  test('the reveal: two teams on equal points are told apart by the stated tie-break, and no name shows before its place', async ({
    browser,
  }) => {
    const admin = await adminApi();
    const names = ['Aurora', 'Borealis', 'Comet', 'Dune', 'Eclipse'];
    const { tag, teams } = await roomCohort(admin, uniqueName('Tied Room'), names);
    const [a, b, c, d, e] = teams.map((t) => t.team) as [never, never, never, never, never];
    // Aurora 10 points (three 1st place votes), Borealis 10 (two), Comet 7, Dune 2, Eclipse 1.
    await vote(tag, teams[0]!, [b, c, d]);
    await vote(tag, teams[1]!, [a, c, e]);
    await vote(tag, teams[2]!, [a, b, d]);
    await vote(tag, teams[3]!, [b, c, a]);
    await vote(tag, teams[4]!, [a, b, c]);
    const released = await admin.patch(`/api/admin/cohorts/${tag}`, {
      data: { resultsVisible: true },
    });
    expect(released.status()).toBe(200);
    /** Which place each name waits for: its own on the podium, the leaderboard's (0) below it. */
    const placeOf: Record<string, number> = { Aurora: 1, Borealis: 2, Comet: 3, Dune: 0, Eclipse: 0 };

    // The projector (presented, 1920x1080) and a team's phone with reduced motion, recording every frame.
    const instructor = await instructorContext(browser, { width: 1920, height: 1080 });
    const { page: projector, errors: projectorErrors } = await watchedPage(instructor);
    const phone = await openAsTeam(browser, teams[2]!.team, {
      path: '/',
      viewport: { width: 375, height: 740 },
    });
    await phone.page.emulateMedia({ reducedMotion: 'reduce' });
    for (const page of [projector, phone.page]) {
      await page.addInitScript(recordRevealFrames, names);
      await page.goto(`/results/${tag}`);
      await expect(page.getByRole('button', { name: 'And the winners are...' })).toBeVisible();
    }
    await projector.getByRole('button', { name: 'Present' }).click();
    await projector.getByRole('button', { name: 'And the winners are...' }).click();

    const stated = 'Aurora is ahead of Borealis on equal points (10 each): more 1st place votes, 3 to 2.';
    for (const page of [projector, phone.page]) {
      await expect(page.getByTestId('tie-break-note')).toHaveText(stated);
      await expect(page.getByTestId('podium-place-1').getByTestId('podium-name')).toHaveText('Aurora');
      await expect(page.getByTestId('podium-place-2').getByTestId('podium-name')).toHaveText('Borealis');
      await expect(page.getByTestId('leaderboard-row')).toHaveCount(5);
      const frames = await page.evaluate(
        () => (window as unknown as { frames: { names: string[]; revealed: number[] }[] }).frames,
      );
      // Every frame from the press on: a name only with its place, and the places one by one, 3rd first.
      const early = frames.filter((frame) =>
        frame.names.some((name) => !frame.revealed.includes(placeOf[name]!)),
      );
      expect(early, 'frames with a name before its place').toEqual([]);
      const orders = [...new Set(frames.map((frame) => frame.revealed.join(',')))];
      expect(orders).toEqual(['', '3', '2,3', '1,2,3,0'].filter((order) => orders.includes(order)));
      expect(orders).toContain('3');
    }
    await page375Shot(phone.page);
    await shot(projector, 'reveal-1920');

    expect(projectorErrors).toEqual([]);
    await phone.close();
    await instructor.close();
    await admin.dispose();
  });
});

/** The revealed results on a phone, from the podium down. */
async function page375Shot(page: Page) {
  await page.getByRole('heading', { name: 'Championship Podium' }).scrollIntoViewIfNeeded();
  await shot(page, 'reveal-375');
  await page.getByTestId('tie-break-note').scrollIntoViewIfNeeded();
  await shot(page, 'reveal-375-tie');
}
