import type { Page } from '@playwright/test';
import { chooseOption } from './fixtures.ts';
import { field } from './form.ts';

/** Answers every required field of activity 1, Market Research, through the form, for a coffee company. */
export async function finishMarketResearch(page: Page, company = 'Harbour Roasters') {
  await field(page, 'Company name').fill(company);
  await field(page, 'Sector or product category').fill('Specialty coffee');
  await chooseOption(page, field(page, 'Who your customers are'), /^Consumers/);
  await field(page, 'Target audience').fill('Office workers who buy coffee on the way in');
  await field(page, 'Target region').fill('Bristol, UK');
  await page
    .getByRole('group', { name: 'Whose rules apply' })
    .getByRole('checkbox', { name: 'United Kingdom' })
    .click();
  await page
    .getByRole('group', { name: 'Sensitive areas' })
    .getByRole('checkbox', { name: /^Food or drink/ })
    .click();
  await field(page, 'Research questions').fill('How big is the morning market near offices?');
  await chooseOption(page, field(page, 'Time horizon'), /Five-year outlook/);
  await chooseOption(page, field(page, 'Research depth'), /Quick scan/);
}
