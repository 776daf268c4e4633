import {
  test as base,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import { type ApiTeam, instructorSessionState } from './api.ts';
import { E2E_ADMIN } from './global-setup.ts';

export { E2E_ADMIN };

/**
 * Every test gets the shared app's base URL, clipboard permissions, and fails on any console error or
 * uncaught page error.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  context: async ({ context, baseURL }, use) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await use(context);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedNetworkError(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** A refused call (404 for an unknown code, 401 status checks) is logged by the browser itself. */
function isExpectedNetworkError(text: string): boolean {
  return /Failed to load resource: the server responded with a status of (401|403|404|409|429)/.test(text);
}

export { expect };

export async function createWorkspace(page: Page, name: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
  await page.getByPlaceholder('How would you like to be known?').fill(name);
  await page.getByRole('button', { name: 'Create My Workspace' }).click();
  const code = (await page.getByTestId('created-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}$/);
  return code;
}

/**
 * The page's browser signed in as the instructor the test server was started with (the worker's one
 * sign-in, support/api.ts), on the dashboard. The sign-in page itself is tested in admin.spec.ts.
 */
export async function loginAsAdmin(page: Page, { ownSession = false } = {}) {
  if (ownSession) {
    // A test that ends the session (Logout) must not end the one every other test of the worker shares.
    const login = await page.request.post('/api/auth/admin/login', { data: E2E_ADMIN });
    expect(login.status(), await login.text()).toBe(200);
  } else {
    await page.context().addCookies((await instructorSessionState()).cookies);
  }
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeVisible();
}

/** On the instructor dashboard: finds a team by name and chooses an action from its row's menu. */
export async function openTeamAction(page: Page, teamName: string, action: string) {
  await page.getByLabel('Search').fill(teamName);
  await page.getByRole('button', { name: `Actions for ${teamName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Opens a phase in practice mode (no workspace): the workspace dialog offers 'Try without saving'. */
export async function practice(page: Page, phase: number) {
  await page.goto(`/phase/${phase}`);
  await page.getByRole('button', { name: 'Try without saving' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A first visit's activity body is adopted once the dialog is answered; typing waits for it.
  await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
}

/**
 * A browser of the team's own, signed in as its secure link signs it in (the login call, from this
 * browser), on `path` (activity 1 by default) with the workspace open. One page load instead of the link's
 * two: the link's own journey is tested in workspace.spec.ts and leaked-codes.spec.ts. This context is not
 * the fixture's, so `close()` fails the test if the page threw.
 */
export async function openAsTeam(
  browser: Browser,
  team: ApiTeam,
  {
    path,
    viewport,
    prepare,
  }: {
    path?: string;
    viewport?: ViewportSize;
    /** Called with the new context before its page opens (routes to set up, say). */
    prepare?: (context: BrowserContext) => Promise<unknown>;
  } = {},
) {
  const baseURL = process.env.E2E_BASE_URL;
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await prepare?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const close = async () => {
    await context.close();
    expect(errors, 'page errors').toEqual([]);
  };
  const login = await context.request.post('/api/auth/team/login', {
    data: { access_token: team.accessToken },
  });
  expect(login.status(), await login.text()).toBe(200);
  const to = path ?? '/phase/1';
  await page.goto(to);
  // An activity page shows the open workspace in its header; other pages (a join link, the results) are the
  // test's to wait for.
  if (to.startsWith('/phase/')) await expect(page.getByTestId('workspace-name')).toHaveText(team.name);
  return { context, page, errors, close };
}

/**
 * Drops the console errors a test causes on purpose (the browser logs every refused or aborted request):
 * by default any failed resource, or those matching `pattern`.
 */
export function forgiveConsoleErrors(errors: string[], pattern: RegExp = /Failed to load resource/) {
  const kept = errors.filter((e) => !pattern.test(e));
  errors.splice(0, errors.length, ...kept);
}

/**
 * Chooses an option of a select (Radix). The list opens on pointer down and sets itself up a moment later:
 * from then on it takes the next pointer release for the release of the opening click, unless the pointer
 * has moved since. A test moves the pointer in one step, so a choice clicked before the list is set up
 * (a busy machine) was taken for that release and ignored, leaving the list open over a page hidden from
 * assistive technology. The list moves focus into itself once it is set up: the choice waits for that.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await expect(page.locator('[role="listbox"]:focus-within')).toHaveCount(1);
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(select).toContainText(option);
}

/**
 * The page scrolls no wider than its viewport. Asked again until it holds or times out, once the fonts have
 * loaded (a resize or a font arriving is laid out on the next frame); a failure names the elements that
 * stick out, so a rare overflow says what it was.
 */
export async function expectNoSideScroll(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(() => {
        const width = window.innerWidth;
        if (document.documentElement.scrollWidth <= width) return 'fits';
        const wide = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > width)
          .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`);
        return `${document.documentElement.scrollWidth} px wide in ${width}: ${wide.slice(-5).join(' | ')}`;
      }),
    )
    .toBe('fits');
}

export type Box = { x: number; y: number; width: number; height: number };

/** The element's box, or null while it is not on the page (never waits for it). */
async function boxNow(locator: Locator): Promise<Box | null> {
  try {
    return await locator.boundingBox({ timeout: 500 });
  } catch {
    return null;
  }
}

/**
 * The boxes of `locators` once the layout has settled: fonts loaded, every element on the page, and the same
 * boxes in two reads in a row (a menu arriving after the first paint, a banner, an image or a resize moves
 * things for a frame or two). When `holds` is given, the settled boxes must also satisfy it; a failure
 * shows the boxes last read.
 */
export async function settledBoxes(
  locators: readonly Locator[],
  holds: (boxes: Box[]) => boolean = () => true,
  message = 'the layout settles',
): Promise<Box[]> {
  await locators[0]!.page().evaluate(() => document.fonts.ready.then(() => undefined));
  let previous = '';
  let boxes: (Box | null)[] = [];
  await expect
    .poll(
      async () => {
        boxes = await Promise.all(locators.map(boxNow));
        const read = JSON.stringify(boxes);
        const steady = read === previous;
        previous = read;
        if (!boxes.every(Boolean)) return `not on the page yet: ${read}`;
        if (!steady) return `still moving: ${read}`;
        return holds(boxes as Box[]) ? 'holds' : `settled but not as expected: ${read}`;
      },
      { message, intervals: [100, 100, 250, 500] },
    )
    .toBe('holds');
  return boxes as Box[];
}

/** `upper` ends above where `lower` starts, once the layout has settled. */
export async function expectAbove(upper: Locator, lower: Locator, message = 'one above the other') {
  await settledBoxes([upper, lower], ([a, b]) => a!.y + a!.height <= b!.y + 0.5, message);
}

/** The element lies along the bottom of the window, its full width, once the layout has settled. */
export async function expectAtWindowBottom(locator: Locator, message = 'along the bottom of the window') {
  const size = locator.page().viewportSize()!;
  await settledBoxes(
    [locator],
    ([box]) =>
      Math.abs(box!.y + box!.height - size.height) <= 0.5 && box!.x <= 0.5 && box!.width >= size.width - 20,
    message,
  );
}
