// Finds the Chrome or Chromium the browser tests and the Lighthouse measurement drive: CHROME_PATH when set,
// else the usual install locations of the platform (Linux, macOS, Windows), else the browser Playwright
// installs itself (`npx playwright install chromium`). The system browser comes before Playwright's: on
// Linux a downloaded Playwright browser can lack system libraries the packaged Chromium brings along.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Windows spells its variables in any case ("ProgramFiles", "LOCALAPPDATA") and process.env finds them
// whatever the case asked for; a copied or injected env does not, so the name is matched here.
const variable = (env, name) =>
  Object.entries(env).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** The usual install locations on `platform`, most likely first. */
export function chromeLocations(platform, env) {
  if (platform === 'darwin') {
    const apps = ['/Applications', ...(env.HOME ? [path.posix.join(env.HOME, 'Applications')] : [])];
    return apps.flatMap((dir) => [
      `${dir}/Google Chrome.app/Contents/MacOS/Google Chrome`,
      `${dir}/Chromium.app/Contents/MacOS/Chromium`,
    ]);
  }
  if (platform === 'win32') {
    // Chrome installs for all users under Program Files (or Program Files (x86) before 2020), for one user
    // under LOCALAPPDATA; Chromium builds use the same layout.
    const dirs = ['ProgramFiles', 'ProgramFiles(x86)', 'LOCALAPPDATA']
      .map((name) => variable(env, name))
      .filter(Boolean);
    return ['Google\\Chrome', 'Chromium'].flatMap((vendor) =>
      dirs.map((dir) => path.win32.join(dir, vendor, 'Application', 'chrome.exe')),
    );
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
}

/** Where Playwright's own Chromium is (or would be) installed, or undefined. */
function playwrightChromium() {
  try {
    return createRequire(import.meta.url)('@playwright/test').chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same engine without the browser's
 * windows, profile and GPU set-up around it, and the build Playwright itself drives for headless tests. On
 * this project's two-core machines the browser tests spend a third less CPU in it than in the full browser
 * (docs/PERFORMANCE.md, The test suite), so they take it where it is installed.
 */
const HEADLESS_SHELL_LOCATIONS = ['/usr/bin/chromium-headless-shell'];

/** Whether a Playwright command line drives its browser without a window (no --headed, --debug or --ui). */
export function drivesHeadless(argv) {
  return !argv.some((arg) => arg === '--headed' || arg === '--debug' || arg === '--ui');
}

/**
 * The browser to drive, or null when there is none. `headless`: a browser only ever driven without a window
 * (the browser tests), so the headless shell comes first where there is one; Lighthouse measures the full
 * browser, as a visitor's. Everything it reads can be injected (for the tests).
 */
export function findChrome({
  platform = process.platform,
  env = process.env,
  exists = existsSync,
  playwrightPath = playwrightChromium,
  headless = false,
} = {}) {
  if (env.CHROME_PATH && exists(env.CHROME_PATH)) return env.CHROME_PATH;
  const shells = headless && platform === 'linux' ? HEADLESS_SHELL_LOCATIONS : [];
  const found = [...shells, ...chromeLocations(platform, env)].find((p) => exists(p));
  if (found) return found;
  const own = playwrightPath();
  return own && exists(own) ? own : null;
}

/** What to say when findChrome finds nothing. */
export function noChromeMessage(platform = process.platform) {
  const install = {
    linux: 'apt-get update && apt-get install -y --no-install-recommends chromium',
    darwin: 'install Google Chrome, or: brew install --cask chromium',
    win32: 'install Google Chrome',
  };
  return [
    'No Chrome or Chromium found for the browser tests.',
    `Install one (${install[platform] ?? 'your system’s Chromium package'}),`,
    "or Playwright's own: npx playwright install chromium,",
    'or point CHROME_PATH at a Chromium or Chrome binary.',
  ].join('\n');
}
