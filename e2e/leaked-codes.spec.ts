import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, createTeams, uniqueName } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  createWorkspace,
  expect,
  loginAsAdmin,
  openAsTeam,
  openTeamAction,
  test,
} from './support/fixtures.ts';

/** Signs in as the instructor and opens the "New Workspace Code?" dialog of a team. */
async function openNewCodeDialog(page: Page, teamName: string) {
  await loginAsAdmin(page);
  await openTeamAction(page, teamName, 'New Workspace Code');
  return page.getByRole('dialog', { name: 'New Workspace Code?' });
}

/** The workspace this browser's session opens, as the server sees it. */
async function sessionTeam(page: Page): Promise<{ id: string; code: string }> {
  const status = await page.request.get('/api/auth/team/status');
  return (await status.json()).team;
}

/** This browser with a workspace of its own open, and another team whose link it is about to follow. */
async function mineAndAnother(page: Page, request: APIRequestContext, otherPrefix: string) {
  const mine = uniqueName('Mine');
  const myCode = await createWorkspace(page, mine);
  const [other] = await createTeams(request, [uniqueName(otherPrefix)]);
  return { mine, myCode, other: other! };
}

test.describe('a leaked code: the instructor gives the team a new Workspace Code', () => {
  test('the new code shows; the old code stops working, the open page loses its session, answers stay', async ({
    page,
    browser,
  }) => {
    const admin = await adminApi();
    const [team] = await createTeams(admin, [uniqueName('Leaky')]);
    const oldCode = team!.code;
    const saved = await admin.post('/api/phase-data', {
      data: { teamId: team!.id, phaseNumber: 1, data: { company_name: 'Kept Answers Ltd' } },
    });
    expect(saved.ok()).toBe(true);

    // The team has its workspace open in a browser of its own.
    const teamBrowser = await openAsTeam(browser, team!);
    expect((await teamBrowser.page.request.get('/api/auth/team/status')).status()).toBe(200);

    const dialog = await openNewCodeDialog(page, team!.name);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(oldCode);
    await expect(dialog).toContainText('Every open session of the team ends');
    await expect(dialog).toContainText('answers, website and ballot stay');
    await expectNoSeriousAxeViolations(page);
    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await dialog.getByRole('button', { name: 'Create New Code' }).click();
    const shown = page.getByRole('dialog', { name: 'New Workspace Code' });
    const newCode = (await shown.getByTestId('new-code').textContent())?.trim() ?? '';
    expect(newCode).toMatch(/^[A-Z0-9]{4}$/);
    expect(newCode).not.toBe(oldCode);
    await shown.getByRole('button', { name: 'Copy Code' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newCode);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);

    // The list shows the new code.
    const row = page.getByRole('row', { name: new RegExp(team!.name) });
    await expect(row).toContainText(newCode);
    await expect(row).not.toContainText(oldCode);

    // The old code opens nothing; the new one opens the same workspace, answers and all.
    expect((await page.request.get(`/api/teams/${oldCode}`)).status()).toBe(404);
    const reopened = await page.request.get(`/api/teams/${newCode}`);
    expect(reopened.status()).toBe(200);
    expect((await reopened.json()).id).toBe(team!.id);
    const answers = await admin.get(`/api/phase-data/${team!.id}/1`);
    expect((await answers.json()).data).toMatchObject({ company_name: 'Kept Answers Ltd' });

    // The team's open page has lost its session and says so by itself (its stream ends with the session, or
    // its next stream is refused): it asks for a workspace, and shows none. Reloaded, its old link opens
    // no workspace either.
    expect((await teamBrowser.page.request.get('/api/auth/team/status')).status()).toBe(401);
    await expect(
      teamBrowser.page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' }),
    ).toBeVisible();
    await expect(teamBrowser.page.getByTestId('workspace-name')).toHaveCount(0);
    teamBrowser.page.on('dialog', (dialog) => void dialog.accept());
    await teamBrowser.page.reload();
    await expect(
      teamBrowser.page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' }),
    ).toBeVisible();
    await expect(teamBrowser.page.getByTestId('workspace-name')).toHaveCount(0);
    await teamBrowser.close();
    await admin.dispose();
  });

  test("a refusal shows the server's message in the dialog", async ({ page }) => {
    const admin = await adminApi();
    const [team] = await createTeams(admin, [uniqueName('Gone')]);
    const dialog = await openNewCodeDialog(page, team!.name);
    await expect(dialog).toBeVisible();

    // Another instructor deletes the team meanwhile.
    const deleted = await admin.delete(`/api/teams/${team!.id}`, { data: { confirmName: team!.name } });
    expect(deleted.status()).toBe(200);
    await dialog.getByRole('button', { name: 'Create New Code' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Workspace not found.');
    await expect(dialog.getByRole('button', { name: 'Create New Code' })).toBeEnabled();
    await admin.dispose();
  });
});

test.describe('a link for another workspace while one is open', () => {
  test('?team_id= asks first; Stay keeps the open workspace and cleans the URL', async ({
    page,
    request,
  }) => {
    const { mine, myCode, other } = await mineAndAnother(page, request, 'Other');

    await page.goto(`/phase/2?team_id=${other.code}`);
    const dialog = page.getByRole('dialog', { name: 'Switch workspace?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`This link opens ${other.name} (${other.code}).`);
    await expect(dialog).toContainText(`This browser has ${mine} (${myCode}) open.`);
    // Behind the question, the open workspace is still the one shown.
    await expect(page.getByTestId('workspace-name')).toHaveText(mine);
    await expectNoSeriousAxeViolations(page);

    await dialog.getByRole('button', { name: `Stay in ${mine}` }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/phase\/2$/);
    await expect(page.getByTestId('workspace-name')).toHaveText(mine);
    expect((await sessionTeam(page)).code).toBe(myCode);
  });

  test('?team_id= then Switch opens the link’s workspace', async ({ page, request }) => {
    const { other } = await mineAndAnother(page, request, 'Other');

    await page.goto(`/?team_id=${other.code}`);
    const dialog = page.getByRole('dialog', { name: 'Switch workspace?' });
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('workspace-name')).toHaveText(other.name);
    await expect(page.getByText(`Welcome back, ${other.name}`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/\\?team_id=${other.code}$`));
    expect((await sessionTeam(page)).id).toBe(other.id);
  });

  test('a secure link (?token=) asks first; Switch logs in and the token leaves the URL', async ({
    page,
    request,
  }) => {
    const { mine, other } = await mineAndAnother(page, request, 'Linked');

    await page.goto(`/phase/1?team_id=${other.code}&token=${encodeURIComponent(other.accessToken)}`);
    const dialog = page.getByRole('dialog', { name: 'Switch workspace?' });
    await expect(dialog).toContainText(`This link opens ${other.name}`);
    await expect(page.getByTestId('workspace-name')).toHaveText(mine);
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await expect(page.getByTestId('workspace-name')).toHaveText(other.name);
    await expect(page).toHaveURL(new RegExp(`/phase/1\\?team_id=${other.code}$`));
    expect((await sessionTeam(page)).id).toBe(other.id);
  });

  test('a bare ?token= names no workspace; Stay drops it and keeps the session', async ({
    page,
    request,
  }) => {
    const { mine, myCode, other } = await mineAndAnother(page, request, 'Bare');

    await page.goto(`/?token=${encodeURIComponent(other.accessToken)}`);
    const dialog = page.getByRole('dialog', { name: 'Switch workspace?' });
    await expect(dialog).toContainText('This link opens another workspace.');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/token=/);
    await expect(page.getByTestId('workspace-name')).toHaveText(mine);
    expect((await sessionTeam(page)).code).toBe(myCode);
  });

  test('a link for the open workspace does not ask', async ({ page }) => {
    const mine = uniqueName('Mine');
    const myCode = await createWorkspace(page, mine);
    const me = await (await page.request.get(`/api/teams/${myCode}`)).json();

    // The token is the open team's: it leaves the URL at once, with no question.
    await page.goto(`/phase/3?team_id=${myCode}&token=${encodeURIComponent(me.accessToken)}`);
    await expect(page).toHaveURL(new RegExp(`/phase/3\\?team_id=${myCode}$`));
    await expect(page.getByTestId('workspace-name')).toHaveText(mine);
    await page.goto(`/?team_id=${myCode}`);
    await expect(page.getByTestId('workspace-name')).toHaveText(mine);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: 'Switch workspace?' })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/\\?team_id=${myCode}$`));
  });
});
