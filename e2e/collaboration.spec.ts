import type { Page } from '@playwright/test';
import { teamOnDevices } from './support/collaboration.ts';
import { chooseOption, expect, openAsTeam, practice, test } from './support/fixtures.ts';
import { field, saved } from './support/form.ts';

/**
 * Working together: several devices of one team on one workspace. A save writes only the fields its
 * device changed, and every open page receives its teammates' saves live (the team's event stream). Text
 * typed into one field at once merges (e2e/typing-together.spec.ts); a choice is one value, the later one.
 */

test.describe('a team on several devices', () => {
  test('two devices editing different fields: both answers survive and each appears on the other page', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [a, b] = devices.map((d) => d.page) as [Page, Page];

    // Typed at the same time, saved at about the same time: a shared fact on one device, an answer of the
    // activity on the other, then both kinds on both.
    await Promise.all([
      field(a, 'Company name').fill('BrightBlocks'),
      // One page types into one field at a time.
      field(b, 'Sector or product category')
        .fill('STEM toys')
        .then(() => field(b, 'Out of scope').fill('board games')),
    ]);
    await Promise.all([saved(a), saved(b)]);
    await expect(field(b, 'Company name')).toHaveValue('BrightBlocks');
    await expect(field(a, 'Sector or product category')).toHaveValue('STEM toys');
    await expect(field(a, 'Out of scope')).toHaveValue('board games');
    // The prompt preview follows the teammate's answer too.
    await expect(a.getByTestId('prompt-preview')).toContainText('STEM toys');
    expect(await stored(1)).toMatchObject({
      company_name: 'BrightBlocks',
      sector: 'STEM toys',
      exclusions: 'board games',
    });

    // A later edit on one device reaches the other in place, again without a reload.
    await field(a, 'Target region').fill('Nordics');
    await saved(a);
    await expect(field(b, 'Target region')).toHaveValue('Nordics');
    await expect(b.getByText('Changed on another device')).toHaveCount(0);
    expect(await stored(1)).toMatchObject({
      company_name: 'BrightBlocks',
      sector: 'STEM toys',
      target_region: 'Nordics',
    });
    await close();
  });

  test('one choice made on two devices: the later shows on both, and the device whose choice was replaced is told', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [laptop, phone] = devices.map((d) => d.page) as [Page, Page];
    const horizon = (page: Page) => page.getByRole('combobox', { name: 'Time horizon' });
    const note = (page: Page) => page.locator('[data-remote-note="time_horizon"]');

    // In turn: the laptop's choice is saved, then the phone's replaces it.
    await chooseOption(laptop, horizon(laptop), /Five-year outlook/);
    await saved(laptop);
    // The laptop moves on: a field still being edited would keep its choice and offer the other one.
    await field(laptop, 'Company name').focus();
    await chooseOption(phone, horizon(phone), /Last 12 months/);
    await saved(phone);
    await field(phone, 'Company name').focus();
    await expect(horizon(laptop)).toContainText('Last 12 months');
    await expect(note(laptop)).toHaveAttribute('data-note-kind', 'replaced');
    await expect(note(laptop)).toContainText('Replaced on another device');
    // The choice as the person reads it, not its stored value.
    await expect(note(laptop)).toContainText('Yours was “Five-year outlook”');
    await expect(note(phone)).toHaveCount(0);
    // One click puts the laptop's choice back and saves it; being later, it wins everywhere.
    await note(laptop).getByRole('button', { name: 'Restore mine' }).click();
    await expect(note(laptop)).toHaveCount(0);
    await saved(laptop);
    await expect(horizon(phone)).toContainText('Five-year outlook');
    expect((await stored(1)).time_horizon).toBe('five_year');
    await close();
  });

  test('three devices: each page shows the other two and where they are', async ({ browser }) => {
    const { devices, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1', '/phase/3']);
    const [a, , c] = devices.map((d) => d.page) as [Page, Page, Page];
    const presence = a.getByTestId('presence');
    await expect(presence).toHaveText(
      'Also here: 2 other devices · Chrome on Linux (this activity), Chrome on Linux (Activity 3)',
    );
    await expect(c.getByTestId('presence')).toContainText('Also here: 2 other devices');
    await expect(c.getByTestId('presence')).toContainText('(Activity 1), Chrome on Linux (Activity 1)');

    // A device leaving drops from the others' lines; alone, nothing is shown.
    await devices[2]!.close();
    await expect(presence).toHaveText('Also here: 1 other device · Chrome on Linux (this activity)');
    await devices[1]!.close();
    await expect(presence).toHaveCount(0);
    await devices[0]!.close();
    devices.length = 0;
    await close();
  });

  test('an offline device edits while a teammate saves; once it reconnects nothing is lost on either side', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [online, offline] = devices as [(typeof devices)[0], (typeof devices)[0]];

    await offline.context.setOffline(true);
    await field(offline.page, 'Target region').fill('Offline region');
    await field(offline.page, 'Out of scope').fill('Offline exclusions');
    await expect(offline.page.getByTestId('save-status')).toHaveText('Offline – will retry');
    await field(online.page, 'Company name').fill('Saved While You Were Away');
    await saved(online.page);
    expect(await stored(1)).toMatchObject({ company_name: 'Saved While You Were Away' });

    await offline.context.setOffline(false);
    await saved(offline.page);
    // Each side now shows the other's answer, and the server holds both.
    await expect(field(offline.page, 'Company name')).toHaveValue('Saved While You Were Away');
    await expect(field(online.page, 'Target region')).toHaveValue('Offline region');
    await expect(field(offline.page, 'Target region')).toHaveValue('Offline region');
    await expect(field(online.page, 'Out of scope')).toHaveValue('Offline exclusions');
    expect(await stored(1)).toMatchObject({
      company_name: 'Saved While You Were Away',
      target_region: 'Offline region',
      exclusions: 'Offline exclusions',
    });
    await close();
  });
  test("a device whose live updates' code could not load (offline as its page opened) gets them once it can", async ({
    browser,
  }) => {
    const { team, devices, close } = await teamOnDevices(browser, ['/phase/1']);
    const [mate] = devices as [(typeof devices)[0]];
    // The live layer's code loads after the page: refused, as a dropped connection refuses it, until let through.
    const hubChunk = /\/assets\/live-hub-[^/]+\.js$/;
    let refused = 0;
    const device = await openAsTeam(browser, team, {
      path: '/phase/1',
      prepare: (context) =>
        context.route(hubChunk, (route) => {
          refused += 1;
          return route.abort('internetdisconnected');
        }),
    });
    await expect.poll(() => refused, 'the live code was asked for and refused').toBeGreaterThan(0);
    // The page goes on: its answers save.
    await field(device.page, 'Target region').fill('Saved without live updates');
    await saved(device.page);

    await device.context.unroute(hubChunk);
    // Its live updates start without a reload: the teammate's typing arrives, and the teammate sees it.
    await field(mate.page, 'Company name').fill('Reached Once Live');
    await saved(mate.page);
    await expect(field(device.page, 'Company name')).toHaveValue('Reached Once Live');
    await expect(mate.page.getByTestId('presence')).toContainText('1 other');
    await device.close();
    await close();
  });
});

test.describe('practice mode in two tabs', () => {
  test("two tabs of one browser merge their answers instead of the last tab's copy winning", async ({
    page,
    context,
  }) => {
    await practice(page, 1);
    const other = await context.newPage();
    await practice(other, 1);

    await field(page, 'Company name').fill('Tab One Co');
    await field(other, 'Sector or product category').fill('Tab two sector');
    await Promise.all([saved(page), saved(other)]);
    await expect(field(other, 'Company name')).toHaveValue('Tab One Co');
    await expect(field(page, 'Sector or product category')).toHaveValue('Tab two sector');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shared_facts') ?? '{}'));
    expect(stored).toMatchObject({
      company_name: { value: 'Tab One Co' },
      sector: { value: 'Tab two sector' },
    });

    // An answer of the activity, each tab its own: both kept.
    await field(page, 'Research questions').fill('Who buys?');
    await field(other, 'Out of scope').fill('Tab two exclusions');
    await Promise.all([saved(page), saved(other)]);
    await expect(field(page, 'Out of scope')).toHaveValue('Tab two exclusions');
    await expect(field(other, 'Research questions')).toHaveValue('Who buys?');
    const answers = await page.evaluate(() => JSON.parse(localStorage.getItem('phase1_data') ?? '{}'));
    expect(answers).toMatchObject({ research_questions: 'Who buys?', exclusions: 'Tab two exclusions' });

    // The same field: the tab typing in it keeps its text and gets the note, for an answer and a fact.
    for (const [label, id] of [
      ['Out of scope', 'exclusions'],
      ['Company name', 'company_name'],
    ] as const) {
      await field(other, label).fill('Mine, typing');
      await saved(other);
      await field(page, label).fill('Theirs');
      await saved(page);
      await expect(other.locator(`[data-remote-note="${id}"]`)).toContainText('Changed on another device');
      await expect(field(other, label)).toHaveValue('Mine, typing');
    }
    await other.close();
  });
});
