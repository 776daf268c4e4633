import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { PhaseConfig } from '../src/shared/phase-config.ts';
import { isSharedFactId } from '../src/shared/shared-facts.ts';
import { workedExampleAnswers } from '../src/shared/worked-example.ts';
import { adminApi, apiTeam, castBallots, setSwitches, uniqueName, uniqueTag } from './support/api.ts';
import { expect, openAsTeam, test } from './support/fixtures.ts';

/*
 * A programme made in the app runs a cohort end to end exactly as a shipped one does.
 * An instructor's programme relabels a field of activity 1, adds a line to activity 8's prompt and switches
 * activity 7 off; a cohort of four teams runs on it: the activity pages and prompts are the programme's, every
 * team finishes its seven activities and submits its site, the teams vote, the podium shows on the projector,
 * the CSV export names the programme with every team at 100 %, and the team report carries the programme's
 * labels and prompts. A team's browser never gets the standard's pre-rendered activity.
 */

const NEW_LABEL = 'Questions about your clinics';
const NEW_LINE = 'Write for readers who run physiotherapy clinics.';
const OFF = 7;

/** A programme copied from the standard, changed as above, published: its id and name. */
async function clinicsProgramme(admin: APIRequestContext) {
  const name = uniqueName('Clinics day');
  const created = await admin.post('/api/admin/programmes', { data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const detail = await (await admin.get(`/api/admin/programmes/${id}`)).json();
  const activities = detail.draft.activities as PhaseConfig[];
  const questions = activities[0]!.fields.find((field) => field.id === 'research_questions')!;
  questions.label = NEW_LABEL;
  activities[7]!.promptTemplate = `${activities[7]!.promptTemplate.trimEnd()}\n\n${NEW_LINE}\n`;
  const saved = await admin.put(`/api/admin/programmes/${id}/draft`, {
    data: { revision: detail.revision, draft: { activities, switchedOff: [OFF] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { revision } = await saved.json();
  const published = await admin.post(`/api/admin/programmes/${id}/publish`, { data: { revision } });
  expect(published.status(), await published.text()).toBe(201);
  expect(await published.json()).toEqual({ version: 1 });
  return { id, name };
}

/**
 * Answers every activity the programme runs as the worked example would (and any required field the example
 * leaves blank), through the same calls the pages make: the shared facts once, each activity's own answers.
 */
async function finishEveryActivity(
  team: APIRequestContext,
  teamId: string,
  configs: PhaseConfig[],
  company: string,
) {
  for (const config of configs) {
    const answers = workedExampleAnswers(config);
    for (const field of config.fields.filter((f) => f.required && !answers[f.id]))
      answers[field.id] = `An answer for ${field.label}`;
    if ('company_name' in answers) answers.company_name = company;
    const facts = Object.fromEntries(Object.entries(answers).filter(([id]) => isSharedFactId(id)));
    const own = Object.fromEntries(Object.entries(answers).filter(([id]) => !isSharedFactId(id)));
    if (Object.keys(facts).length > 0) {
      const response = await team.post(`/api/teams/${teamId}/facts`, {
        data: { values: facts, givenIn: config.phase },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    const response = await team.post('/api/phase-data', {
      data: { teamId, phaseNumber: config.phase, data: own },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

test('a cohort runs its whole day on a programme made in the app', async ({ page, browser }, testInfo) => {
  const admin = await adminApi();
  const programme = await clinicsProgramme(admin);
  const tag = uniqueTag('clinics');
  const cohortName = uniqueName('Clinics cohort');
  const cohort = await admin.post('/api/admin/cohorts', {
    data: { tag, name: cohortName, programmeId: programme.id },
  });
  expect(cohort.status(), await cohort.text()).toBe(201);

  const names = ['Ortho', 'Sports Rehab', 'Back Care', 'Move Well'].map((n) => uniqueName(n));
  const teams: Awaited<ReturnType<typeof apiTeam>>[] = [];
  for (const name of names) teams.push(await apiTeam(admin, tag, name));
  const runs = [1, 2, 3, 4, 5, 6, 8];
  const configs: PhaseConfig[] = [];
  for (const phase of runs) {
    const response = await admin.get(`/api/programmes/${programme.id}/versions/1/phase-${phase}`);
    expect(response.status()).toBe(200);
    configs.push(await response.json());
  }

  // The first team works in a browser: activity 1 is the programme's, and its page was never the standard's.
  const first = teams[0]!;
  const device = await openAsTeam(browser, first.team, { path: '/phase/1' });
  await expect(device.page.getByLabel(NEW_LABEL, { exact: true })).toBeVisible();
  await expect(device.page.getByLabel('Research questions', { exact: true })).toHaveCount(0);
  const html = await (await device.page.request.get('/phase/1')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('Research questions');
  // The switched-off activity is not on the way.
  await expect(device.page.getByRole('link', { name: new RegExp(`^Activity ${OFF}\\b`) })).toHaveCount(0);

  // Every team finishes the seven activities its programme runs.
  for (const [i, member] of teams.entries())
    await finishEveryActivity(member.api, member.team.id, configs, `${names[i]} Clinics`);

  // Activity 8: the programme's prompt, and the first team submits its site there.
  await device.page.goto('/phase/8');
  await expect(device.page.getByTestId('prompt-preview')).toContainText(NEW_LINE);
  await device.page.getByLabel('Website URL').fill('ortho-clinic.example');
  await device.page.getByRole('button', { name: 'Submit Website' }).click();
  await expect(device.page.getByLabel('Website URL')).toHaveValue('https://ortho-clinic.example');
  await expect(device.page.getByTestId('way-on')).toBeVisible();
  for (const [i, member] of teams.entries()) {
    if (i === 0) continue;
    const saved = await member.api.patch(`/api/teams/${member.team.id}/website`, {
      data: { websiteUrl: `clinic-${i}.example` },
    });
    expect(saved.ok()).toBe(true);
  }

  // The team report: the programme's labels and prompts.
  const [download] = await Promise.all([
    device.page.waitForEvent('download'),
    device.page.getByRole('button', { name: 'Download all answers' }).click(),
  ]);
  const reportFile = path.join(testInfo.outputDir, 'report.md');
  await download.saveAs(reportFile);
  const report = readFileSync(reportFile, 'utf8');
  expect(report).toContain(`- **${NEW_LABEL}:**`);
  expect(report).not.toContain('- **Research questions:**');
  expect(report).toContain(NEW_LINE);
  expect(report).not.toMatch(new RegExp(`^## ${OFF}\\. `, 'm'));

  // The showcase: every site, the teams vote, and the podium on the projector.
  await device.page.goto(`/showcase/${tag}`);
  for (const i of [1, 2, 3])
    await expect(device.page.getByText(names[i]!, { exact: true }).first()).toBeVisible();
  await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });
  const ballots = [
    [1, 2, 3],
    [0, 2, 3],
    [0, 1, 3],
    [0, 1, 2],
  ];
  await castBallots(tag, teams, ballots);
  await setSwitches(admin, tag, { votingOpen: false, resultsVisible: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/results/${tag}`);
  await page.getByRole('button', { name: 'And the winners are...' }).click();
  // Ortho: 3 + 3 + 3 = 9 points, first.
  await expect(page.getByRole('list', { name: 'Podium' }).getByTestId('podium-name').first()).toHaveText(
    names[0]!,
  );

  // The CSV export: each team of the cohort done, by the programme it ran.
  const csv = await (await admin.get('/api/admin/export')).text();
  const rows = csv.split(/\r?\n/).filter((line) => line.includes(tag));
  expect(rows).toHaveLength(4);
  for (const row of rows) {
    expect(row.endsWith(`${programme.name} (version 1)`)).toBe(true);
    expect(row.split(',')[5]).toBe('100');
  }

  await device.close();
  for (const member of teams) await member.api.dispose();
  await admin.dispose();
});
