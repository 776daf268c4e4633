import type { Page, Route } from '@playwright/test';
import { teamOnDevices } from './support/collaboration.ts';
import { expect, openAsTeam, practice, test } from './support/fixtures.ts';

/**
 * Working together: several devices of one team on one workspace. A save writes only the fields its
 * device changed, and every open page receives its teammates' saves live (the team's event stream).
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const saved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
/** Holds the page's saves (answers and shared facts) on their way to the server until `release()`. */
async function holdSaves(page: Page) {
  const held: Route[] = [];
  let holding = true;
  const hold = (route: Route) => {
    if (holding && route.request().method() === 'POST') held.push(route);
    else return route.continue();
  };
  await page.route('**/api/phase-data', hold);
  await page.route('**/api/teams/*/facts', hold);
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held) await route.continue();
    },
  };
}

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

  test('the same field: a device typing in it gets a note, not a silent revert, and can take the other version', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [a, b] = devices.map((d) => d.page) as [Page, Page];
    const note = b.locator('[data-remote-note="company_name"]');

    // B types the company name; its save is held on the way (still unsaved) when A's save of it arrives.
    const held = await holdSaves(b);
    await field(b, 'Company name').pressSequentially('Bee');
    await expect.poll(held.count).toBe(1);
    await field(a, 'Company name').fill('Alpha Labs');
    await saved(a);
    await expect(note).toContainText('Changed on another device');
    await expect(note).toContainText('Alpha Labs');
    await expect(field(b, 'Company name')).toHaveValue('Bee');
    await expect(field(b, 'Company name')).toBeFocused();

    await note.getByRole('button', { name: 'Use their version' }).click();
    await expect(field(b, 'Company name')).toHaveValue('Alpha Labs');
    await expect(note).toHaveCount(0);
    // B's held save lands after A's; B then saves the version it took, so the store ends with it.
    await held.release();
    await saved(b);
    expect((await stored(1)).company_name).toBe('Alpha Labs');
    await expect(field(a, 'Company name')).toHaveValue('Alpha Labs');

    // "Keep mine": the answer shown here is saved again and, being later, wins everywhere.
    await field(b, 'Company name').fill('Bee Mine');
    await saved(b);
    await field(a, 'Company name').fill('Alpha Again');
    await saved(a);
    await field(a, 'Target region').focus();
    await expect(note).toContainText('Alpha Again');
    await expect(field(b, 'Company name')).toHaveValue('Bee Mine');
    await note.getByRole('button', { name: 'Keep mine' }).click();
    await expect(note).toHaveCount(0);
    await expect(field(a, 'Company name')).toHaveValue('Bee Mine');
    expect((await stored(1)).company_name).toBe('Bee Mine');
    // A, whose text was replaced after it left the field, is told too, with its text one click away.
    await expect(a.locator('[data-remote-note="company_name"]')).toContainText('Yours was “Alpha Again”');
    await close();
  });

  test('two devices typing in one field: the one whose text was replaced gets a note, whichever save lands first', async ({
    browser,
  }) => {
    const { devices, stored, close } = await teamOnDevices(browser, ['/phase/1', '/phase/1']);
    const [laptop, phone] = devices.map((d) => d.page) as [Page, Page];
    const region = (page: Page) => field(page, 'Target region');
    const note = (page: Page) => page.locator('[data-remote-note="target_region"]');

    // In turn: the laptop's text is saved, then the phone's replaces it while the laptop is elsewhere.
    await region(laptop).fill('the United Kingdom');
    await saved(laptop);
    await field(laptop, 'Company name').focus();
    await region(phone).fill('Germany');
    await saved(phone);
    await expect(region(laptop)).toHaveValue('Germany');
    await expect(note(laptop)).toHaveAttribute('data-note-kind', 'replaced');
    await expect(note(laptop)).toContainText('Replaced on another device');
    await expect(note(laptop)).toContainText('Yours was “the United Kingdom”');
    await expect(note(phone)).toHaveCount(0);
    // One click puts the laptop's text back and saves it; now the phone, still in the field, is told.
    await note(laptop).getByRole('button', { name: 'Restore mine' }).click();
    await expect(region(laptop)).toHaveValue('the United Kingdom');
    await expect(note(laptop)).toHaveCount(0);
    await saved(laptop);
    await expect(note(phone)).toContainText('“the United Kingdom”');
    await expect(region(phone)).toHaveValue('Germany');
    expect((await stored(1)).target_region).toBe('the United Kingdom');
    await note(phone).getByRole('button', { name: 'Use their version' }).click();
    await expect(note(phone)).toHaveCount(0);

    // Crossed: the laptop's save lands first but its answer comes back after the phone's later save was
    // heard. The laptop keeps the note with the phone's text, and the store keeps the later save.
    let answer: (() => Promise<void>) | undefined;
    await laptop.route('**/api/teams/*/facts', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      answer = () => route.fulfill({ response });
    });
    await region(laptop).fill('the United Kingdom, again');
    await expect.poll(() => answer !== undefined).toBe(true);
    expect((await stored(1)).target_region).toBe('the United Kingdom, again');
    await region(phone).fill('Germany, again');
    await saved(phone);
    expect((await stored(1)).target_region).toBe('Germany, again');
    await expect(note(laptop)).toContainText('“Germany, again”');
    await answer!();
    await saved(laptop);
    await expect(note(laptop)).toContainText('Changed on another device');
    await expect(note(laptop)).toContainText('“Germany, again”');
    await expect(region(laptop)).toHaveValue('the United Kingdom, again');
    expect((await stored(1)).target_region).toBe('Germany, again');
    // Its own text is one click away: kept, it is saved again and wins everywhere.
    await laptop.unroute('**/api/teams/*/facts');
    await note(laptop).getByRole('button', { name: 'Keep mine' }).click();
    await saved(laptop);
    expect((await stored(1)).target_region).toBe('the United Kingdom, again');
    // The phone, still in the field, now holds the note.
    await expect(note(phone)).toContainText('“the United Kingdom, again”');
    await expect(region(phone)).toHaveValue('Germany, again');
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
