import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expect, loginAsAdmin, openAsTeam, test } from './support/fixtures.ts';

/*
 * An editor that cannot break a running room (docs/product.md, Programmes and the programme editor): a field's
 * id and an option's value never follow their labels, so a team's answers and the templates keep working;
 * publishing to, or switching, a cohort that has teams asks first; an import never takes a name already used.
 */

/** Where a field of the standard's activity 1 sits in its form, as the editor numbers its controls. */
const activity1 = JSON.parse(readFileSync('content/phases/phase-1.json', 'utf8')) as {
  fields: { id: string }[];
};
const fieldAt = (id: string) => {
  const index = activity1.fields.findIndex((f) => f.id === id);
  if (index < 0) throw new Error(`activity 1 has no field ${id}`);
  return `#programme-edit-a1-fields-${index}`;
};

/** A copy of the standard, published once, with a unique name; its id and name. */
async function publishedCopy(admin: APIRequestContext, prefix: string) {
  const name = uniqueName(prefix);
  const created = await admin.post('/api/admin/programmes', { data: { name, copyFrom: 'standard' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await admin.post(`/api/admin/programmes/${id}/publish`, { data: { revision: 0 } })).status()).toBe(
    201,
  );
  return { id, name };
}

async function versionsOf(admin: APIRequestContext, id: string): Promise<number> {
  return ((await (await admin.get(`/api/admin/programmes/${id}`)).json()) as { versions: unknown[] }).versions
    .length;
}

test('renaming a field and an option keeps their id and value: the checks stay green, a team’s answer stays chosen', async ({
  page,
  browser,
}) => {
  const admin = await adminApi();
  const programme = await publishedCopy(admin, 'Renamed labels');
  const cohortName = uniqueName('Households cohort');
  const tag = await createCohort(admin, cohortName);
  const assigned = await admin.put(`/api/admin/cohorts/${tag}/programme`, {
    data: { programmeId: programme.id },
  });
  expect(assigned.status()).toBe(200);
  // A team of the cohort has answered already.
  const { api, team } = await apiTeam(admin, tag, uniqueName('Answering team'));
  const saved = await api.post('/api/phase-data', {
    data: {
      teamId: team.id,
      phaseNumber: 1,
      data: { customer_type: 'consumers', research_depth: 'standard' },
    },
  });
  expect(saved.status()).toBe(200);

  await loginAsAdmin(page);
  await page.goto(`/admin/programmes/${programme.id}`);
  await expect(page.getByText('No problems: ready to publish.')).toBeVisible();

  // The field "Research depth" renamed: its id stays, shown fixed.
  const depth = page.locator(`${fieldAt('research_depth')}-label`);
  await expect(depth).toHaveValue('Research depth');
  await depth.fill('How deep should the research go');
  await depth.press('Tab');
  const depthId = page.locator(`${fieldAt('research_depth')}-id`);
  await expect(depthId).toHaveText('research_depth');
  await expect(depthId).toHaveJSProperty('tagName', 'P');
  await expect(page.locator(`${fieldAt('research_depth')}-id-hint`)).toHaveText(
    'Fixed: templates and saved answers use it. Renaming the field changes its label only.',
  );
  // Its option "Standard (...)" renamed: its value stays.
  const standard = page.locator(`${fieldAt('research_depth')}-options-1-label`);
  await standard.fill('Standard research');
  await standard.press('Tab');
  await expect(page.locator(`${fieldAt('research_depth')}-options-1-value`)).toHaveText('standard');
  // A shared fact's options are asked alike in every activity: shown, not edited.
  await expect(page.locator(`${fieldAt('customer_type')}-options-0-label`)).toHaveAttribute('readonly', '');
  // An unclosed block is named as such, first, as soon as it is typed; an unknown placeholder after it.
  const template = page.getByRole('textbox', { name: 'Template', exact: true });
  const original = await template.inputValue();
  await template.fill(`${original}\n\n{{#if sector}}Keep to {{food_rules}}.`);
  const problems = page.getByTestId('programme-checks').getByRole('listitem');
  await expect(problems.first()).toHaveText(
    /^Prompt template\s*:\s*Unclosed block: \{\{#if sector\}\} has no \{\{\/if\}\} to end it/,
  );
  await expect(problems.nth(1)).toHaveText(/^Prompt template\s*:\s*Unknown placeholder \{\{food_rules\}\}/);
  await expect(page.getByTestId('programme-checks')).not.toContainText('blank space');
  await template.fill(original);
  // The template still reads both: no problem.
  await expect(
    page.getByTestId('programme-checks').getByText('No problems: ready to publish.'),
  ).toBeVisible();
  await expect(page.getByTestId('draft-status')).toHaveText('Draft saved');

  // The cohort has a team: publishing asks first, naming the cohort and how many teams it reaches.
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await publish.click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish to running cohorts?' });
  await expect(confirm).toContainText('changes the open pages of 1 team at once');
  await expect(confirm.getByTestId('publish-confirm-cohorts')).toHaveText(`${cohortName}: 1 team`);
  // Cancel changes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(publish).toBeFocused();
  expect(await versionsOf(admin, programme.id)).toBe(1);
  // Confirmed, it publishes.
  await publish.click();
  await confirm.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Version 2 published').first()).toBeVisible();
  expect(await versionsOf(admin, programme.id)).toBe(2);

  // The team's answers still show chosen, under the new labels.
  const device = await openAsTeam(browser, team, { path: '/phase/1' });
  await expect(device.page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
  await expect(
    device.page.getByText('How deep should the research go', { exact: true }).first(),
  ).toBeVisible();
  await expect(device.page.locator('#field-research_depth')).toContainText('Standard research');
  await device.close();
  await api.dispose();
  await admin.dispose();
});

test('switching the programme of a cohort that has teams asks first; Cancel changes nothing', async ({
  page,
}) => {
  const admin = await adminApi();
  const programme = await publishedCopy(admin, 'Switched to');
  const cohortName = uniqueName('Switching cohort');
  const tag = await createCohort(admin, cohortName);
  const teams = [
    await apiTeam(admin, tag, uniqueName('First')),
    await apiTeam(admin, tag, uniqueName('Second')),
  ];
  const runs = async () =>
    ((await (await admin.get(`/api/teams/${teams[0]!.team.id}/programme`)).json()) as { programmeId: string })
      .programmeId;

  await loginAsAdmin(page);
  await page.goto('/admin?tab=cohorts');
  const select = page.getByTestId(`cohort-programme-${tag}`);
  await expect(select).toContainText('Standard programme');
  const choose = async () => {
    await select.click();
    await page.getByRole('option', { name: programme.name }).click();
  };
  await choose();
  const confirm = page.getByRole('alertdialog', { name: 'Switch the programme?' });
  await expect(confirm).toContainText(
    `${cohortName} runs Standard programme. Switching it to ${programme.name} changes the open pages of its 2 teams at once.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(select).toContainText('Standard programme');
  expect(await runs()).toBe('standard');

  await choose();
  await confirm.getByRole('button', { name: 'Switch programme' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`${cohortName} now runs ${programme.name}.`).first()).toBeVisible();
  await expect(select).toContainText(programme.name);
  expect(await runs()).toBe(programme.id);
  for (const { api } of teams) await api.dispose();
  await admin.dispose();
});

test('an imported programme never takes a name already used', async ({ page }, testInfo) => {
  const admin = await adminApi();
  const programme = await publishedCopy(admin, 'Imported twice');
  const exported = await admin.get(`/api/admin/programmes/${programme.id}/export`);
  expect(exported.status()).toBe(200);
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, 'programme.json');
  writeFileSync(file, await exported.text());

  await loginAsAdmin(page);
  for (const name of [`${programme.name} (imported)`, `${programme.name} (imported 2)`]) {
    await page.goto('/admin?tab=programmes');
    await expect(page.getByTestId(`programme-card-${programme.id}`)).toBeVisible();
    await page.getByTestId('programme-import-file').setInputFiles(file);
    await expect(page).toHaveURL(/\/admin\/programmes\/[0-9a-f-]{36}$/);
    await expect(page.locator('#programme-name')).toHaveValue(name);
  }
  await page.goto('/admin?tab=programmes');
  const cards = page.locator('[data-testid^="programme-card-"]').filter({ hasText: programme.name });
  await expect(cards).toHaveCount(3);
  await admin.dispose();
});
