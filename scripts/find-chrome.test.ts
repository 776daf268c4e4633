import { describe, expect, it } from 'vitest';
import { drivesHeadless, findChrome, noChromeMessage } from './find-chrome.mjs';

/** findChrome on a machine where exactly `installed` exist, Playwright's browser would be at `own`. */
const lookup = (
  platform: string,
  env: Record<string, string | undefined>,
  installed: string[],
  own: string | undefined = '/cache/ms-playwright/chromium-1/chrome',
  headless = false,
) => {
  const asked: string[] = [];
  const found = findChrome({
    platform,
    env,
    exists: (file) => {
      asked.push(file);
      return installed.includes(file);
    },
    playwrightPath: () => own,
    headless,
  });
  return { found, asked };
};

const MAC_CHROME = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
const MAC_CHROMIUM = '/Applications/Chromium.app/Contents/MacOS/Chromium';
const WINDOWS = {
  ProgramFiles: 'C:\\Program Files',
  'ProgramFiles(x86)': 'C:\\Program Files (x86)',
  LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
};

describe('finding a browser for the browser tests', () => {
  it('takes CHROME_PATH first, when that file exists', () => {
    expect(
      lookup('linux', { CHROME_PATH: '/opt/c/chrome' }, ['/opt/c/chrome', '/usr/bin/chromium']).found,
    ).toBe('/opt/c/chrome');
    expect(lookup('linux', { CHROME_PATH: '/gone' }, ['/usr/bin/chromium']).found).toBe('/usr/bin/chromium');
  });

  it('finds the Linux packages', () => {
    expect(lookup('linux', {}, ['/usr/bin/chromium', '/usr/bin/google-chrome']).found).toBe(
      '/usr/bin/chromium',
    );
    expect(lookup('linux', {}, ['/usr/bin/chromium-browser']).found).toBe('/usr/bin/chromium-browser');
    expect(lookup('linux', {}, ['/usr/bin/google-chrome']).found).toBe('/usr/bin/google-chrome');
  });

  it('takes the headless shell first for a browser driven without a window, on Linux only', () => {
    const shell = '/usr/bin/chromium-headless-shell';
    const both = [shell, '/usr/bin/chromium'];
    expect(lookup('linux', {}, both, undefined, true).found).toBe(shell);
    expect(lookup('linux', {}, both).found).toBe('/usr/bin/chromium');
    expect(lookup('linux', {}, ['/usr/bin/chromium'], undefined, true).found).toBe('/usr/bin/chromium');
    expect(
      lookup('linux', { CHROME_PATH: '/opt/c/chrome' }, [...both, '/opt/c/chrome'], undefined, true).found,
    ).toBe('/opt/c/chrome');
    expect(lookup('darwin', {}, [shell, MAC_CHROME], undefined, true).found).toBe(MAC_CHROME);
  });

  it('drives the browser without a window unless the command asks for one', () => {
    expect(drivesHeadless(['test', 'e2e/phase.spec.ts'])).toBe(true);
    for (const flag of ['--headed', '--debug', '--ui']) expect(drivesHeadless(['test', flag])).toBe(false);
  });

  it('finds Chrome or Chromium in the Applications folders on macOS', () => {
    expect(lookup('darwin', { HOME: '/Users/ada' }, [MAC_CHROME, MAC_CHROMIUM]).found).toBe(MAC_CHROME);
    expect(lookup('darwin', { HOME: '/Users/ada' }, [MAC_CHROMIUM]).found).toBe(MAC_CHROMIUM);
    const mine = '/Users/ada/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(lookup('darwin', { HOME: '/Users/ada' }, [mine]).found).toBe(mine);
    expect(lookup('darwin', { HOME: '/Users/ada' }, ['/usr/bin/chromium']).asked).not.toContain(
      '/usr/bin/chromium',
    );
  });

  it('finds Chrome under Program Files, Program Files (x86) or LOCALAPPDATA on Windows', () => {
    const machine = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
    const old = 'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe';
    const user = 'C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe';
    const chromium = 'C:\\Users\\ada\\AppData\\Local\\Chromium\\Application\\chrome.exe';
    expect(lookup('win32', WINDOWS, [machine, user]).found).toBe(machine);
    expect(lookup('win32', WINDOWS, [old]).found).toBe(old);
    expect(lookup('win32', WINDOWS, [user]).found).toBe(user);
    expect(lookup('win32', WINDOWS, [chromium]).found).toBe(chromium);
    // Windows spells the names in any case.
    expect(lookup('win32', { PROGRAMFILES: 'C:\\Program Files' }, [machine]).found).toBe(machine);
    // An unset variable is no location.
    expect(lookup('win32', {}, []).asked).toEqual(['/cache/ms-playwright/chromium-1/chrome']);
  });

  it("falls back to Playwright's own browser when it is installed, after the system's", () => {
    const own = '/cache/ms-playwright/chromium-1/chrome';
    expect(lookup('darwin', {}, [own]).found).toBe(own);
    expect(lookup('win32', WINDOWS, [own]).found).toBe(own);
    expect(lookup('linux', {}, [own, '/usr/bin/chromium']).found).toBe('/usr/bin/chromium');
    // Playwright names the file it would install even when it is not there.
    expect(lookup('darwin', {}, []).found).toBeNull();
    expect(lookup('darwin', {}, [], undefined).found).toBeNull();
  });

  it('says how to install a browser on each platform', () => {
    expect(noChromeMessage('linux')).toMatch(/apt-get .*chromium/);
    expect(noChromeMessage('darwin')).toMatch(/Google Chrome/);
    expect(noChromeMessage('win32')).toMatch(/Google Chrome/);
    for (const platform of ['linux', 'darwin', 'win32', 'freebsd']) {
      expect(noChromeMessage(platform)).toMatch(/npx playwright install chromium/);
      expect(noChromeMessage(platform)).toMatch(/CHROME_PATH/);
    }
  });
});
