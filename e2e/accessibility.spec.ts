import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settleAnimations } from './support/axe.ts';
import { adminApi, apiTeam, castBallots, createCohort, setSwitches, uniqueTag } from './support/api.ts';
import {
  createWorkspace,
  expect,
  expectNoSideScroll,
  loginAsAdmin,
  openAsTeam,
  practice,
  test,
} from './support/fixtures.ts';

/**
 * Accessibility (docs/ACCESSIBILITY.md): every route and every dialog is scanned with axe against WCAG 2.2 AA
 * (no serious or critical violation, colour contrast included), at desktop width and at 375 px, where the
 * page must not scroll sideways; and a keyboard-only journey from the landing page to a copied prompt,
 * with visible focus at each step. See docs/ACCESSIBILITY.md.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * axe's best-practice rules that keep a page's structure sound; they are moderate, not serious, yet cheap to
 * keep at zero: headings go down one level at a time, landmarks are unique, and every dialog has a name.
 */
const STRUCTURE_RULES = new Set([
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'aria-dialog-name',
]);

/**
 * Rules about the page as a whole: they cannot hold while a modal dialog hides the page from assistive
 * technology, so overlay scans leave them to the route scans.
 */
const PAGE_RULES = new Set(['page-has-heading-one', 'landmark-one-main']);

/**
 * Runs axe on the page as it is now (WCAG 2.0, 2.1 and 2.2 A and AA, plus best practices); returns one
 * readable line (rule, impact, target nodes) per serious or critical violation and per structure-rule
 * violation.
 */
async function seriousViolations(page: Page, label: string, overlay = false): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
  // The contrast rule must have run: it is the WCAG AA contrast check of this spec.
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  expect(ran.some((r) => r.id === 'color-contrast')).toBe(true);
  return results.violations
    .filter(
      (v) =>
        v.impact === 'serious' ||
        v.impact === 'critical' ||
        (STRUCTURE_RULES.has(v.id) && !(overlay && PAGE_RULES.has(v.id))),
    )
    .map(
      (v) =>
        `[${label}] ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')} – ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n'),
    );
}

/**
 * Scans the page at desktop width and at 375 px (where it must not scroll sideways), then restores the
 * desktop size. Reports every violation found instead of stopping at the first.
 */
async function checkPage(page: Page, label: string) {
  const found = await seriousViolations(page, `${label} @1280`);
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  found.push(...(await seriousViolations(page, `${label} @375`)));
  await page.setViewportSize(DESKTOP);
  if (found.length) console.log(found.join('\n'));
  expect.soft(found, `${label}: serious or critical axe violations`).toEqual([]);
}

/** Scans a dialog (or menu) while it is open, at the current width only. */
async function checkOverlay(page: Page, label: string) {
  const found = await seriousViolations(page, label, true);
  if (found.length) console.log(found.join('\n'));
  await expectNoSideScroll(page);
  expect.soft(found, `${label}: serious or critical axe violations`).toEqual([]);
}

test.describe('accessibility: axe scans of every route (WCAG 2.2 AA) and no sideways scroll at 375 px', () => {
  test('landing page, credits, privacy and a 404 path', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Applied GenAI Lab' })).toBeVisible();
    await checkPage(page, '/');

    await page.goto('/credits');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Credits');
    await checkPage(page, '/credits');

    await page.goto('/privacy');
    await expect(page.getByText('Effective June 12, 2025')).toBeVisible();
    await checkPage(page, '/privacy');

    await page.goto(`/${uniqueTag('no-such-page')}`);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await checkPage(page, '404');

    await page.goto('/phase/9');
    await expect(page.getByRole('heading', { name: 'Phase Not Found' })).toBeVisible();
    await checkPage(page, '/phase/9 (Phase Not Found)');

    for (const path of ['/showcase', '/results']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Cohort Not Found' })).toBeVisible();
      await checkPage(page, `${path} (Cohort Not Found)`);
    }
  });

  // One test per activity: each page's two scans take half a minute on a busy machine, and the workers share them.
  for (let phase = 1; phase <= 7; phase++) {
    test(`phase ${phase} with a workspace`, async ({ page }) => {
      const code = await createWorkspace(page, uniqueTag(`A11y Phase ${phase}`));
      await page.goto(`/phase/${phase}?team_id=${code}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('prompt-preview')).toBeVisible();
      // The heading and the preview are in the pre-rendered HTML too, which the app replaces as it starts:
      // the scan waits for the app's own page, its form live.
      await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
      await checkPage(page, `/phase/${phase}`);
    });
  }

  test('phase 8 for a team in a cohort, with the website card', async ({ browser }) => {
    const admin = await adminApi();
    const tag = await createCohort(admin, 'A11y Website Cohort');
    await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });
    const { api, team } = await apiTeam(admin, tag, uniqueTag('Site Builders'), 'site-builders.example');
    const { page, close } = await openAsTeam(browser, team, { viewport: DESKTOP });
    await page.goto(`/phase/8?team_id=${team.code}`);
    await expect(page.getByRole('heading', { name: 'Submit Your Deployed Website' })).toBeVisible();
    await expect(page.getByLabel('Secure link')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to Showcase & Vote' })).toBeVisible();
    await checkPage(page, '/phase/8 (cohort)');
    await close();
    await api.dispose();
    await admin.dispose();
  });

  test('admin: Access Denied, login, both dashboard tabs, the instructions dialog and the More menu', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await checkPage(page, '/admin (Access Denied)');

    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await checkPage(page, '/admin-login');

    // A cohort with a team so both tabs have content.
    const admin = await adminApi();
    const tag = await createCohort(admin, 'A11y Dashboard Cohort');
    await setSwitches(admin, tag, { competitionEnabled: true });
    const { api } = await apiTeam(admin, tag, uniqueTag('Dashboard Team'));

    await loginAsAdmin(page);
    await expect(page.getByRole('tab', { name: /Participants/ })).toHaveAttribute('aria-selected', 'true');
    await checkPage(page, '/admin Participants');
    await page.getByRole('tab', { name: /Cohorts/ }).click();
    await expect(page.getByTestId(`cohort-${tag}`)).toBeVisible();
    await checkPage(page, '/admin Cohorts');

    await page.getByRole('button', { name: 'Instructions' }).click();
    await expect(page.getByRole('dialog', { name: 'How to run a cohort' })).toBeVisible();
    await checkOverlay(page, 'instructions dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The dashboard's header is the instructor's: no activities nav. Elsewhere admins see all eight
    // activities: the header's More menu holds those the bar does not name.
    await expect(page.getByRole('navigation', { name: 'Activities' }).getByRole('link')).toHaveCount(0);
    await page.goto('/');
    const more = page.getByRole('navigation', { name: 'Activities' }).getByRole('button', { name: 'More' });
    // The menu's own trigger (Radix) replaces its stand-in once the menus have loaded.
    await expect(more).toHaveAttribute('data-menu', 'more');
    await more.click();
    await expect(page.getByRole('menuitem', { name: /Implementation/ })).toBeVisible();
    await checkOverlay(page, 'More menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await api.dispose();
    await admin.dispose();
  });

  test('showcase: no session, submit first, the team cards with the ballot and its confirmation', async ({
    page,
    browser,
  }) => {
    const admin = await adminApi();
    const tag = await createCohort(admin, 'A11y Showcase Cohort');
    await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });

    await page.goto(`/showcase/${tag}`);
    await expect(page.getByRole('heading', { name: 'Team session required' })).toBeVisible();
    await checkPage(page, '/showcase (no session)');

    const voter = await apiTeam(admin, tag, uniqueTag('Voter'));
    const others = [
      await apiTeam(admin, tag, uniqueTag('Xenon'), 'xenon.example'),
      await apiTeam(admin, tag, uniqueTag('Yonder'), 'yonder.example'),
      await apiTeam(admin, tag, uniqueTag('Zephyr'), 'zephyr.example'),
    ];
    const { page: teamPage, close } = await openAsTeam(browser, voter.team, { viewport: DESKTOP });
    await teamPage.goto(`/showcase/${tag}`);
    await expect(teamPage.getByRole('heading', { name: 'Submit your website first' })).toBeVisible();
    await checkPage(teamPage, '/showcase (submit first)');

    await voter.api.patch(`/api/teams/${voter.team.id}/website`, { data: { websiteUrl: 'voter.example' } });
    await teamPage.reload();
    await expect(teamPage.getByTestId('showcase-team')).toHaveCount(4);
    await expect(teamPage.getByRole('button', { name: 'Submit Votes' })).toBeDisabled();
    await checkPage(teamPage, '/showcase (ballot)');

    const [a, b, c] = others.map((o) => o.team.name);
    await teamPage.getByRole('button', { name: `1st place for ${a}` }).click();
    await teamPage.getByRole('button', { name: `2nd place for ${b}` }).click();
    await teamPage.getByRole('button', { name: `3rd place for ${c}` }).click();
    await checkPage(teamPage, '/showcase (ballot filled)');
    await teamPage.getByRole('button', { name: 'Submit Votes' }).click();
    await expect(teamPage.getByRole('dialog', { name: 'Confirm your votes' })).toBeVisible();
    await checkOverlay(teamPage, 'ballot confirmation dialog');
    await teamPage.setViewportSize(PHONE);
    await checkOverlay(teamPage, 'ballot confirmation dialog @375');
    await teamPage.setViewportSize(DESKTOP);
    await teamPage.getByRole('dialog').getByRole('button', { name: 'Cast My Votes' }).click();
    await expect(teamPage.getByRole('heading', { name: 'Thank you for voting!' })).toBeVisible();
    // The success toast too (its renderer loads on first use): the scan must see it, not its fade-in.
    await expect(teamPage.getByText('Votes submitted successfully', { exact: true })).toBeVisible();
    await checkPage(teamPage, '/showcase (voted)');

    await close();
    for (const member of [voter, ...others]) await member.api.dispose();
    await admin.dispose();
  });

  test('results: not enabled, not available, no votes, the moment, and after the reveal', async ({
    page,
  }) => {
    const admin = await adminApi();
    const tag = await createCohort(admin, 'A11y Results Night');
    const members: Awaited<ReturnType<typeof apiTeam>>[] = [];
    for (const name of ['Aurora', 'Borealis', 'Comet', 'Dune']) {
      members.push(await apiTeam(admin, tag, uniqueTag(name), `${name.toLowerCase()}.example`));
    }

    await page.goto(`/results/${tag}`);
    await expect(page.getByRole('heading', { name: 'Competition Not Enabled' })).toBeVisible();
    await checkPage(page, '/results (not enabled)');

    await setSwitches(admin, tag, { competitionEnabled: true });
    await expect(page.getByRole('heading', { name: 'Results Not Yet Available' })).toBeVisible();
    await checkPage(page, '/results (not available)');

    await setSwitches(admin, tag, { resultsVisible: true });
    await expect(page.getByRole('heading', { name: 'No votes yet' })).toBeVisible();
    await checkPage(page, '/results (no votes)');

    await setSwitches(admin, tag, { votingOpen: true });
    const ballots = [
      [1, 2, 3],
      [0, 2, 3],
      [1, 0, 3],
      [1, 0, 2],
    ];
    await castBallots(tag, members, ballots);
    await expect(page.getByRole('heading', { name: "The Moment You've Been Waiting For" })).toBeVisible();
    await checkPage(page, '/results (the moment)');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'And the winners are...' }).click();
    await expect(page.getByTestId('podium-place-1')).toHaveAttribute('data-revealed', 'true');
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(4);
    await checkPage(page, '/results (revealed)');

    for (const member of members) await member.api.dispose();
    await admin.dispose();
  });
});

test.describe('accessibility: axe scans of every dialog and menu', () => {
  test('workspace dialog at desktop width and at 375 px', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' })).toBeVisible();
    await checkOverlay(page, 'workspace dialog');
    await page.setViewportSize(PHONE);
    await checkOverlay(page, 'workspace dialog @375');
  });

  test('avatar picker and account menu', async ({ page }) => {
    await createWorkspace(page, uniqueTag('A11y Menus'));
    await page.getByRole('button', { name: 'Change team avatar' }).click();
    await expect(page.getByRole('listbox', { name: 'Avatars' })).toBeVisible();
    await checkOverlay(page, 'avatar picker');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Avatars' })).toBeHidden();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Open Another Workspace' })).toBeVisible();
    await checkOverlay(page, 'account menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    // With the keyboard: focus is back on the trigger; Enter opens the menu on its first item, visibly.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await expectVisibleFocus(page, 'account menu: first item');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem').nth(1)).toBeFocused();
    await expectVisibleFocus(page, 'account menu: second item');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
  });

  test("the mobile 'Navigate to Activity' sheet at 375 px", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await createWorkspace(page, uniqueTag('A11y Phone'));
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigate to Activity' })).toBeVisible();
    await checkOverlay(page, 'Navigate to Activity sheet');
  });

  test('the keep-practice-answers dialog', async ({ page }) => {
    await practice(page, 2);
    await page.getByLabel('Company name', { exact: true }).fill('Practice Toys');
    await expect(page.getByTestId('save-status')).toContainText('Saved in this browser');
    await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    await page.getByPlaceholder('How would you like to be known?').fill(uniqueTag('A11y Keepers'));
    await page.getByRole('button', { name: 'Create My Workspace' }).click();
    await expect(page.getByRole('dialog', { name: 'Keep your practice answers?' })).toBeVisible();
    await checkOverlay(page, 'keep-practice-answers dialog');
    await page.setViewportSize(PHONE);
    await checkOverlay(page, 'keep-practice-answers dialog @375');
  });
});

/** Whether the focused element shows a focus indicator: an outline, or a box-shadow ring. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', visible: false, name: '' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && /rgb\(79, 70, 229\)|oklch/.test(style.boxShadow);
    return {
      tag: el.tagName.toLowerCase(),
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      visible: outline || ring,
      focusVisible: el.matches(':focus-visible'),
    };
  });
}

/** Asserts the focused element shows its indicator (given a moment: Radix marks a focused item on render). */
async function expectVisibleFocus(page: Page, step: string) {
  let last = { tag: '', name: '' };
  await expect
    .poll(
      async () => {
        const focus = await focusIndicator(page);
        last = focus;
        return focus.visible;
      },
      { message: `${step}: focus is visible` },
    )
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nFocused: <${last.tag}> "${last.name}"`);
    });
}

/** Presses Tab (or Shift+Tab) until the focused element matches, checking visible focus on the way. */
async function tabTo(
  page: Page,
  matches: (el: { name: string; id: string; tag: string }) => boolean,
  back = false,
) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      const labelled = a?.id ? document.querySelector(`label[for="${a.id}"]`)?.textContent : null;
      return {
        name: (a?.getAttribute('aria-label') ?? labelled ?? a?.textContent ?? '').trim(),
        id: a?.id ?? '',
        tag: a?.tagName.toLowerCase() ?? '',
      };
    });
    if (el.tag !== 'body') await expectVisibleFocus(page, `Tab stop ${i + 1} (${el.name || el.tag})`);
    if (matches(el)) return;
  }
  throw new Error('The element was not reached with the keyboard');
}

test.describe('accessibility: keyboard only', () => {
  test('from the landing page: create a workspace, fill activity 1 and copy the prompt', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Applied GenAI Lab' })).toBeVisible();

    // The skip link is the first stop.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await expectVisibleFocus(page, 'skip link');

    // The hero's workspace button (the header has one too: the first match is fine either way).
    await tabTo(page, (el) => el.tag === 'button' && el.name.includes('Enter/Create Workspace'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' });
    await expect(dialog).toBeVisible();
    await tabTo(page, (el) => el.id === 'workspace-name');
    await expect(dialog.getByLabel('Workspace name')).toBeFocused();
    const name = uniqueTag('Keyboard Crew');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('Workspace created. Save this Workspace Code:', { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('workspace-name')).toHaveText(name);
    await expect(page).toHaveURL(/\/phase\/1\?team_id=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Market Research' })).toBeVisible();

    // Required fields, reached with Tab and filled by typing.
    const typed: [string, string, string][] = [
      ['company_name', 'Company name', 'BrightBlocks'],
      ['sector', 'Sector or product category', 'STEM toys'],
      ['target_audience', 'Target audience', 'Parents of children aged 6 to 10'],
      ['target_region', 'Target region', 'Germany'],
      ['research_questions', 'Research questions', 'How big is the market?'],
    ];
    for (const [id, label, value] of typed) {
      await tabTo(page, (el) => el.id === `field-${id}`);
      await page.keyboard.type(value);
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }

    // The Radix selects: open with Space or Enter, move with the arrows, choose with Enter.
    const selects = [
      ['time_horizon', 'Time horizon', 'Space', /Five-year outlook/],
      ['research_depth', 'Research depth', 'Enter', /Standard/],
    ] as const;
    for (const [id, label, key, choice] of selects) {
      await tabTo(page, (el) => el.id === `field-${id}`);
      await page.keyboard.press(key);
      const listbox = page.getByRole('listbox');
      await expect(listbox).toBeVisible();
      const options = listbox.getByRole('option');
      const target = await options.evaluateAll(
        (els, source) => els.findIndex((e) => new RegExp(source).test(e.textContent ?? '')),
        choice.source,
      );
      // The first option is highlighted when the list opens; the arrows move from there.
      await expect(options.first()).toBeFocused();
      // Radix moves focus a tick after the key: wait for each move before the next press.
      for (let i = 1; i <= target; i++) {
        await page.keyboard.press('ArrowDown');
        await expect(options.nth(i)).toBeFocused();
        await expectVisibleFocus(page, `${label}: option ${i + 1}`);
      }
      await page.keyboard.press('Enter');
      await expect(listbox).toBeHidden();
      const trigger = page.getByLabel(label, { exact: true });
      await expect(trigger).toContainText(choice);
      await expect(trigger).toBeFocused();
      await expectVisibleFocus(page, `${label} after choosing`);
    }
    await expect(page.getByTestId('save-status')).toContainText('Saved');
    await expect(page.getByTestId('prompt-preview')).toContainText('BrightBlocks');

    // Copy Prompt, with the keyboard: it may sit before or after the form, so search both ways.
    const isCopy = (el: { name: string; tag: string }) => el.tag === 'button' && el.name === 'Copy Prompt';
    await tabTo(page, isCopy).catch(() => tabTo(page, isCopy, true));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Prompt copied!', { exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith('# Market research brief: STEM toys\n')).toBe(true);
    expect(copied).toContain('BrightBlocks');
    expect(copied).toContain('Parents of children aged 6 to 10');
    expect(copied).toContain('How big is the market?');
    // The button keeps focus, visibly, after the click.
    await expectVisibleFocus(page, 'Copy Prompt after copying');
  });
});
