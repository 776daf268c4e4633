import type { Browser, Page } from '@playwright/test';
import { apiContext, createTeams, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { saved } from './support/form.ts';

/**
 * Text typed the moment an activity lets you type is kept: on a first visit and on a return visit, in
 * practice mode and in a workspace, on every activity. A practice-mode return visit is shown the activity's
 * pre-rendered page at once and its fields take keys before the app has taken the page over; what is typed
 * there is typed again into the app's form (src/web/lib/early-typing.ts).
 */

const FIRST_TEXT =
  'form[aria-label="Decision Box"] :is(input[type="text"][id^="field-"], textarea[id^="field-"])';

/** Types `text` into the activity's first text field the moment it takes keys; answers the field's id. */
async function typeAtOnce(page: Page, text: string): Promise<string> {
  const first = page.locator(FIRST_TEXT).first();
  await expect.poll(() => first.isEditable().catch(() => false), { intervals: [10] }).toBe(true);
  await first.pressSequentially(text);
  const id = await first.getAttribute('id');
  return `#${id}`;
}

/**
 * Opens `/phase/{phase}` with the app's code held back until `beforeTheApp` has run on the pre-rendered page:
 * what it does certainly happens before the app takes the page over, however fast this machine starts it
 * (the unheld visits race the app, and catch this case only when it happens to be slow).
 */
async function beforeTheApp(page: Page, phase: number, act: () => Promise<void>): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const code = /\/assets\/.*\.js$/;
  await page.route(code, async (route) => {
    await held;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the held module scripts.
  await page.goto(`/phase/${phase}`, { waitUntil: 'commit' });
  await act();
  release();
  await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
  await page.unroute(code);
}

/** Types `text` into the pre-rendered form before the app's code has arrived; answers the field's id. */
async function typeBeforeTheApp(page: Page, phase: number, text: string): Promise<string> {
  let field = '';
  await beforeTheApp(page, phase, async () => {
    field = await typeAtOnce(page, text);
    await expect(page.locator(field)).toHaveValue(text);
  });
  return field;
}

/**
 * Clicks into the pre-rendered form's first text field before the app's code has arrived, and types `text`
 * with the keyboard only once the app has taken the page over: the keys go wherever the focus is, so they
 * land in the field only if the app's form kept the person's place. Answers the field's id.
 */
async function chooseBeforeTheApp(page: Page, phase: number, text: string): Promise<string> {
  let field = '';
  await beforeTheApp(page, phase, async () => {
    const first = page.locator(FIRST_TEXT).first();
    await expect.poll(() => first.isEditable().catch(() => false), { intervals: [10] }).toBe(true);
    await first.click();
    field = `#${await first.getAttribute('id')}`;
  });
  await page.keyboard.type(text);
  return field;
}

/**
 * The text is in the field 3 s after it was typed (the page did not take it away as it started) and, once
 * saved, after a reload.
 */
async function expectKept(page: Page, field: string, texts: string[]) {
  // What is checked is that nothing takes the text away as the page finishes starting, so this waits.
  await page.waitForTimeout(3000);
  for (const text of texts) await expect(page.locator(field)).toHaveValue(new RegExp(text));
  await saved(page);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
  for (const text of texts) await expect(page.locator(field)).toHaveValue(new RegExp(text));
}

async function practiceVisits(browser: Browser, phase: number) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  // First visit: the workspace dialog asks; practice mode chosen, the person types at once.
  await page.goto(`/phase/${phase}`);
  await page.getByRole('button', { name: 'Try without saving' }).click();
  const first = `first visit ${phase}`;
  const field = await typeAtOnce(page, first);
  await expectKept(page, field, [first]);
  // Return visit: a full page load, typing into the page the moment it takes keys.
  await page.goto(`/phase/${phase}`);
  const again = `return visit ${phase}`;
  expect(await typeAtOnce(page, again)).toBe(field);
  await expectKept(page, field, [first, again]);
  // Return visit typed into before the app's code has even arrived.
  const early = `before the app ${phase}`;
  expect(await typeBeforeTheApp(page, phase, early)).toBe(field);
  await expectKept(page, field, [first, again, early]);
  // Return visit where the person clicked into the field before the app's code arrived and types after.
  const chosen = `chosen before the app ${phase}`;
  expect(await chooseBeforeTheApp(page, phase, chosen)).toBe(field);
  await expectKept(page, field, [first, again, early, chosen]);
  await context.close();
}

async function workspaceVisits(browser: Browser, accessToken: string, phase: number) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await context.request.post('/api/auth/team/login', { data: { access_token: accessToken } });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  await page.goto(`/phase/${phase}`);
  const first = `first visit ${phase}`;
  const field = await typeAtOnce(page, first);
  await expectKept(page, field, [first]);
  await page.goto(`/phase/${phase}`);
  const again = `return visit ${phase}`;
  expect(await typeAtOnce(page, again)).toBe(field);
  await expectKept(page, field, [first, again]);
  // A team's browser is never sent the pre-rendered page (its programme may differ): its first field to take
  // keys is the app's own, so there is no "before the app" visit here.
  await context.close();
}

test.describe('text typed the moment an activity lets you type', () => {
  for (const phase of [1, 2, 3, 4, 5, 6, 7, 8]) {
    test(`is kept on activity ${phase}, in practice mode and in a workspace`, async ({ browser }) => {
      await practiceVisits(browser, phase);
      const api = await apiContext();
      const [team] = await createTeams(api, [uniqueName('At once')]);
      await workspaceVisits(browser, team!.accessToken, phase);
      await api.dispose();
    });
  }
});
