/**
 * `npx tsx bench/editor-keystrokes.ts [tree]`: what a keystroke costs in the programme editor. Builds the
 * client of `tree` (default: this repository; pass another worktree to measure another commit the same
 * way), starts that tree's server on PGlite, copies the Standard programme (a draft of about 215 KB), opens
 * it in headless Chromium and types KEYSTROKES characters (default 200) at the end of activity 1's intro,
 * one key at a time, as a person types. Each key is dispatched and awaited; when the last has landed, two
 * animation frames are awaited. Reports the mean milliseconds per keystroke (the whole typing's wall time
 * over the keys) and the draft's size. Numbers go by hand into docs/PERFORMANCE.md ("The programme editor").
 *
 * Uses the system Chromium (scripts/find-chrome.mjs). Nothing else may run on the machine meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { findChrome } from '../scripts/find-chrome.mjs';
import { adminCookie, ROOT, startServer } from './server.ts';

const KEYSTROKES = Number(process.env.KEYSTROKES ?? 200);
const tree = path.resolve(process.argv[2] ?? ROOT);

const chrome = findChrome();
if (!chrome) throw new Error('no Chromium found');

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'genai-bench-web-'));
const built = spawnSync(process.execPath, [path.join(tree, 'scripts/build-client.mjs'), webRoot], {
  cwd: tree,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the client did not build');

const server = await startServer(undefined, { WEB_ROOT: webRoot }, tree);
const browser = await chromium.launch({ executablePath: chrome, args: CHROMIUM_ARGS });
try {
  const cookie = await adminCookie(server.base);
  const created = await fetch(`${server.base}/api/admin/programmes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: server.base },
    body: JSON.stringify({ name: 'Keystroke bench', copyFrom: 'standard' }),
  });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const programme = (await created.json()) as { id: string; draft: unknown };
  const draftKb = Buffer.byteLength(JSON.stringify(programme.draft)) / 1024;

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: server.base };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${server.base}/admin/programmes/${programme.id}`);
  const intro = page.locator('#programme-edit-a1-intro');
  await intro.waitFor();
  await page.getByText('No problems: ready to publish.').waitFor();
  await intro.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Control+End');
  const before = (await intro.inputValue()).length;

  const typed = 'the quick brown fox jumps over the lazy dog '.repeat(Math.ceil(KEYSTROKES / 44));
  const started = performance.now();
  for (const key of typed.slice(0, KEYSTROKES)) await page.keyboard.type(key);
  // The page's own frames (a string, run in the browser: this file is typed for Node).
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const elapsed = performance.now() - started;
  const after = (await intro.inputValue()).length;
  if (after !== before + KEYSTROKES) throw new Error(`typed ${after - before} of ${KEYSTROKES} characters`);

  console.log(
    `${path.basename(tree)}: ${KEYSTROKES} keystrokes on a ${draftKb.toFixed(0)} KB draft: ` +
      `${(elapsed / KEYSTROKES).toFixed(1)} ms per keystroke (${(elapsed / 1000).toFixed(2)} s)`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(webRoot, { recursive: true, force: true });
}
