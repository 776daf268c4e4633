import { expect, type Page } from '@playwright/test';

/** An activity form's field, by its exact label. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The line that says whether the page's answers are saved ("Saved", "Offline – will retry", ...). */
export const saveStatus = (page: Page) => page.getByTestId('save-status');

/** Waits until the page says every answer typed on it is saved. */
export const saved = (page: Page) => expect(saveStatus(page)).toHaveAttribute('data-status', 'saved');

/** The activity's prompt, as the preview beside the form shows it. */
export const preview = (page: Page) => page.getByTestId('prompt-preview');
