import type { Browser, Page } from '@playwright/test';
import { adminApi, instructorSessionState, uniqueName } from './support/api.ts';
import { expect, forgiveConsoleErrors, test } from './support/fixtures.ts';

/*
 * The programme editor's drafts (docs/decisions/039-programmes.md, The editor): an edit the server never got
 * is kept in this browser, written when the page is left even in the middle of the typing, and saved when
 * the editor opens again; two editors saving from one revision meet a conflict, and "Keep mine" saves mine
 * over theirs while "Load theirs" shows theirs with nothing left to save.
 */

const DRAFT = '**/api/admin/programmes/*/draft';

async function newProgramme(): Promise<string> {
  const admin = await adminApi();
  const created = await admin.post('/api/admin/programmes', {
    data: { name: uniqueName('Drafts'), copyFrom: 'standard' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await admin.dispose();
  return id;
}

async function draftOf(programmeId: string): Promise<{ activities: { intro: string; title: string }[] }> {
  const admin = await adminApi();
  const detail = await (await admin.get(`/api/admin/programmes/${programmeId}`)).json();
  await admin.dispose();
  return detail.draft;
}

async function openEditor(page: Page, programmeId: string) {
  await page.context().addCookies((await instructorSessionState()).cookies);
  await page.goto(`/admin/programmes/${programmeId}`);
  await expect(page.getByTestId('draft-status')).toHaveText('Draft saved');
}

async function editorInContext(browser: Browser, programmeId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openEditor(page, programmeId);
  return { context, page };
}

test('an edit the server never got survives a reload made mid-typing, and is saved once it can be', async ({
  page,
  consoleErrors,
}) => {
  const programmeId = await newProgramme();
  await openEditor(page, programmeId);
  // Every save fails (the network is down): the edit stays in this browser only.
  await page.route(DRAFT, (route) => route.abort());
  const intro = page.locator('#programme-edit-a1-intro');
  const edited = `${await intro.inputValue()} Written while offline.`;
  await intro.fill(edited);
  // At once, before any pause in the typing: leaving the page writes the local copy.
  await page.reload();
  await expect(intro).toHaveValue(edited);
  await expect(page.getByTestId('draft-status')).toHaveText(
    'Not saved yet: kept in this browser, trying again',
  );
  // The network is back: the next try saves it.
  await page.unroute(DRAFT);
  await expect(page.getByTestId('draft-status')).toHaveText('Draft saved');
  expect((await draftOf(programmeId)).activities[0]!.intro).toBe(edited);
  forgiveConsoleErrors(consoleErrors);
});

test('two editors of one revision: "Keep mine" saves mine over theirs, "Load theirs" shows theirs', async ({
  browser,
}) => {
  const programmeId = await newProgramme();
  const first = await editorInContext(browser, programmeId);
  const second = await editorInContext(browser, programmeId);
  const titleOf = (page: Page) => page.locator('#programme-edit-a1-title');

  await titleOf(first.page).fill('Title from the first');
  await expect(first.page.getByTestId('draft-status')).toHaveText('Draft saved');
  // The second saves from the revision both opened: the server refuses it, and it asks.
  await titleOf(second.page).fill('Title from the second');
  const conflict = second.page.getByRole('dialog', { name: 'This programme was changed elsewhere' });
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.page.getByTestId('draft-status')).toHaveText('Draft saved');
  expect((await draftOf(programmeId)).activities[0]!.title).toBe('Title from the second');

  // The first now edits from the revision the second replaced: it asks, and takes theirs.
  await titleOf(first.page).fill('Title from the first, again');
  const again = first.page.getByRole('dialog', { name: 'This programme was changed elsewhere' });
  await again.getByRole('button', { name: 'Load theirs' }).click();
  await expect(titleOf(first.page)).toHaveValue('Title from the second');
  await expect(first.page.getByTestId('draft-status')).toHaveText('Draft saved');
  expect((await draftOf(programmeId)).activities[0]!.title).toBe('Title from the second');

  await first.context.close();
  await second.context.close();
});
