import type { Browser } from '@playwright/test';
import { FakeModel } from '../testing/api/fake-model.ts';
import { apiContext } from './support/api.ts';
import { E2E_ADMIN, startApp } from './support/global-setup.ts';
import { expect, expectNoSideScroll, test } from './support/fixtures.ts';
import { shotsNamed } from './support/shots.ts';

const shot = shotsNamed('model-runs');

/**
 * Running a prompt on the institute's model, in real browsers: an app of its own, pointed at a small
 * OpenAI-compatible server on loopback (no internet). A team runs activity 2's prompt; the answer appears on
 * its page, on a teammate's page of the same activity, and in the instructor's View work and dashboard.
 */

let fake: FakeModel;
let app: Awaited<ReturnType<typeof startApp>>;
const KEY = 'sk-e2e-never-in-a-page-0123';

test.beforeAll(async () => {
  fake = await FakeModel.start();
  app = await startApp({
    OPENAI_MODEL: 'fake-model-1',
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: fake.url,
    OPENAI_PRICE_PER_1K_TOKENS: '0.01',
    OPENAI_PRICE_CURRENCY: 'EUR',
  });
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

/** A browser signed in with `login` (a team's access token, or the instructor), on `path`. */
async function openAt(browser: Browser, path: string, login: { team?: string; admin?: boolean }) {
  const context = await browser.newContext({ baseURL: app.baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseURL });
  const response = login.team
    ? await context.request.post('/api/auth/team/login', { data: { access_token: login.team } })
    : await context.request.post('/api/auth/admin/login', { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(path);
  return { context, page, errors };
}

test('a team runs a prompt; its teammate and the instructor see the answer', async ({ browser }) => {
  fake.will({
    kind: 'stream',
    parts: ['Three rivals: ', '<b>Crumb & Co</b>', ', Daily Loaf.'],
    usage: { prompt_tokens: 40, completion_tokens: 12 },
  });
  const admin = await apiContext({ baseURL: app.baseURL });
  expect((await admin.post('/api/auth/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
  expect(
    (await admin.post('/api/admin/cohorts', { data: { tag: 'runs-room', name: 'Runs Room' } })).status(),
  ).toBe(201);
  const created = await admin.post('/api/teams', { data: { name: 'Bakers' } });
  expect(created.status()).toBe(201);
  const team = (await created.json()) as { id: string; accessToken: string };
  expect(
    (await admin.post('/api/admin/cohorts/runs-room/teams', { data: { teamIds: [team.id] } })).status(),
  ).toBe(200);

  const first = await openAt(browser, '/phase/2', { team: team.accessToken });
  const mate = await openAt(browser, '/phase/2', { team: team.accessToken });
  const run = first.page.getByRole('button', { name: 'Run', exact: true });

  // Off until the instructor switches runs on: the page says so, and copying stays.
  await expect(first.page.getByTestId('run-refusal')).toHaveText(
    'Runs are off for your cohort: your instructor switches them on. Copy the prompt instead.',
  );
  await expect(run).toBeDisabled();
  expect((await admin.patch('/api/admin/cohorts/runs-room/runs', { data: { on: true } })).status()).toBe(200);
  await expect(run).toBeEnabled();

  await run.click();
  const answer = first.page.getByTestId('model-run-answer').first();
  // The answer is text: the markup the model wrote is shown as written, never rendered.
  await expect(answer).toHaveText('Three rivals: <b>Crumb & Co</b>, Daily Loaf.');
  await expect(first.page.getByTestId('model-run-status').first()).toHaveText('Answered');
  // The line says the runs left in words, from the server's count (a typical run reserves 6,000).
  await expect(first.page.getByTestId('run-allowance')).toContainText(
    'Budget: about 8 runs left (49,948 of 50,000 tokens left; spent about EUR 0.0005).',
  );
  // "Copy answer" puts the answer on the clipboard.
  await first.page.getByRole('button', { name: 'Copy answer' }).first().click();
  expect(await first.page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Three rivals: <b>Crumb & Co</b>, Daily Loaf.',
  );

  // The teammate's page of the same activity hears it live.
  await expect(mate.page.getByTestId('model-run-answer').first()).toHaveText(
    'Three rivals: <b>Crumb & Co</b>, Daily Loaf.',
  );

  // The instructor reads it in View work, and sees the team's use on the dashboard.
  const instructor = await openAt(browser, `/admin/teams/${team.id}/work`, { admin: true });
  await expect(instructor.page.getByTestId('model-run-answer').first()).toHaveText(
    'Three rivals: <b>Crumb & Co</b>, Daily Loaf.',
  );
  await instructor.page.goto('/admin?tab=runs');
  const row = instructor.page.getByTestId('team-runs-row').filter({ hasText: 'Bakers' });
  await expect(row).toContainText('52 tokens');

  // The instructor pauses the team: its page says so at once, and its row says "Paused" in words beside
  // the name (not only a "Resume" button, nor a colour).
  await expect(row.getByText('Paused', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: 'Pause runs of Bakers' }).click();
  await expect(first.page.getByTestId('run-refusal')).toHaveText(
    "Your instructor has paused your team's runs. Copy the prompt instead, or ask your instructor.",
  );
  await expect(row.getByRole('button', { name: 'Resume runs of Bakers' })).toBeVisible();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    await instructor.page.setViewportSize({ width, height });
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByText('Paused', { exact: true })).toBeInViewport();
    await expectNoSideScroll(instructor.page);
    await shot(instructor.page, `paused-${width}`);
  }

  // The model heard the activity's prompt as the server rendered it, never a text the page sent.
  const heard = (fake.heard.at(-1)!.body.messages as { content: string }[])[0]!.content;
  expect(heard).toContain('## Task');

  for (const opened of [first, mate, instructor]) {
    expect(await opened.page.content()).not.toContain(KEY);
    expect(opened.errors, 'console errors').toEqual([]);
    await opened.context.close();
  }
  await admin.dispose();
});

/** The page scrolls no wider than the window, and `locator` is inside the window. */
async function inView(page: import('@playwright/test').Page, testId: string) {
  const answer = page.getByTestId(testId).first();
  await expect(answer).toBeInViewport();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, 'sideways scroll').toBeLessThanOrEqual(0);
}

for (const [width, height] of [
  [1280, 800],
  [375, 740],
] as const) {
  test(`at ${width} px the streaming answer is in view without scrolling, nothing scrolls sideways, and it is used in activity 2`, async ({
    browser,
  }) => {
    // The last words of a part wait for the next (the key scrubber's look-ahead): the first part has more.
    fake.will({ kind: 'held', parts: ['The first rivals are here, and more are coming '], rest: ['now.'] });
    const admin = await apiContext({ baseURL: app.baseURL });
    expect((await admin.post('/api/auth/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
    const tag = `view-${width}`;
    expect((await admin.post('/api/admin/cohorts', { data: { tag, name: `View ${width}` } })).status()).toBe(
      201,
    );
    const created = await admin.post('/api/teams', { data: { name: `Viewers ${width}` } });
    const team = (await created.json()) as { id: string; accessToken: string };
    expect(
      (await admin.post(`/api/admin/cohorts/${tag}/teams`, { data: { teamIds: [team.id] } })).status(),
    ).toBe(200);
    expect((await admin.patch(`/api/admin/cohorts/${tag}/runs`, { data: { on: true } })).status()).toBe(200);
    const opened = await openAt(browser, '/phase/1', { team: team.accessToken });
    await opened.page.setViewportSize({ width, height });
    const run = opened.page.getByRole('button', { name: 'Run', exact: true });
    await expect(run).toBeEnabled();
    await run.click();
    // While it streams: the answer where the team is looking.
    await expect(opened.page.getByTestId('model-run-answer').first()).toContainText(
      'The first rivals are here',
    );
    await expect(opened.page.getByTestId('model-run-status').first()).toHaveText('Running…');
    await inView(opened.page, 'model-run-answer');
    await opened.page.screenshot({ path: `/tmp/e2e-model-run-${width}-streaming.png` });
    fake.release();
    await expect(opened.page.getByTestId('model-run-status').first()).toHaveText('Answered');
    await inView(opened.page, 'model-run-answer');
    await opened.page.screenshot({ path: `/tmp/e2e-model-run-${width}-answered.png` });

    // "Use in" puts the answer into the activity's handoff field, saved like typing: activity 2's prompt
    // builds on it.
    const answerText = 'The first rivals are here, and more are coming now.';
    await opened.page.getByRole('button', { name: 'Use in “Competitors and unmet needs found”' }).click();
    await expect(opened.page.getByLabel('Competitors and unmet needs found')).toHaveValue(answerText);
    await expect(opened.page.getByText('Saved', { exact: false }).first()).toBeVisible();
    await opened.page.goto('/phase/2');
    await expect(opened.page.getByTestId('prompt-preview')).toContainText(answerText);
    await opened.page.screenshot({ path: `/tmp/e2e-model-run-${width}-used-in-2.png` });
    expect(opened.errors, 'console errors').toEqual([]);
    await opened.context.close();
    await admin.dispose();
  });
}
