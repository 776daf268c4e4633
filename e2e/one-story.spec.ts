import type { Page } from '@playwright/test';
import { expect, practice, test } from './support/fixtures.ts';

/**
 * What is on screen from the first paint (installed before any of the page's scripts): when the activity's
 * heading first shows, and whether a loading spinner ("Loading …", the spinners' spoken label) shows after
 * it. Read back with `flashRecord`.
 */
function recordFirstPaint(page: Page) {
  return page.addInitScript(() => {
    const record = { contentSeen: false, spinnerAfterContent: [] as string[] };
    (window as unknown as { __firstPaint: typeof record }).__firstPaint = record;
    const look = () => {
      const heading = document.querySelector('main h1');
      if (heading?.textContent?.trim()) record.contentSeen = true;
      if (!record.contentSeen) return;
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent?.trim() ?? '';
        if (text.startsWith('Loading')) record.spinnerAfterContent.push(text);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', look);
  });
}

async function flashRecord(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __firstPaint: { contentSeen: boolean; spinnerAfterContent: string[] } })
        .__firstPaint,
  );
}

test.describe('one story', () => {
  test('an activity page that shows its content never gives it back to a spinner, in practice mode too', async ({
    page,
  }) => {
    await practice(page, 1);
    await recordFirstPaint(page);
    for (let phase = 1; phase <= 8; phase++) {
      await page.goto(`/phase/${phase}`);
      await expect(page.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const record = await flashRecord(page);
      expect(record.contentSeen, `activity ${phase} showed its heading`).toBe(true);
      expect(record.spinnerAfterContent, `activity ${phase}: a spinner after the content`).toEqual([]);
    }
  });
});
