import type { APIRequestContext } from '@playwright/test';
import { adminApi, apiTeam, createCohort, createTeams, uniqueName } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { chooseOption, expect, expectNoSideScroll, loginAsAdmin, test } from './support/fixtures.ts';

/*
 * A programme that switches an activity off (docs/product.md, Programmes): the instructor's progress board
 * draws no column for it where no shown team runs it, a muted cell where another shown team does, counts
 * "Done" of the activities each team's programme runs, and follows a change of programme live; the
 * instructions' plan of the time leaves it out of the list and the total.
 */

/** A copy of the standard with activity 7 switched off, published; its id and name. */
async function programmeWithoutSeven(admin: APIRequestContext) {
  const name = uniqueName('Half day');
  const created = await admin.post('/api/admin/programmes', { data: { name } });
  expect(created.status()).toBe(201);
  const programme = await created.json();
  const url = `/api/admin/programmes/${programme.id}`;
  const saved = await admin.put(`${url}/draft`, {
    data: { revision: 0, draft: { ...programme.draft, switchedOff: [7] } },
  });
  expect(saved.status()).toBe(200);
  expect((await admin.post(`${url}/publish`, { data: { revision: 1 } })).status()).toBe(201);
  return { id: programme.id as string, name };
}

async function assign(admin: APIRequestContext, tag: string, programmeId: string) {
  const response = await admin.put(`/api/admin/cohorts/${tag}/programme`, { data: { programmeId } });
  expect(response.status()).toBe(200);
}

test('a switched-off activity leaves the progress board, live, and the plan of the time', async ({
  page,
}) => {
  const admin = await adminApi();
  const programme = await programmeWithoutSeven(admin);
  const cohortName = uniqueName('Board cohort');
  const tag = await createCohort(admin, cohortName);
  await assign(admin, tag, programme.id);
  const prefix = uniqueName('Boardteam');
  const { api } = await apiTeam(admin, tag, `${prefix} In`);
  // A team in no cohort runs the standard.
  await createTeams(api, [`${prefix} Out`]);

  await loginAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: /Participants/ }).click();
  await page.getByLabel('Search').fill(prefix);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const board = page.getByTestId('progress-board');
  const header = (n: number) => board.locator('thead abbr', { hasText: new RegExp(`^${n}$`) });
  const inCohort = board.locator(`[data-team="${prefix} In"]`);
  const outside = board.locator(`[data-team="${prefix} Out"]`);

  // Both teams shown: activity 7 has its column (the standard's team runs it), the cohort's team a muted cell.
  await expect(board.getByTestId('board-row')).toHaveCount(2);
  await expect(header(7)).toHaveCount(1);
  await expect(inCohort.locator('[data-phase="7"]')).toHaveAttribute('data-cell', 'off');
  await expect(inCohort.locator('[data-phase="7"]')).toContainText("not in this team's programme");
  await expect(inCohort.getByRole('link', { name: /activity 7/ })).toHaveCount(0);
  await expect(outside.locator('[data-phase="7"]')).not.toHaveAttribute('data-cell', 'off');
  await expect(inCohort.getByTestId('board-done')).toHaveText('0/7 activities done');
  await expect(outside.getByTestId('board-done')).toHaveText('0/8 activities done');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText("Not in the team's programme");
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSideScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The cohort's team alone: no column 7 at all.
  await page.getByLabel('Search').fill(`${prefix} In`);
  await expect(board.getByTestId('board-row')).toHaveCount(1);
  await expect(header(6)).toHaveCount(1);
  await expect(header(7)).toHaveCount(0);
  await expect(board.locator('[data-phase="7"]')).toHaveCount(0);

  // Another instructor gives the cohort the standard: the open board follows without a reload.
  await assign(admin, tag, 'standard');
  await expect(header(7)).toHaveCount(1);
  await expect(inCohort.getByTestId('board-done')).toHaveText('0/8 activities done');
  // And back: the column goes again.
  await assign(admin, tag, programme.id);
  await expect(header(7)).toHaveCount(0);

  // The cohort's own board, from its card: no column 7 either, and it fits a phone.
  await page.getByRole('tab', { name: /Cohorts/ }).click();
  await page
    .getByTestId(`cohort-${tag}`)
    .getByRole('button', { name: `Board of ${cohortName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${cohortName}: progress board` });
  await expect(dialog.getByTestId('board-row')).toHaveCount(1);
  await expect(dialog.locator('thead abbr', { hasText: /^8$/ })).toHaveCount(1);
  await expect(dialog.locator('thead abbr', { hasText: /^7$/ })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSideScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The cohort's plan of the time, from its card: its programme's seven activities.
  await page
    .getByTestId(`cohort-${tag}`)
    .getByRole('button', { name: `Plan the time of ${cohortName}` })
    .click();
  const cohortPlan = page.getByRole('dialog', { name: `${cohortName}: plan the time` });
  await expect(cohortPlan.getByTestId('plan-programme')).toContainText(programme.name);
  await expect(cohortPlan.getByText(/activities take/)).toContainText('The seven activities take');
  await expect(cohortPlan.getByRole('listitem').filter({ hasText: /^7\. / })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(cohortPlan).toHaveCount(0);

  // The instructions' plan of the time: the standard's eight activities, then the programme's seven, without activity 7.
  await page.getByRole('button', { name: 'Instructions' }).click();
  const instructions = page.getByRole('dialog', { name: 'How to run a cohort' });
  const plan = instructions.getByRole('region', { name: 'Plan the time' });
  const sentence = plan.getByText(/activities take/);
  await expect(sentence).toContainText('The eight activities take');
  const standardTotal = await sentence.locator('strong').textContent();
  await expect(plan.getByRole('listitem').filter({ hasText: /^7\. / })).toHaveCount(1);
  await expect(plan.getByText(/^Activity 7: /).first()).toBeVisible();

  await chooseOption(page, plan.getByTestId('plan-programme'), programme.name);
  await expect(sentence).toContainText('The seven activities take');
  await expect(sentence.locator('strong')).not.toHaveText(standardTotal!);
  await expect(plan.getByRole('listitem').filter({ hasText: /^6\. / })).toHaveCount(1);
  await expect(plan.getByRole('listitem').filter({ hasText: /^7\. / })).toHaveCount(0);
  // Neither running order has it.
  await expect(plan.getByText(/^Activity 6: /).first()).toBeVisible();
  await expect(plan.getByText(/^Activity 7: /)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSideScroll(page);

  await api.dispose();
  await admin.dispose();
});
