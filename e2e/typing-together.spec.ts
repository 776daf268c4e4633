import type { Page } from '@playwright/test';
import { teamOnDevices } from './support/collaboration.ts';
import { expect, test } from './support/fixtures.ts';
import { field, saved } from './support/form.ts';

/**
 * Two people of one team typing into one text field at the same moment, on two devices: the field's words
 * merge character by character (docs/decisions/051-text-typed-together-merges.md). Every device ends with
 * every device's words, nobody is asked to choose a version, and what a teammate's change took out of text
 * being typed is said, with "Undo".
 */

const ASSUMPTIONS = 'Assumptions to test';

/** Both words, on both pages, with no note offering a version. */
async function bothEverywhere(pages: Page[], label: string, words: string[]) {
  for (const page of pages) {
    for (const word of words) await expect(field(page, label)).toHaveValue(new RegExp(`\\b${word}\\b`));
  }
  const [first, ...others] = pages;
  const value = await field(first!, label).inputValue();
  for (const page of others) await expect(field(page, label)).toHaveValue(value);
  for (const page of pages) await expect(page.locator('[data-remote-note]')).toHaveCount(0);
  return value;
}

/** Types `word` at the end of the field on `page`. */
async function typeAtEnd(page: Page, label: string, word: string) {
  await field(page, label).click();
  await page.keyboard.press('Control+End');
  await field(page, label).pressSequentially(word);
}

test.describe('two devices typing into one field at once', () => {
  test('20 rounds of both typing a word at the end within the same second: both words on both, nothing to choose', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [laptop, phone] = devices.map((d) => d.page) as [Page, Page];
    const words: string[] = [];
    for (let round = 1; round <= 20; round++) {
      const mine = [`laptop${round}`, `phone${round}`];
      words.push(...mine);
      await Promise.all([
        typeAtEnd(laptop, ASSUMPTIONS, ` ${mine[0]}`),
        typeAtEnd(phone, ASSUMPTIONS, ` ${mine[1]}`),
      ]);
      // Both move on at once.
      await Promise.all([field(laptop, 'Out of scope').focus(), field(phone, 'Out of scope').focus()]);
      await bothEverywhere([laptop, phone], ASSUMPTIONS, words);
    }
    await Promise.all([saved(laptop), saved(phone)]);
    const value = await field(laptop, ASSUMPTIONS).inputValue();
    expect((await stored(1)).known_assumptions).toBe(value);
    await close();
  });

  test('both devices offline typing into the field, then back: both words on both', async ({ browser }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const pages = devices.map((d) => d.page) as [Page, Page];
    const words: string[] = [];
    for (let round = 1; round <= 3; round++) {
      await Promise.all(devices.map((d) => d.context.setOffline(true)));
      const mine = [`offlineA${round}`, `offlineB${round}`];
      words.push(...mine);
      await Promise.all([
        typeAtEnd(pages[0], ASSUMPTIONS, ` ${mine[0]}`),
        typeAtEnd(pages[1], ASSUMPTIONS, ` ${mine[1]}`),
      ]);
      for (const page of pages)
        await expect(page.getByTestId('save-status')).toHaveText('Offline – will retry');
      await Promise.all(devices.map((d) => d.context.setOffline(false)));
      await bothEverywhere(pages, ASSUMPTIONS, words);
    }
    await Promise.all(pages.map(saved));
    expect((await stored(1)).known_assumptions).toBe(await field(pages[0], ASSUMPTIONS).inputValue());
    await close();
  });

  test('a shared fact typed on both at once keeps both, in every activity that shows it', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/2']);
    const [one, two] = devices.map((d) => d.page) as [Page, Page];
    await Promise.all([
      typeAtEnd(one, 'Target region', ' the UK'),
      typeAtEnd(two, 'Target region', ' Germany'),
    ]);
    await Promise.all([field(one, 'Company name').focus(), field(two, 'Company name').focus()]);
    const value = await bothEverywhere([one, two], 'Target region', ['UK', 'Germany']);
    await Promise.all([saved(one), saved(two)]);
    expect((await stored(1)).target_region).toBe(value);
    await close();
  });

  test('a teammate deleting the paragraph being typed in: the page says what went and can undo it', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [editor, deleter] = devices.map((d) => d.page) as [Page, Page];
    await field(deleter, ASSUMPTIONS).fill(
      'Parents pay more for kits.\nGirls are under-served by robot kits.',
    );
    await saved(deleter);
    await expect(field(editor, ASSUMPTIONS)).toHaveValue(/under-served/);

    // The editor types into the second paragraph while the other device deletes it.
    await field(editor, ASSUMPTIONS).click();
    await editor.keyboard.press('Control+End');
    await editor.keyboard.press('ArrowLeft');
    await Promise.all([
      field(editor, ASSUMPTIONS).pressSequentially(' today'),
      field(deleter, ASSUMPTIONS).fill('Parents pay more for kits.'),
    ]);
    const note = editor.locator('[data-remote-note="known_assumptions"]');
    await expect(note).toContainText('Removed on another device');
    await expect(note).toContainText('Girls are under-served by robot kits');
    // Nothing typed here was lost: the editor's word stayed, on both devices.
    await expect(field(editor, ASSUMPTIONS)).toHaveValue(/today/);
    await expect(field(deleter, ASSUMPTIONS)).toHaveValue(await field(editor, ASSUMPTIONS).inputValue());
    await expect(deleter.locator('[data-remote-note]')).toHaveCount(0);

    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(note).toHaveCount(0);
    const restored = 'Parents pay more for kits.\nGirls are under-served by robot kits today.';
    await expect(field(editor, ASSUMPTIONS)).toHaveValue(restored);
    await expect(field(deleter, ASSUMPTIONS)).toHaveValue(restored);
    await saved(editor);
    expect((await stored(1)).known_assumptions).toBe(restored);
    await close();
  });

  test('leaving the activity straight after typing keeps the text, on the server and on the other device', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [leaver, stayer] = devices.map((d) => d.page) as [Page, Page];
    await typeAtEnd(leaver, ASSUMPTIONS, 'Typed then gone');
    await typeAtEnd(stayer, ASSUMPTIONS, 'Still here');
    // Left at once, before the save's second: inside the app, then away from it.
    await leaver.getByRole('link', { name: /All activities/ }).click();
    await leaver.goto('about:blank');
    await expect(field(stayer, ASSUMPTIONS)).toHaveValue(/Typed then gone/);
    await expect(field(stayer, ASSUMPTIONS)).toHaveValue(/Still here/);
    await saved(stayer);
    await expect.poll(async () => (await stored(1)).known_assumptions).toMatch(/Typed then gone/);
    expect((await stored(1)).known_assumptions).toMatch(/Still here/);
    await close();
  });
});
