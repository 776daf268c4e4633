import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  chooseOption,
  expect,
  expectNoSideScroll,
  forgiveConsoleErrors,
  loginAsAdmin,
  openAsTeam,
  test,
} from './support/fixtures.ts';

/*
 * An instructor's programme from copy to a running cohort (docs/product.md, Programmes and the programme
 * editor): an instructor copies the
 * Standard programme, changes a field's options and a line of the template, sees a check fail and then
 * pass, publishes and assigns it; a team of the cohort, typing meanwhile in another browser, sees the change
 * without a reload and loses nothing; a switched-off activity leaves the team's navigation; export then
 * import gives the same programme.
 */

const phase1 = JSON.parse(readFileSync('content/phases/phase-1.json', 'utf8')) as {
  fields: { id: string; options?: { label: string }[] }[];
};
const HORIZON = phase1.fields.findIndex((field) => field.id === 'time_horizon');
const OLD_LABEL = phase1.fields[HORIZON]!.options![0]!.label;
const NEW_LABEL = 'Last 12 months in clinics';
const NEW_LINE = 'Write for a clinic audience.';

test('an instructor adapts the programme; a typing team gets it live; export and import agree', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await adminApi();
  const cohortName = uniqueName('Clinics');
  const tag = await createCohort(admin, cohortName);
  const { team } = await apiTeam(admin, tag, uniqueName('Clinic team'));

  // The team starts typing on activity 1, in a browser of its own.
  const device = await openAsTeam(browser, team, { path: '/phase/1' });
  const form = device.page.getByRole('form', { name: 'Decision Box' });
  await expect(form).toHaveAttribute('data-ready', '');
  const sector = device.page.locator('#field-sector');
  await sector.fill('Physiotherapy clinics');

  // The instructor copies the standard.
  await loginAsAdmin(page);
  await page.goto('/admin?tab=programmes');
  await page.getByRole('button', { name: 'New programme' }).click();
  const programmeName = uniqueName('Clinics programme');
  await page.getByLabel('Name', { exact: true }).fill(programmeName);
  await page.getByRole('button', { name: 'Create copy' }).click();
  await expect(page).toHaveURL(/\/admin\/programmes\/[0-9a-f-]{36}$/);
  const programmeId = page.url().split('/').pop()!;
  await expect(page.getByText('No problems: ready to publish.')).toBeVisible();
  // The editor is accessible, and fits a phone.
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSideScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A field's options: the first option of "time horizon" renamed.
  const option = page.locator(`#programme-edit-a1-fields-${HORIZON}-options-0-label`);
  await expect(option).toHaveValue(OLD_LABEL);
  await option.fill(NEW_LABEL);

  // A line of the template: first one the checks refuse, then one they accept.
  const template = page.getByRole('textbox', { name: 'Template', exact: true });
  const original = await template.inputValue();
  await template.fill(`${original}\n{{clinic_note}}`);
  const checks = page.getByTestId('programme-checks');
  await expect(checks.getByText('1 problem')).toBeVisible();
  await expect(
    checks.getByText(/^Unknown placeholder \{\{clinic_note\}\}: no field of this activity/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await expect(page.locator('#publish-blocker')).toHaveText(
    'Fix the problem listed under Checks to publish.',
  );
  // The problem leads to its control.
  // Where it is, in the editor's words: no path, no JSON.
  await checks.getByRole('button', { name: /^Prompt template\s*: Unknown placeholder/ }).click();
  await expect(template).toBeFocused();
  await template.fill(`${original}\n${NEW_LINE}`);
  await expect(page.getByText('No problems: ready to publish.')).toBeVisible();
  // The preview follows: the prompt as a team's, with the new line.
  await expect(page.locator('#team-preview').getByTestId('prompt-preview')).toContainText(NEW_LINE);

  // Activity 7 switched off.
  await page.getByRole('button', { name: /^Activity 7/ }).click();
  await page.getByLabel('Teams do this activity').click();
  await expect(page.getByRole('button', { name: /^Activity 7.*Off/ })).toBeVisible();

  // Saved, then published.
  await expect(page.getByTestId('draft-status')).toHaveText('Draft saved');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Version 1 published').first()).toBeVisible();

  // The team is still typing when its cohort gets the programme.
  await sector.pressSequentially(' in the north', { delay: 20 });
  await page.goto('/admin?tab=cohorts');
  // The cohort has a team: the switch asks first.
  await page.getByTestId(`cohort-programme-${tag}`).click();
  await page.getByRole('option', { name: programmeName }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Switch the programme?' });
  await expect(confirm).toContainText(`${cohortName} runs Standard programme`);
  await confirm.getByRole('button', { name: 'Switch programme' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`${cohortName} now runs ${programmeName}.`).first()).toBeVisible();

  // Without a reload: the new template line and option label, and nothing typed lost.
  await expect(device.page.getByTestId('prompt-preview')).toContainText(NEW_LINE);
  await expect(sector).toHaveValue('Physiotherapy clinics in the north');
  await chooseOption(device.page, device.page.locator('#field-time_horizon'), NEW_LABEL);

  // The switched-off activity leaves the team's landing grid, and its page says so.
  await device.page.goto(`/?team_id=${team.code}`);
  await expect(device.page.getByRole('link', { name: /Activity 6/ })).toBeVisible();
  await expect(device.page.getByRole('link', { name: /Activity 7/ })).toHaveCount(0);
  await device.page.goto('/phase/7');
  await expect(device.page.getByRole('heading', { name: 'Not in your programme' })).toBeVisible();
  await device.close();

  // Export, then import: the same programme.
  await page.goto('/admin?tab=programmes');
  const card = page.getByTestId(`programme-card-${programmeId}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /Export/ }).click(),
  ]);
  const file = path.join(testInfo.outputDir, 'programme.json');
  await download.saveAs(file);
  await page.getByTestId('programme-import-file').setInputFiles(file);
  await expect(page).toHaveURL(/\/admin\/programmes\/[0-9a-f-]{36}$/);
  const importedId = page.url().split('/').pop()!;
  expect(importedId).not.toBe(programmeId);
  const published = await (await admin.get(`/api/admin/programmes/${programmeId}/versions/1`)).json();
  const imported = await (await admin.get(`/api/admin/programmes/${importedId}`)).json();
  expect(imported.draft).toEqual(published.content);
  // Its name is taken (by the programme exported): the import takes a name of its own.
  expect(imported.name).toBe(`${programmeName} (imported)`);
  await admin.dispose();
});

test('a file that is not a programme is refused with the reason, and nothing is stored', async ({
  page,
  consoleErrors,
}, testInfo) => {
  await loginAsAdmin(page);
  await page.goto('/admin?tab=programmes');
  const cards = page.locator('[data-testid^="programme-card-"]');
  await expect(cards.first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Other tests import and publish beside this one: the card this file would have made is looked for by name.
  const name = uniqueName('Not a programme');
  const file = path.join(testInfo.outputDir, 'not-a-programme.json');
  mkdirSync(testInfo.outputDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ format: 'something else', name, content: {} }));
  await page.getByTestId('programme-import-file').setInputFiles(file);
  await expect(page.getByRole('heading', { name: 'The file was not imported' })).toBeVisible();
  await expect(page.getByText('Nothing was stored.')).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await expect(cards.filter({ hasText: name })).toHaveCount(0);
  const stored = await page.request.get('/api/admin/programmes');
  expect(JSON.stringify(await stored.json())).not.toContain(name);
  // The refusal (400) is logged by the browser itself.
  forgiveConsoleErrors(consoleErrors, /status of 400/);
});
