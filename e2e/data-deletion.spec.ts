import { mkdirSync } from 'node:fs';
import { adminApi, createCohort, createTeams, uniqueName, uniqueTag } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { createWorkspace, expect, loginAsAdmin, openTeamAction, test } from './support/fixtures.ts';

test.describe('deleting data', () => {
  test('an instructor deletes a team: the button waits for the exact name, then the team leaves the list', async ({
    page,
  }) => {
    const admin = await adminApi();
    const name = uniqueName('Doomed Team');
    const [team] = await createTeams(admin, [name]);
    await loginAsAdmin(page);
    await openTeamAction(page, name, 'Delete team');

    const dialog = page.getByRole('dialog', { name: 'Delete team?' });
    await expect(dialog).toContainText('its answers to every activity');
    await expect(dialog).toContainText('its ballot, if it voted');
    await expect(dialog).toContainText('counted again without them');
    await expect(dialog).toContainText('every session of the team');
    const confirm = dialog.getByRole('button', { name: 'Delete team' });
    const typed = dialog.getByLabel(`Type ${name} to confirm`);
    await expect(confirm).toBeDisabled();
    await typed.fill(name.toLowerCase());
    await expect(confirm).toBeDisabled();
    await typed.fill(name.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await expectNoSeriousAxeViolations(page);
    // Spaces at either end do not count; the name itself must match.
    await typed.fill(`  ${name} `);
    await expect(confirm).toBeEnabled();
    await expect(confirm).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    await confirm.click();

    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Team deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Actions for ${name}` })).toHaveCount(0);
    // The list without it: "No teams match" the search, or "No teams yet" when it was the only one.
    await expect(page.getByRole('heading', { name: /^No teams (match|yet)$/ })).toBeVisible();
    expect((await admin.get(`/api/teams/${team!.code}`)).status()).toBe(404);
    const list = (await (await admin.get('/api/teams')).json()) as { id: string }[];
    expect(list.some((t) => t.id === team!.id)).toBe(false);
    await admin.dispose();
  });

  test("a refused deletion shows the server's message and keeps the dialog", async ({ page }) => {
    const admin = await adminApi();
    const name = uniqueName('Twice Deleted');
    const [team] = await createTeams(admin, [name]);
    await loginAsAdmin(page);
    await openTeamAction(page, name, 'Delete team');
    const dialog = page.getByRole('dialog', { name: 'Delete team?' });
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    expect((await admin.delete(`/api/teams/${team!.id}`, { data: { confirmName: name } })).status()).toBe(
      200,
    );
    await dialog.getByRole('button', { name: 'Delete team' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Workspace not found.');
    await expect(dialog).toBeVisible();
    await admin.dispose();
  });

  test('a team deletes its own workspace from the account menu and lands on the landing page', async ({
    page,
  }) => {
    const name = uniqueName('Self Deleting');
    const code = await createWorkspace(page, name);
    await expect(page.getByTestId('workspace-name')).toHaveText(name);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete workspace?' });
    await expect(dialog).toContainText(code);
    const confirm = dialog.getByRole('button', { name: 'Delete workspace' });
    await expect(confirm).toBeDisabled();
    await expect(dialog.getByLabel(`Type ${name} to confirm`)).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    await confirm.click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Applied GenAI Lab' })).toBeVisible();
    await expect(page.getByText('Workspace deleted', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter/Create Workspace' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('workspace_meta'))).toBeNull();
    expect((await page.request.get('/api/auth/team/status')).status()).toBe(401);

    // The code no longer opens anything.
    await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    await page.getByPlaceholder('e.g. K7Q2').fill(code);
    await page.getByRole('button', { name: 'Open My Workspace' }).click();
    await expect(page.getByText('Workspace not found', { exact: true })).toBeVisible();
  });

  test('an instructor deletes an archived cohort: its teams stay, unassigned', async ({ page }) => {
    const admin = await adminApi();
    const cohortName = uniqueName('Old Cohort');
    const tag = await createCohort(admin, cohortName, uniqueTag('old'));
    const activeTag = await createCohort(admin, uniqueName('Live Cohort'), uniqueTag('live'));
    const teams = await createTeams(admin, [uniqueName('Stays A'), uniqueName('Stays B')]);
    const assigned = await admin.post(`/api/admin/cohorts/${tag}/teams`, {
      data: { teamIds: teams.map((t) => t.id) },
    });
    expect(assigned.ok()).toBe(true);
    expect((await admin.post(`/api/admin/cohorts/${tag}/archive`)).ok()).toBe(true);

    await loginAsAdmin(page);
    await page.getByRole('tab', { name: /Cohorts/ }).click();
    // Only an archived cohort offers Delete.
    await expect(page.getByTestId(`cohort-${activeTag}`).getByRole('button', { name: /Delete/ })).toHaveCount(
      0,
    );
    const card = page.getByTestId(`cohort-${tag}`);
    // From the keyboard: the archived list is live and newest first, and another test's archive moves it.
    await card.getByRole('button', { name: `Delete ${cohortName}` }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete cohort?' });
    await expect(dialog).toContainText('Its 2 teams stay, with their answers, in no cohort.');
    await expect(dialog).toContainText('It has no ballots.');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete cohort' }).click();

    await expect(page.getByText('Cohort deleted', { exact: true })).toBeVisible();
    await expect(
      page.getByText(`${cohortName} is deleted: 2 teams unassigned, 0 ballots deleted.`, { exact: true }),
    ).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await admin.get(`/api/cohorts/${tag}`)).status()).toBe(404);
    const list = (await (await admin.get('/api/teams')).json()) as { id: string; cohortTag: string | null }[];
    for (const team of teams) expect(list.find((t) => t.id === team.id)?.cohortTag).toBeNull();
    await admin.dispose();
  });

  test('the privacy page lists what is kept and how to have it removed', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Deleting your data' })).toBeVisible();
    for (const text of [
      'Shared facts',
      'access token',
      'Addresses kept briefly in memory.',
      'nothing is sent to an AI provider by the app',
      'choose “Delete workspace”',
      'can delete any team the same way',
      'A whole cohort',
    ]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
  });
});

test.describe('dialog screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to write /tmp/shots/dialog-*.png');

  for (const width of [1280, 375]) {
    test(`the new dialogs at ${width} px`, async ({ page, browser, request }) => {
      mkdirSync('/tmp/shots', { recursive: true });
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      const admin = await adminApi();
      const name = uniqueName('Screenshot Team');
      await createTeams(admin, [name]);
      const tag = await createCohort(admin, uniqueName('Archived Cohort'), uniqueTag('shot'));
      expect((await admin.post(`/api/admin/cohorts/${tag}/archive`)).ok()).toBe(true);
      await loginAsAdmin(page);

      await openTeamAction(page, name, 'New Workspace Code');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: `/tmp/shots/dialog-rotate-${width}.png` });
      await page.getByRole('button', { name: 'Create New Code' }).click();
      await expect(page.getByTestId('new-code')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: `/tmp/shots/dialog-new-code-${width}.png` });
      await page.getByRole('button', { name: 'Done' }).click();

      await openTeamAction(page, name, 'Delete team');
      await page.getByLabel(`Type ${name} to confirm`).fill(name.slice(0, 8));
      await page.screenshot({ animations: 'disabled', path: `/tmp/shots/dialog-delete-team-${width}.png` });
      await page.getByLabel(`Type ${name} to confirm`).fill(name);
      await page.getByRole('button', { name: 'Delete team' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await page.screenshot({
        animations: 'disabled',
        path: `/tmp/shots/dialog-delete-team-ready-${width}.png`,
      });
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: /Cohorts/ }).click();
      await page
        .getByTestId(`cohort-${tag}`)
        .getByRole('button', { name: /Delete/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: `/tmp/shots/dialog-delete-cohort-${width}.png` });
      await page.keyboard.press('Escape');

      const teamContext = await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        viewport: { width, height: 800 },
      });
      const teamPage = await teamContext.newPage();
      teamPage.setDefaultTimeout(10_000);
      const mine = uniqueName('Open Team');
      await createWorkspace(teamPage, mine);
      const [other] = await createTeams(request, [uniqueName('Link Team')]);
      await teamPage.goto(`/phase/2?team_id=${other!.code}`);
      await expect(teamPage.getByRole('dialog', { name: 'Switch workspace?' })).toBeVisible();
      await teamPage.screenshot({ animations: 'disabled', path: `/tmp/shots/dialog-switch-${width}.png` });
      await teamPage.getByRole('button', { name: /Stay in/ }).click();
      await teamPage.getByRole('button', { name: 'Account menu' }).click();
      await teamPage.getByRole('menuitem', { name: 'Delete workspace' }).click();
      await expect(teamPage.getByRole('dialog', { name: 'Delete workspace?' })).toBeVisible();
      await teamPage.screenshot({
        animations: 'disabled',
        path: `/tmp/shots/dialog-delete-workspace-${width}.png`,
      });
      await teamContext.close();
      await admin.dispose();
    });
  }
});
