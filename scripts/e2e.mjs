// `npm run test:e2e`: builds the client, then runs Playwright against the built app with the system Chromium
// (or Chrome, or Playwright's own; scripts/find-chrome.mjs).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drivesHeadless, findChrome, noChromeMessage } from './find-chrome.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A run with a window (--headed, --debug, --ui) needs the full browser; the headless shell has none.
const chrome = findChrome({ headless: drivesHeadless(process.argv.slice(2)) });
if (!chrome) {
  console.error(noChromeMessage());
  process.exit(1);
}

// Each run builds into a folder of its own, so two runs at once never serve each other's half-built files.
const webRoot = path.join(root, 'dist', `e2e-${process.pid}`);
const { buildClient } = await import('./build-client.mjs');
await buildClient(webRoot);

// The bundle report reads the same build: the first route's size is checked on every test run.
const report = spawnSync(process.execPath, [path.join(root, 'scripts/bundle-report.mjs'), webRoot], {
  cwd: root,
  stdio: 'inherit',
});
if (report.status !== 0) {
  rmSync(webRoot, { recursive: true, force: true });
  process.exit(report.status ?? 1);
}

const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome, WEB_ROOT: webRoot } },
);
rmSync(webRoot, { recursive: true, force: true });
process.exit(result.status ?? 1);
