import { readFile } from 'node:fs/promises';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import {
  chooseOption,
  createWorkspace,
  expect,
  expectNoSideScroll,
  forgiveConsoleErrors,
  practice,
  test,
} from './support/fixtures.ts';
import { preview, saveStatus } from './support/form.ts';

test.describe('phase page', () => {
  test('answers build the prompt as you type, survive a reload and show on another device', async ({
    page,
    browser,
    baseURL,
  }) => {
    const code = await createWorkspace(page, 'Prompt Crafters');
    await expect(page).toHaveURL(new RegExp(`/phase/1\\?team_id=${code}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Market Research' })).toBeVisible();
    await expect(page.getByText('Estimated time: 45-50 minutes')).toBeVisible();
    await expect(
      page.getByText('In class: 45-50 minutes. Homework: step 6, 20-30 minutes after class.'),
    ).toBeVisible();
    await expect(page.getByText('Activity 1 of 8')).toBeVisible();
    await expect(page.getByTestId('phase-progress')).toHaveText('Progress 0/8 (0%)');
    await expect(saveStatus(page)).toHaveText('Auto-saving');

    // Unfilled placeholders stay visible in the preview.
    await expect(preview(page).locator('mark', { hasText: '{{sector}}' }).first()).toBeVisible();
    await page.getByLabel('Sector or product category', { exact: true }).pressSequentially('STEM toys');
    await expect(
      preview(page).getByRole('heading', { name: 'Market research brief: STEM toys' }),
    ).toBeVisible();
    await page.getByLabel('Company name', { exact: true }).fill('BrightBlocks');
    await page.getByLabel('Target audience', { exact: true }).fill('Parents of children aged 6 to 10');
    await chooseOption(page, page.getByLabel('Time horizon', { exact: true }), /Five-year outlook/);
    await expect(page.getByLabel('Time horizon', { exact: true })).toContainText('Five-year outlook');
    await expect(preview(page)).toContainText('BrightBlocks');
    await expect(preview(page)).toContainText('Parents of children aged 6 to 10');

    await expect(saveStatus(page)).toContainText('Saved');
    await expect(saveStatus(page)).toHaveAttribute('data-status', 'saved');

    await page.reload();
    await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('BrightBlocks');
    await expect(page.getByLabel('Sector or product category', { exact: true })).toHaveValue('STEM toys');
    await expect(page.getByLabel('Time horizon', { exact: true })).toContainText('Five-year outlook');
    await expect(preview(page)).toContainText('BrightBlocks');

    // Another browser (no cookies, no storage) opening the same workspace by its code.
    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await second.goto(`/phase/1?team_id=${code}`);
    await expect(second.getByLabel('Company name', { exact: true })).toHaveValue('BrightBlocks');
    await expect(second.getByLabel('Target audience', { exact: true })).toHaveValue(
      'Parents of children aged 6 to 10',
    );
    // Shared facts are one copy: the next activity shows them, marked with where they were first given;
    // opening it saves nothing by itself...
    await second.goto(`/phase/4?team_id=${code}`);
    const company4 = second.locator('[data-field="company_name"]');
    await expect(second.getByLabel('Company name', { exact: true })).toHaveValue('BrightBlocks');
    await expect(company4).toContainText('First given in Activity 1 · Market Research');
    await expect(second.locator('[data-field="target_audience"]')).toContainText(
      'First given in Activity 1 · Market Research',
    );
    await expect(second.getByTestId('phase-progress')).toHaveText('Progress 0/8 (0%)');
    // ...the first edit saves the activity's own answers and raises the progress; the facts stay one copy.
    await second.getByLabel('Unmet needs', { exact: true }).fill('Kits that stay interesting');
    await expect(second.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await expect(company4).toContainText('First given in Activity 1 · Market Research');
    await expect(second.getByTestId('phase-progress')).toHaveText('Progress 3/8 (38%)');
    const team = await (await second.request.get(`/api/teams/${code}`)).json();
    const phase4 = await (await second.request.get(`/api/phase-data/${team.id}/4`)).json();
    expect(phase4.data).toMatchObject({ unmet_needs: 'Kits that stay interesting' });
    expect(phase4.data).not.toHaveProperty('company_name');
    const { facts } = await (await second.request.get(`/api/teams/${team.id}/facts`)).json();
    expect(facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'company_name', value: 'BrightBlocks', givenIn: 1 }),
        expect.objectContaining({
          id: 'target_audience',
          value: 'Parents of children aged 6 to 10',
          givenIn: 1,
        }),
      ]),
    );
    await other.close();
  });

  test('practice mode keeps answers in this browser only, and a new workspace can keep them', async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/phase-data')) posts.push(r.url());
    });
    await practice(page, 2);
    await expect(page.getByRole('heading', { level: 1, name: 'Competition Analysis' })).toBeVisible();
    await expect(page.getByText('Practice mode: your answers are kept in this browser only.')).toBeVisible();
    await page.getByLabel('Company name', { exact: true }).fill('Practice Toys');
    await page.getByLabel('Competitors to score', { exact: true }).fill('LEGO, KiwiCo');
    await expect(saveStatus(page)).toContainText('Saved in this browser');
    const stored = await page.evaluate(() => localStorage.getItem('phase2_data'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ competitors: 'LEGO, KiwiCo' });
    const facts = await page.evaluate(() => localStorage.getItem('shared_facts'));
    expect(JSON.parse(facts ?? '{}')).toMatchObject({ company_name: { value: 'Practice Toys', givenIn: 2 } });
    expect(posts).toEqual([]);

    await page.reload();
    await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Practice Toys');
    expect(posts).toEqual([]);

    // Creating a workspace afterwards offers to keep the practice answers.
    await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    await page.getByPlaceholder('How would you like to be known?').fill('Converted Team');
    await page.getByRole('button', { name: 'Create My Workspace' }).click();
    const keep = page.getByRole('dialog', { name: 'Keep your practice answers?' });
    await expect(keep).toBeVisible();
    await expect(keep).toContainText('2. Competition Analysis');
    await keep.getByRole('button', { name: 'Keep them' }).click();
    await expect(page.getByText('Practice answers saved', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('phase2_data'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('shared_facts'))).toBeNull();
    await expect(page.getByLabel('Company name', { exact: true })).toHaveValue('Practice Toys');

    const code = (await page.getByTestId('workspace-code').textContent())!.trim();
    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const saved = await page.request.get(`/api/phase-data/${team.id}/2`);
    expect(saved.status()).toBe(200);
    expect((await saved.json()).data).toMatchObject({ competitors: 'LEGO, KiwiCo' });
    const kept = await (await page.request.get(`/api/teams/${team.id}/facts`)).json();
    expect(kept.facts).toEqual([
      expect.objectContaining({ id: 'company_name', value: 'Practice Toys', givenIn: 2 }),
    ]);
  });

  test('closing the workspace dialog without choosing is practice mode too, and the page says so', async ({
    page,
  }) => {
    // Nothing may leave the browser before a workspace is chosen: no save, no facts, no workspace.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/')) sent.push(r.url());
    });
    await page.goto('/phase/2');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' });
    await expect(welcome).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    await expect(page.getByText('Practice mode: your answers are kept in this browser only.')).toBeVisible();
    await page.getByLabel('Competitors to score', { exact: true }).fill('LEGO, KiwiCo');
    await expect(saveStatus(page)).toContainText('Saved in this browser');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('phase2_data'))) ?? '{}'),
    ).toMatchObject({
      competitors: 'LEGO, KiwiCo',
    });
    // Closing is not "Try without saving": the tab does not remember it.
    expect(await page.evaluate(() => sessionStorage.getItem('practice_mode'))).toBeNull();

    await page.reload();
    // Nothing was chosen, so the page asks again; behind it, and once closed, it is in practice mode.
    await expect(welcome).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();
    await expect(page.getByText('Practice mode: your answers are kept in this browser only.')).toBeVisible();
    await expect(page.getByLabel('Competitors to score', { exact: true })).toHaveValue('LEGO, KiwiCo');
    await expect(page.getByRole('button', { name: 'Enter/Create Workspace' })).toBeVisible();
    // Practice mode has nothing to ask an instructor with.
    await page.getByRole('button', { name: 'Ask for help' }).click();
    await expect(
      page.getByText(
        'Asking your instructor for help needs a workspace: in practice mode nothing leaves this browser.',
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Not now' }).click();
    // Going on to another activity inside the app does not ask again: the page is in practice mode.
    await page.getByRole('banner').getByRole('link', { name: 'Applied GenAI Lab' }).click();
    await page.locator('main a[href="/phase/3"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Background Research' })).toBeVisible();
    await expect(page.getByText('Practice mode: your answers are kept in this browser only.')).toBeVisible();
    await expect(welcome).toBeHidden();
    expect(sent).toEqual([]);

    // A workspace created now offers to keep the practice answers, as after "Try without saving".
    await page.getByRole('button', { name: 'Enter/Create Workspace' }).first().click();
    await page.getByPlaceholder('How would you like to be known?').fill('Closed Then Created');
    await page.getByRole('button', { name: 'Create My Workspace' }).click();
    const keep = page.getByRole('dialog', { name: 'Keep your practice answers?' });
    await expect(keep).toBeVisible();
    await expect(keep).toContainText('2. Competition Analysis');
    await keep.getByRole('button', { name: 'Keep them' }).click();
    await expect(page.getByText('Practice answers saved', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Your answers save automatically to your workspace and build the prompt beside this form.',
      ),
    ).toBeVisible();
    const code = (await page.getByTestId('workspace-code').textContent())!.trim();
    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const saved = await page.request.get(`/api/phase-data/${team.id}/2`);
    expect((await saved.json()).data).toMatchObject({ competitors: 'LEGO, KiwiCo' });
  });

  test('a first visit adopts the pre-rendered page: the same elements before and after start-up', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        Object.assign(window, {
          prerenderedHeading: document.querySelector('main h1'),
          prerenderedForm: document.querySelector('#decision-box > div > *'),
        });
      }),
    );
    await page.goto('/phase/3');
    await expect(page.getByRole('dialog', { name: 'Welcome to Applied GenAI Lab' })).toBeVisible();
    // Start-up over: the admin status has answered and the header's menus have loaded.
    await page.waitForLoadState('networkidle');
    const adopted = await page.evaluate(() => {
      const held = window as { prerenderedHeading?: Element; prerenderedForm?: Element };
      return {
        heading: document.querySelector('main h1') === held.prerenderedHeading,
        // The activity's body is held as pre-rendered until the dialog is answered: the form's part is the
        // very element the HTML brought (a render of the page around it once made React draw it afresh).
        form:
          Boolean(held.prerenderedForm) &&
          document.querySelector('#decision-box > div > *') === held.prerenderedForm,
      };
    });
    expect(adopted).toEqual({ heading: true, form: true });
    await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveCount(0);
  });

  test('required fields: banner and field errors that clear on edit; colour format', async ({ page }) => {
    await practice(page, 6);
    const banner = page.getByText('Please complete all required fields to continue.');
    await expect(banner).toHaveCount(0);

    const company = page.getByLabel('Company name', { exact: true });
    await company.focus();
    await company.blur();
    await expect(page.getByText('Company name is required.')).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(company).toHaveAttribute('aria-invalid', 'true');
    await company.pressSequentially('B');
    await expect(page.getByText('Company name is required.')).toHaveCount(0);

    const colour = page.getByLabel('Brand colour', { exact: true });
    await expect(colour).toHaveAttribute('placeholder', '#000000');
    await colour.fill('#12');
    await colour.blur();
    await expect(
      page.getByText('Enter a colour as # followed by 6 hex digits, for example #1e90ff.'),
    ).toBeVisible();
    await colour.fill('#1e90ff');
    await expect(page.getByText(/followed by 6 hex digits/)).toHaveCount(0);
    await expect(page.getByLabel('Brand colour: colour picker')).toHaveValue('#1e90ff');

    // Checking all answers shows every missing required field; the banner stays until all are done.
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(page.getByText('Hero concept name is required.')).toBeVisible();
    await expect(page.getByText('Visual style is required.')).toBeVisible();
    await expect(page.getByLabel('Hero concept name', { exact: true })).toBeFocused();
    await expect(banner).toBeVisible();
  });

  test('Copy Prompt copies the prompt source and prompt.txt holds the same text', async ({ page }) => {
    await practice(page, 1);
    await page.getByLabel('Company name', { exact: true }).fill('BrightBlocks');
    await page.getByLabel('Sector or product category', { exact: true }).fill('STEM toys');
    // Fields with a tooltip have an info button that shows it.
    await page.getByRole('button', { name: 'About Sector or product category' }).focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Copy Prompt' }).click();
    await expect(page.getByText('Prompt copied!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The clipboard gets the markdown source: the preview shows it rendered.
    expect(copied.startsWith('# Market research brief: STEM toys\n')).toBe(true);
    expect(copied).toContain('BrightBlocks');
    expect(copied).toContain('{{target_region}}');
    await expect(
      preview(page).getByRole('heading', { name: 'Market research brief: STEM toys' }),
    ).toBeVisible();
    const renderedText = (await preview(page).textContent()) ?? '';
    for (const line of copied
      .split('\n')
      .filter((l) => /^[A-Za-z]/.test(l))
      .slice(0, 5)) {
      expect(renderedText).toContain(line.replace(/\*\*/g, '').slice(0, 40));
    }
    // The copied indicator goes back after 3 s.
    await expect(page.getByRole('button', { name: 'Copy Prompt' })).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download prompt as prompt.txt' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('prompt.txt');
    expect(await readFile((await download.path())!, 'utf8')).toBe(copied);
    await expect(page.getByText('Prompt downloaded!', { exact: true })).toBeVisible();
  });

  test("phase 4 offers the worked example's market report and its template as real PDFs", async ({
    page,
  }) => {
    await practice(page, 4);
    for (const [name, file] of [
      ['Download PDF: worked example', 'stem-toys-market-analysis.pdf'],
      ['Download PDF: report template', 'market-report-template.pdf'],
    ]) {
      const downloadPromise = page.waitForEvent('download');
      await page.getByRole('button', { name }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe(file);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expect(page.getByText('Download Started', { exact: true }).first()).toBeVisible();
    }
  });

  test('phase 4 PDF failure says so', async ({ page, consoleErrors }) => {
    await practice(page, 4);
    await page.route('**/downloads/*.pdf', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.getByRole('button', { name: 'Download PDF: report template' }).click();
    await expect(page.getByText('Download Failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Unable to download the PDF. Please try refreshing the page.', { exact: true }),
    ).toBeVisible();
    forgiveConsoleErrors(consoleErrors);
  });

  test('phase 6 shows visual styles and voice personas as option cards', async ({ page }) => {
    await practice(page, 6);
    const styles = page.getByRole('radiogroup', { name: 'Visual style' });
    await expect(styles.getByRole('radio')).toHaveCount(5);
    for (const name of [
      'Clean & Minimalist',
      'Organic & Natural',
      'Bold & Dynamic',
      'Elegant & Sensual',
      'Playful & Vibrant',
    ]) {
      await expect(styles.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await styles.getByRole('radio', { name: /^Bold & Dynamic/ }).click();
    await expect(styles.getByRole('radio', { name: /^Bold & Dynamic/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(preview(page)).toContainText('Visual style: Bold & Dynamic.');
    // Keyboard: arrows move the choice.
    await styles.getByRole('radio', { name: /^Bold & Dynamic/ }).focus();
    // Radix moves focus a tick after keydown and selects on that focus while the key is down: the key is
    // held until the focus has moved.
    await page.keyboard.down('ArrowDown');
    await expect(styles.getByRole('radio', { name: /^Elegant & Sensual/ })).toBeFocused();
    await page.keyboard.up('ArrowDown');
    await expect(styles.getByRole('radio', { name: /^Elegant & Sensual/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    const voices = page.getByRole('radiogroup', { name: 'Voice persona' });
    const guide = voices.getByRole('radio', { name: /^The Guide/ });
    await expect(guide.locator('span').first()).toHaveText('The Guide');
    await expect(guide).toContainText('warm, patient, explains one thing at a time');
    await guide.click();
    await expect(guide).toHaveAttribute('aria-checked', 'true');

    // "Your own" asks for a description: until it is given, the page and the prompt say it is missing.
    await voices.getByRole('radio', { name: /^Your own/ }).click();
    await expect(page.getByTestId('missing-inputs')).toContainText('[MISSING: your own voice persona]');
    await expect(
      preview(page).locator('mark', { hasText: '[MISSING: your own voice persona]' }),
    ).toBeVisible();
    await page.getByLabel('Your own voice persona', { exact: true }).fill('A calm roaster who never rushes.');
    await expect(page.getByTestId('missing-inputs')).toHaveCount(0);
    await expect(preview(page)).toContainText('A calm roaster who never rushes.');
  });

  test('a prompt with nothing to start from says so, links to the activity that produces it, and counts as incomplete', async ({
    page,
  }) => {
    await practice(page, 2);
    const missing = page.getByTestId('missing-inputs');
    await expect(missing).toContainText('[MISSING: the competitors to score]');
    await expect(
      preview(page).locator('mark', { hasText: '[MISSING: the competitors to score]' }),
    ).toBeVisible();
    const evidence = page.getByLabel('Evidence approach', { exact: true });
    await chooseOption(page, evidence, /^Team knowledge/);
    await expect(page.getByText('Please complete all required fields to continue.')).toBeVisible();
    // Web research is a real alternative: the assistant finds the competitors first.
    await chooseOption(page, evidence, /^Web research/);
    await expect(missing).toHaveCount(0);
    await expect(preview(page)).toContainText('so find them first');

    // The business profile is answered in Market Research: "None of these" excludes the other areas.
    await page.goto('/phase/4');
    await expect(page.getByTestId('profile-facts')).toContainText('Sensitive areas');
    await expect(page.getByTestId('profile-facts')).toContainText('not given yet');
    await page
      .getByTestId('missing-inputs')
      .getByRole('link', { name: 'Activity 1 · Market Research' })
      .click();
    await expect(page).toHaveURL(/\/phase\/1$/);
    const areas = page.getByRole('group', { name: 'Sensitive areas' });
    await areas.getByRole('checkbox', { name: /^Food or drink/ }).click();
    await areas.getByRole('checkbox', { name: /^Children/ }).click();
    await expect(areas.getByRole('checkbox', { name: /^Children/ })).toBeChecked();
    await areas.getByRole('checkbox', { name: /^None of these/ }).click();
    await expect(areas.getByRole('checkbox', { name: /^Children/ })).not.toBeChecked();
    await expect(areas.getByRole('checkbox', { name: /^Food or drink/ })).not.toBeChecked();
    await areas.getByRole('checkbox', { name: /^Food or drink/ }).click();
    await expect(areas.getByRole('checkbox', { name: /^None of these/ })).not.toBeChecked();
    await expect(preview(page)).toContainText('We sell food or drink');
    // The later areas: data about people other than the buyer, safety, professional advice.
    await areas.getByRole('checkbox', { name: /^Data about other people/ }).click();
    await expect(preview(page)).toContainText(
      'Our product or service handles data about people other than our buyer',
    );
    await expect(preview(page)).not.toContainText('People rely on our product or service to prevent harm');
    await page.goto('/phase/4');
    await expect(page.getByTestId('profile-facts')).toContainText('Food or drink, Data about other people');
    await expect(preview(page)).toContainText('For food and drink, check allergens');
    await expect(preview(page)).toContainText('who can see it, are those people told');
  });

  test('invalid phases and a failed configuration load show their screens', async ({
    page,
    consoleErrors,
  }) => {
    for (const path of ['/phase/9', '/phase/0', '/phase/abc']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Phase Not Found' })).toBeVisible();
      await expect(page.getByText('Please select a valid phase between 1 and 8.')).toBeVisible();
    }
    // A page loaded directly arrives pre-rendered with its config; moving to another activity inside the
    // app fetches that one's config, and that call fails here.
    await practice(page, 2);
    await page.route('**/api/configs/phase-3', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page
      .getByRole('link', { name: 'Home' })
      .or(page.getByRole('link', { name: 'Applied GenAI Lab' }))
      .first()
      .click();
    await page.locator('#activities li').nth(2).getByRole('link').click();
    await expect(page).toHaveURL(/\/phase\/3$/);
    await expect(page.getByRole('heading', { name: 'Configuration Error' })).toBeVisible();
    await expect(page.getByText('Unable to load phase configuration. Please try again later.')).toBeVisible();
    forgiveConsoleErrors(consoleErrors);
  });

  test('a save made offline shows Offline, then reaches the server once the network returns', async ({
    page,
    consoleErrors,
  }) => {
    const code = await createWorkspace(page, 'Offline Owls');
    await expect(page.getByLabel('Company name', { exact: true })).toBeVisible();
    // The activity's answers and the shared facts both fail to save.
    const saves = /\/api\/(phase-data|teams\/[^/]+\/facts)$/;
    await page.route(saves, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByLabel('Company name', { exact: true }).fill('Saved Offline Ltd');
    await page.getByLabel('Research questions', { exact: true }).fill('How big is it?');
    await expect(saveStatus(page)).toHaveText('Offline – will retry');
    // An edit while offline is kept too: the retry sends the newest answers.
    await page.getByLabel('Target region', { exact: true }).fill('Germany');
    await page.unroute(saves);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(saveStatus(page)).toContainText('Saved');

    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const saved = await page.request.get(`/api/phase-data/${team.id}/1`);
    expect((await saved.json()).data).toMatchObject({ research_questions: 'How big is it?' });
    const { facts } = await (await page.request.get(`/api/teams/${team.id}/facts`)).json();
    expect(facts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'company_name', value: 'Saved Offline Ltd' }),
        expect.objectContaining({ id: 'target_region', value: 'Germany' }),
      ]),
    );
    forgiveConsoleErrors(consoleErrors);
  });

  test('a pending edit is flushed when the page is hidden', async ({ page }) => {
    const code = await createWorkspace(page, 'Quick Leavers');
    await page.getByLabel('Company name', { exact: true }).fill('Flushed Co');
    const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/facts'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // Well before the 1 s debounce would have fired.
    const request = await saved;
    expect(request.postDataJSON()).toMatchObject({ values: { company_name: 'Flushed Co' }, givenIn: 1 });
    await expect(saveStatus(page)).toContainText('Saved');
    const team = await (await page.request.get(`/api/teams/${code}`)).json();
    const { facts } = await (await page.request.get(`/api/teams/${team.id}/facts`)).json();
    expect(facts).toEqual([expect.objectContaining({ id: 'company_name', value: 'Flushed Co' })]);
  });

  test('the team report holds every answer and prompt', async ({ page }) => {
    await createWorkspace(page, 'Report Writers');
    await page.getByLabel('Company name', { exact: true }).fill('BrightBlocks');
    await expect(saveStatus(page)).toContainText('Saved');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all answers' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('report-writers-answers.md');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain('# Report Writers: answers');
    expect(text).toContain('## 1. Market Research');
    expect(text).toContain('- **Company name:** BrightBlocks');
    expect(text).toContain('```markdown\n# Market research brief:');
  });
});

test.describe('phase page accessibility', () => {
  for (const phase of [1, 4, 6]) {
    test(`phase ${phase} has no serious or critical axe violations, with errors showing`, async ({
      page,
    }) => {
      await practice(page, phase);
      await page.getByRole('button', { name: 'Check my answers' }).click();
      await page.getByRole('button', { name: /Step 1/ }).click();
      await expectNoSeriousAxeViolations(page);
    });
  }
});

test.describe('phase screenshots', () => {
  test.skip(!process.env.PHASE_SHOTS, 'set PHASE_SHOTS=1 to write /tmp/shots/phase-*.png');
  for (const width of [1280, 375]) {
    test(`phases 1, 4 and 6 at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await createWorkspace(page, 'Screenshot Squad');
      for (const phase of [1, 4, 6]) {
        await page.goto(`/phase/${phase}${new URL(page.url()).search}`);
        await expect(page.getByLabel('Company name', { exact: true })).toBeVisible();
        if (phase === 1) await page.getByLabel('Company name', { exact: true }).fill('BrightBlocks');
        if (phase === 4) {
          await page.getByLabel('Unmet needs', { exact: true }).fill('1. Kits that stay interesting');
        }
        if (phase === 6) await page.getByRole('radio', { name: /^Playful & Vibrant/ }).click();
        await expect(saveStatus(page)).toContainText('Saved');
        await expectNoSideScroll(page);
        await page.screenshot({ path: `/tmp/shots/phase-${phase}-${width}.png`, fullPage: true });
        // Slices of the page at readable size, for reviewing the layout.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const slice = width === 375 ? 1100 : 1400;
        for (let y = 0, i = 0; y < height; y += slice, i++) {
          await page.screenshot({
            path: `/tmp/shots/slices/phase-${phase}-${width}-${i}.png`,
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(slice, height - y) },
          });
        }
      }
    });
  }
});
