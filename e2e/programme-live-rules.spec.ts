import type { APIRequestContext } from '@playwright/test';
import { finishMarketResearch } from './support/activities.ts';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expect, openAsTeam, test } from './support/fixtures.ts';

/*
 * A live switch changes the open form's rules too (docs/product.md, Programmes and the programme editor): a
 * team has activity 1 open when its programme publishes a version that makes one field required and another
 * optional. Without a reload, "Check my answers" and the done rule follow the new version, and nothing typed
 * is lost. The programme is made, published and assigned through the API.
 */

type Field = { id: string; required?: boolean };
type Draft = { activities: { fields: Field[] }[]; switchedOff: number[] };

const MADE_OPTIONAL = { id: 'research_questions', label: 'Research questions' };
const MADE_REQUIRED = { id: 'known_assumptions', label: 'Assumptions to test' };
const ALL_IN_ORDER =
  'Everything required is answered: this activity is done. Your next step is at the end of the page.';

/** Saves the draft changed by `change` and publishes it: the new version's number. */
async function publish(admin: APIRequestContext, programmeId: string, change: (draft: Draft) => void) {
  const detail = await (await admin.get(`/api/admin/programmes/${programmeId}`)).json();
  const draft = detail.draft as Draft;
  change(draft);
  const saved = await admin.put(`/api/admin/programmes/${programmeId}/draft`, {
    data: { revision: detail.revision, draft },
  });
  expect(saved.status()).toBe(200);
  const { revision } = await saved.json();
  const published = await admin.post(`/api/admin/programmes/${programmeId}/publish`, { data: { revision } });
  expect(published.status()).toBe(201);
  return (await published.json()).version as number;
}

const setRequired = (draft: Draft, id: string, required: boolean) => {
  const field = draft.activities[0]!.fields.find((f) => f.id === id);
  if (!field) throw new Error(`activity 1 has no field ${id}`);
  field.required = required;
};

test("a new version's required fields hold on the open form, without a reload, and the typing stays", async ({
  browser,
}) => {
  const admin = await adminApi();
  const tag = await createCohort(admin, uniqueName('Live rules'));
  const created = await admin.post('/api/admin/programmes', { data: { name: uniqueName('Live rules') } });
  expect(created.status()).toBe(201);
  const programmeId = (await created.json()).id as string;
  expect(await publish(admin, programmeId, () => {})).toBe(1);
  expect((await admin.put(`/api/admin/cohorts/${tag}/programme`, { data: { programmeId } })).status()).toBe(
    200,
  );
  const { api, team } = await apiTeam(admin, tag, uniqueName('Live rules team'));

  const device = await openAsTeam(browser, team, { path: '/phase/1' });
  const { page } = device;
  await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
  const optional = page.locator(`#field-${MADE_OPTIONAL.id}`);
  const required = page.locator(`#field-${MADE_REQUIRED.id}`);
  const typed = page.locator('#field-exclusions');
  const check = page.getByRole('button', { name: 'Check my answers' });
  const optionalError = page.getByText(`${MADE_OPTIONAL.label} is required.`);
  const requiredError = page.getByText(`${MADE_REQUIRED.label} is required.`);

  // Version 1, the standard's rules: every required answer but the research questions.
  await finishMarketResearch(page);
  await optional.fill('');
  await typed.fill('Not the tea market');
  await check.click();
  await expect(optionalError).toBeVisible();
  await expect(required).not.toHaveAttribute('aria-required', 'true');

  // Version 2 arrives while the page is open: the research questions optional, the assumptions required.
  const version = await publish(admin, programmeId, (draft) => {
    setRequired(draft, MADE_OPTIONAL.id, false);
    setRequired(draft, MADE_REQUIRED.id, true);
  });
  expect(version).toBe(2);
  await expect(required).toHaveAttribute('aria-required', 'true');
  // The error of a field no longer required goes; the new rule holds at the next check.
  await expect(optionalError).toHaveCount(0);
  await check.click();
  await expect(requiredError).toBeVisible();
  await expect(page.getByText(ALL_IN_ORDER)).toHaveCount(0);
  await expect(page.getByTestId('activity-done')).toHaveCount(0);

  // Answering the newly required field is enough: the optional one no longer blocks "done".
  await required.fill('Office workers buy coffee before 9');
  await check.click();
  await expect(page.getByText(ALL_IN_ORDER)).toBeVisible();
  await expect(page.getByTestId('activity-done')).toBeVisible();
  await expect(optional).toHaveValue('');

  // Nothing typed was lost, on the page or in the saved answers.
  await expect(typed).toHaveValue('Not the tea market');
  await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Harbour Roasters');
  await expect
    .poll(async () => {
      const records = (await (await api.get(`/api/phase-data/${team.id}`)).json()) as {
        phaseNumber: number;
        data: Record<string, string>;
      }[];
      const saved = records.find((record) => record.phaseNumber === 1)?.data ?? {};
      return [saved.exclusions, saved[MADE_REQUIRED.id]];
    })
    .toEqual(['Not the tea market', 'Office workers buy coffee before 9']);
  await device.close();
  await api.dispose();
  await admin.dispose();
});
