import { expect, test } from './support/fixtures.ts';

/** Text each pre-rendered page carries in its HTML, before any script runs. */
const PAGES = [
  { path: '/credits', heading: 'Credits', texts: ['Twemoji', 'Inter', 'Lucide', 'TanStack Query'] },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    texts: ['June 12, 2025', 'What we collect and why', 'Deleting your data'],
  },
];

test.describe('pre-rendered credits and privacy pages', () => {
  for (const { path, heading, texts } of PAGES) {
    test(`${path} arrives as built HTML with its content, and paints without JavaScript`, async ({
      page,
      browser,
    }) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading}`));
      for (const text of texts) expect(root).toContain(text);

      const context = await browser.newContext({ javaScriptEnabled: false });
      const noScript = await context.newPage();
      await noScript.goto(path);
      await expect(noScript.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await context.close();
    });

    test(`a first visit to ${path} adopts the pre-rendered page: the same heading before and after start-up`, async ({
      page,
    }) => {
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          Object.assign(window, { prerenderedHeading: document.querySelector('main h1') });
        }),
      );
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Start-up over: the admin status has answered and the header's menus and the page have loaded.
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeEnabled();
      const adopted = await page.evaluate(
        () =>
          document.querySelector('main h1') ===
          (window as { prerenderedHeading?: Element }).prerenderedHeading,
      );
      expect(adopted).toBe(true);
    });
  }
});
