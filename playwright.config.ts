import { defineConfig } from '@playwright/test';
import { drivesHeadless, findChrome } from './scripts/find-chrome.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Four workers on two cores: a browser test spends most of its time waiting for what the app shows (a save,
  // a live event, a page), and the whole suite uses about a quarter of two cores with two workers
  // (docs/PERFORMANCE.md, The test suite). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || 4,
  // No retries, in CI too: a test that passes on its second try hides a flake instead of reporting it.
  retries: 0,
  // Bounds, not waits: every test waits for what the app shows, and these only end one that never gets it.
  // On two cores beside other busy processes a page can take many seconds to show what it would show
  // at once on an idle machine: on a slow day the longest journeys took 1.5-2.8 minutes on a quiet fresh
  // clone, and twice that is possible beside busy processes (docs/PERFORMANCE.md, The test suite). Five
  // minutes for every test, so no journey's bound sits near its time; the day's walk-through has its own.
  timeout: 300_000,
  // An expectation's bound: the programme editor's first check (a Web Worker that loads its module first) has
  // taken over 20 s to answer on a slow day beside three other browser workers.
  expect: { timeout: 60_000 },
  reporter: [['list']],
  // One built app on a free port, shared by every test (e2e/support/global-setup.ts).
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    browserName: 'chromium',
    // npm run test:e2e passes the browser it found in CHROME_PATH; `npx playwright test` looks for one alike.
    launchOptions: {
      executablePath: findChrome({ headless: drivesHeadless(process.argv) }) ?? undefined,
      args: CHROMIUM_ARGS,
    },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
