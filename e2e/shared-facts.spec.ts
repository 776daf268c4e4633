import type { Page } from '@playwright/test';
import { createWorkspace, expect, practice, test } from './support/fixtures.ts';
import { preview, saved } from './support/form.ts';

/**
 * Shared facts (docs/product.md, The activities and the prompt engine): an answer several activities need
 * is one copy, shown in every activity that has it, marked where it was first given, and read by every
 * prompt; an activity's handoff answer feeds the next activities' prompts.
 */

const company = (page: Page) => page.getByLabel('Company name', { exact: true });

/** Activity 1 -> 2 -> 1: the company given in 1 shows in 2, a rename in 2 shows back in 1. */
async function carryAcrossActivities(page: Page, open: (phase: number) => Promise<void>) {
  await expect(page.getByRole('heading', { level: 3, name: 'After you run the prompt' })).toBeVisible();
  await company(page).fill('BrightSpark Labs');
  await page
    .getByLabel('Competitors and unmet needs found', { exact: true })
    .fill('| KiwiCo | monthly STEM boxes |');
  // In its first activity a fact carries no note.
  await expect(page.locator('[data-field="company_name"]')).not.toContainText('First given in');
  await saved(page);

  await open(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Competition Analysis' })).toBeVisible();
  await expect(company(page)).toHaveValue('BrightSpark Labs');
  await expect(page.locator('[data-field="company_name"]')).toContainText(
    'First given in Activity 1 · Market Research',
  );
  await expect(preview(page)).toContainText('BrightSpark Labs');
  // Activity 1's handoff answer is where activity 2's prompt starts from.
  await expect(preview(page)).toContainText('| KiwiCo | monthly STEM boxes |');

  await company(page).fill('BrightSpark Robotics');
  await expect(preview(page)).toContainText('BrightSpark Robotics');
  await expect(preview(page)).not.toContainText('BrightSpark Labs');
  await expect(page.locator('[data-field="company_name"]')).toContainText(
    'First given in Activity 1 · Market Research',
  );
  await saved(page);

  await open(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Market Research' })).toBeVisible();
  await expect(company(page)).toHaveValue('BrightSpark Robotics');
  await expect(preview(page)).toContainText('BrightSpark Robotics');
  await expect(preview(page)).not.toContainText('BrightSpark Labs');

  // And activity 2 once more, after a reload: its prompt reads the one copy.
  await open(2);
  await expect(company(page)).toHaveValue('BrightSpark Robotics');
  await expect(preview(page)).toContainText('BrightSpark Robotics');
}

test.describe('shared facts', () => {
  test('in a workspace: one company name across activities and prompts, and the handoff carried', async ({
    page,
  }) => {
    const code = await createWorkspace(page, 'Fact Keepers');
    await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    await carryAcrossActivities(page, async (phase) => {
      await page.goto(`/phase/${phase}?team_id=${code}`);
      await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    });
    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const { facts } = await (await page.request.get(`/api/teams/${team.id}/facts`)).json();
    expect(facts).toEqual([
      expect.objectContaining({ id: 'company_name', value: 'BrightSpark Robotics', givenIn: 1 }),
    ]);
  });

  test('in practice mode: the same, kept once in this browser', async ({ page }) => {
    await practice(page, 1);
    await carryAcrossActivities(page, async (phase) => {
      await page.goto(`/phase/${phase}`);
      const tryIt = page.getByRole('button', { name: 'Try without saving' });
      const form = page.getByRole('form', { name: 'Decision Box' });
      await expect(tryIt.or(form.and(page.locator('[data-ready]')))).toBeVisible();
      if (await tryIt.isVisible()) await practice(page, phase);
    });
    const facts = JSON.parse((await page.evaluate(() => localStorage.getItem('shared_facts'))) ?? '{}');
    expect(facts).toEqual({
      company_name: expect.objectContaining({ value: 'BrightSpark Robotics', givenIn: 1 }),
    });
    const phase2 = JSON.parse((await page.evaluate(() => localStorage.getItem('phase2_data'))) ?? '{}');
    expect(phase2).not.toHaveProperty('company_name');
  });
});
