import type { Browser } from '@playwright/test';
import { FakeModel } from '../testing/api/fake-model.ts';
import { apiContext } from './support/api.ts';
import { E2E_ADMIN, startApp } from './support/global-setup.ts';
import { expect, test } from './support/fixtures.ts';

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
  await expect(first.page.getByTestId('run-allowance')).toContainText('52 of 50,000 tokens used');

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

  // The instructor pauses the team: its page says so at once.
  await row.getByRole('button', { name: 'Pause runs of Bakers' }).click();
  await expect(first.page.getByTestId('run-refusal')).toHaveText(
    "Your instructor has paused your team's runs. Copy the prompt instead, or ask your instructor.",
  );

  for (const opened of [first, mate, instructor]) {
    expect(await opened.page.content()).not.toContain(KEY);
    expect(opened.errors, 'console errors').toEqual([]);
    await opened.context.close();
  }
  await admin.dispose();
});
