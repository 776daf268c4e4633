import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { ProgrammeContent, ProgrammeDetail } from '../src/shared/schemas/programmes.ts';
import { adminApi, apiTeam, createCohort, uniqueName } from './support/api.ts';
import { expect, loginAsAdmin, openAsTeam, test } from './support/fixtures.ts';

/*
 * One source everywhere: the instructor's "View work" and the team report read a cohort's programme as the
 * team's pages do (docs/product.md, A team's work, and The team report). A team whose cohort is given a programme that renames a field,
 * removes another and switches an activity off. "View work", open meanwhile, switches to the programme
 * without a reload; it and the downloaded report show the programme's labels, no switched-off activity, and
 * the answer to the removed field. A team of another cohort cannot read the programme.
 */

const RENAMED = 'Rival clinics to score';
const REMOVED_ID = 'competitor_notes';
const COMPETITORS = 'PhysioPlus, MoveWell';
const NOTES = 'PhysioPlus opened two sites this year';
const AGENT = 'Stride Concierge';

/** Activity 2's "competitors" renamed, its "competitor_notes" removed (and the template's lines on it), 7 off. */
function clinicProgramme(draft: ProgrammeContent): ProgrammeContent {
  const activities = draft.activities.map((activity, i) => {
    if (i !== 1) return activity;
    const fields = (activity.fields as { id: string; label: string }[])
      .filter((field) => field.id !== REMOVED_ID)
      .map((field) => (field.id === 'competitors' ? { ...field, label: RENAMED } : field));
    const template = activity.promptTemplate as string;
    const block = /\{\{#if competitor_notes\}\}[\s\S]*?\{\{\/if\}\}/;
    expect(template).toMatch(block);
    return { ...activity, fields, promptTemplate: template.replace(block, '') };
  });
  return { activities, switchedOff: [7] };
}

/** Publishes `change` of a copy of the standard and gives it to cohort `tag`: the programme's id. */
async function publishProgramme(
  admin: APIRequestContext,
  tag: string,
  change: (draft: ProgrammeContent) => ProgrammeContent,
) {
  const created = await admin.post('/api/admin/programmes', { data: { name: uniqueName('Clinics') } });
  expect(created.status()).toBe(201);
  const programme = (await created.json()) as ProgrammeDetail;
  const url = `/api/admin/programmes/${programme.id}`;
  const saved = await admin.put(`${url}/draft`, { data: { revision: 0, draft: change(programme.draft) } });
  expect(saved.status()).toBe(200);
  const published = await admin.post(`${url}/publish`, { data: { revision: 1 } });
  expect(published.status(), await published.text()).toBe(201);
  const assigned = await admin.put(`/api/admin/cohorts/${tag}/programme`, {
    data: { programmeId: programme.id },
  });
  expect(assigned.status()).toBe(200);
  return programme.id;
}

test('View work and the team report follow the team’s programme, keeping a removed field’s answer', async ({
  page,
  browser,
}) => {
  const admin = await adminApi();
  const tag = await createCohort(admin, uniqueName('Clinics cohort'));
  const { api, team } = await apiTeam(admin, tag, uniqueName('Stride'));
  const saved = await api.post('/api/phase-data', {
    data: { teamId: team.id, phaseNumber: 2, data: { competitors: COMPETITORS, [REMOVED_ID]: NOTES } },
  });
  expect(saved.status()).toBe(200);
  const agent = await api.post('/api/phase-data', {
    data: { teamId: team.id, phaseNumber: 7, data: { agent_name: AGENT } },
  });
  expect(agent.status()).toBe(200);

  // The instructor reads the team's work while it still runs the standard.
  await loginAsAdmin(page);
  await page.goto(`/admin/teams/${team.id}/work`);
  const activity2 = page.locator('#activity-2');
  await expect(activity2.getByText('Competitors to score', { exact: true })).toBeVisible();
  await expect(activity2).toContainText(NOTES);
  await expect(page.locator('#activity-7')).toContainText(AGENT);

  // The cohort is given the programme: the open page switches to it without a reload.
  const programmeId = await publishProgramme(admin, tag, clinicProgramme);
  await expect(activity2.getByText(RENAMED, { exact: true })).toBeVisible();
  await expect(activity2.getByText('Competitors to score', { exact: true })).toHaveCount(0);
  await expect(activity2).toContainText(COMPETITORS);
  await expect(page.locator('#activity-7')).toHaveCount(0);
  const removed = page.getByTestId('removed-fields-2');
  await expect(
    removed.getByRole('heading', { name: 'Answers to fields no longer in this activity' }),
  ).toBeVisible();
  await expect(removed.getByText(REMOVED_ID, { exact: true })).toBeVisible();
  await expect(removed.getByText(NOTES)).toBeVisible();
  // The prompt is the programme's: the removed field's lines are gone from it.
  await expect(activity2.getByTestId('prompt-preview')).toContainText(COMPETITORS);
  await expect(activity2.getByTestId('prompt-preview')).not.toContainText(NOTES);

  // Loaded afresh, the same; a board cell's link still lands on its activity.
  await page.goto(`/admin/teams/${team.id}/work#activity-8`);
  await expect(page.locator('#activity-8')).toBeInViewport();
  await expect(page.getByTestId('removed-fields-2')).toContainText(NOTES);
  await expect(page.locator('#activity-7')).toHaveCount(0);
  await expect(page.locator('#activity-6')).toHaveCount(1);

  // The team's report: the programme's labels, the removed field's answer, no switched-off activity.
  const device = await openAsTeam(browser, team, { path: '/phase/2' });
  await expect(device.page.locator('label[for="field-competitors"]')).toContainText(RENAMED);
  await expect(device.page.locator('#field-competitors')).toHaveValue(COMPETITORS);
  const [download] = await Promise.all([
    device.page.waitForEvent('download'),
    device.page.getByRole('button', { name: 'Download all answers' }).click(),
  ]);
  const report = await readFile((await download.path())!, 'utf8');
  // The next activity with answers is activity 7, left out: activity 2's part runs to the end (its prompt
  // has "## " lines of its own).
  expect(report).not.toMatch(/^## [3-8]\. /m);
  const activity2Report = report.slice(report.indexOf('## 2. '));
  expect(activity2Report).toContain(`- **${RENAMED}:** ${COMPETITORS}`);
  expect(activity2Report).not.toContain('Competitors to score');
  expect(activity2Report).toContain('### Answers to fields no longer in this activity');
  expect(activity2Report).toContain(`- **competitor\\_notes:** ${NOTES}`);
  // Activity 7 is switched off: none of it, though the team answered it.
  expect(report).not.toMatch(/^## 7\. /m);
  expect(report).not.toContain(AGENT);
  await device.close();

  // A team of another cohort may not read this programme; the cohort's own team may.
  const otherTag = await createCohort(admin, uniqueName('Other cohort'));
  const outsider = await apiTeam(admin, otherTag, uniqueName('Outsider'));
  const version = `/api/programmes/${programmeId}/versions/1`;
  for (const path of [`${version}/phase-2`, `${version}/fields`]) {
    const refused = await outsider.api.get(path);
    expect(refused.status(), path).toBe(403);
    expect(await refused.json()).toEqual({ message: "This programme is not your cohort's." });
    expect((await api.get(path)).status(), path).toBe(200);
  }
  await outsider.api.dispose();
  await api.dispose();
  await admin.dispose();
});
