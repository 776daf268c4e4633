import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expect, expectNoSideScroll, loginAsAdmin, openAsTeam, test } from './support/fixtures.ts';

/*
 * The screens around the activities speak the team's programme (docs/product.md, Programmes and the programme
 * editor; Pacing the room): a half-day programme that renames activity 3 and switches 2 and 7 off. The room's
 * pace names activity 3 as the programme does on the team's banner, the instructors' card and the room
 * screen, "Pace the room" offers only the six activities it runs, the activity page counts six, the help list
 * names the activity, and the way on ends with "All six activities are done". Set up through the API.
 */

type Field = { id: string; type: string; required?: boolean; options?: { value: string }[] };
type Activity = { phase: number; names: { activity: string; header: string; page: string }; fields: Field[] };
type Draft = { activities: Activity[]; switchedOff: number[] };

const HEADER = 'Patient evidence';
const PAGE = 'Patient evidence review';

/** An answer the done rule counts (a choice by an option's value, a colour as one). */
const answerFor = (field: Field) =>
  field.options?.length ? field.options[0]!.value : field.type === 'color' ? '#1e90ff' : 'Answered';

test('the pace, the help list, the progress and the way on name and count the programme’s activities', async ({
  page,
  browser,
}) => {
  const admin = await adminApi();
  const cohortName = uniqueName('Half day');
  const tag = await createCohort(admin, cohortName);
  const created = await admin.post('/api/admin/programmes', { data: { name: uniqueName('Half day') } });
  expect(created.status()).toBe(201);
  const programmeId = (await created.json()).id as string;
  const detail = await (await admin.get(`/api/admin/programmes/${programmeId}`)).json();
  const draft = detail.draft as Draft;
  draft.activities[2]!.names = { activity: PAGE, header: HEADER, page: PAGE };
  draft.switchedOff = [2, 7];
  const saved = await admin.put(`/api/admin/programmes/${programmeId}/draft`, {
    data: { revision: detail.revision, draft },
  });
  expect(saved.status()).toBe(200);
  const published = await admin.post(`/api/admin/programmes/${programmeId}/publish`, {
    data: { revision: (await saved.json()).revision },
  });
  expect(published.status()).toBe(201);
  expect((await admin.put(`/api/admin/cohorts/${tag}/programme`, { data: { programmeId } })).status()).toBe(
    200,
  );
  const { api, team } = await apiTeam(admin, tag, uniqueName('Half day team'));
  const paced = await admin.patch(`/api/admin/cohorts/${tag}/pace`, { data: { phase: 3 } });
  expect(paced.status()).toBe(200);
  const asked = await api.post(`/api/teams/${team.id}/help`, { data: { phaseNumber: 3 } });
  expect(asked.ok()).toBe(true);

  // The team's banner and progress, on a phone too.
  const device = await openAsTeam(browser, team, { path: '/phase/4', viewport: { width: 375, height: 800 } });
  await expect(device.page.getByTestId('pace-now')).toHaveText(`Now: Activity 3 · ${PAGE}`);
  await expect(device.page.getByText('Activity 4 · 6 in your programme')).toBeVisible();
  await expect(device.page.getByRole('list', { name: 'Activities' }).getByRole('listitem')).toHaveCount(6);
  await expectNoSideScroll(device.page);

  // The instructors' card, "Pace the room", the room screen and the help list.
  await loginAsAdmin(page);
  await page.goto('/admin?tab=cohorts');
  const panel = page.getByTestId('pace-panel').filter({ hasText: cohortName });
  await expect(panel).toContainText(`Now: Activity 3 · ${PAGE}`);
  await panel.getByRole('button', { name: /Pace the room/ }).click();
  await page.getByLabel('Now: activity').click();
  const options = page.getByRole('option');
  await expect(options).toHaveText([
    'No activity',
    'Activity 1: Market Research',
    `Activity 3: ${PAGE}`,
    'Activity 4: Hero Concept Design',
    'Activity 5: Brief Generation',
    'Activity 6: Implementation',
    'Activity 8: Final Review',
  ]);
  await page.keyboard.press('Escape');
  await page.goto(`/admin/cohorts/${tag}/room`);
  await expect(page.getByTestId('room-pace-now')).toContainText(PAGE);
  await page.goto('/admin?tab=help');
  await expect(page.getByTestId('help-request').filter({ hasText: team.name })).toContainText(
    `Activity 3, ${PAGE} · waiting`,
  );

  // Every activity the programme runs answered: the way on ends the six.
  for (const activity of draft.activities.filter((a) => !draft.switchedOff.includes(a.phase))) {
    const required = activity.fields.filter((field) => field.required);
    const data = Object.fromEntries(required.map((field) => [field.id, answerFor(field)]));
    const answered = await api.post('/api/phase-data', {
      data: { teamId: team.id, phaseNumber: activity.phase, data, changed: Object.keys(data) },
    });
    expect(answered.ok(), `activity ${activity.phase}`).toBe(true);
  }
  await device.page.goto('/phase/8');
  await expect(device.page.getByTestId('way-on')).toContainText('All six activities are done');
  await expect(device.page.getByTestId('activities-done')).toHaveText('6 of 6 activities done');

  expect((await api.delete(`/api/teams/${team.id}/help`)).ok()).toBe(true);
  await device.close();
  await api.dispose();
  await admin.dispose();
});
