import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import {
  type ApiTeam,
  apiTeam,
  createCohort,
  instructorSessionState,
  setSwitches,
  uniqueTag,
} from './api.ts';

/** A team of a live-room test: its own API session and what the API answered when it was created. */
export type RoomTeam = { api: APIRequestContext; team: ApiTeam };

/**
 * A cohort with competition on and voting open, and teams (each with its own session) that have all
 * submitted a website: the room just before the vote.
 */
export async function roomCohort(admin: APIRequestContext, name: string, teamNames: string[]) {
  const tag = uniqueTag('room');
  await createCohort(admin, name, tag);
  await setSwitches(admin, tag, { competitionEnabled: true, votingOpen: true });
  const teams: RoomTeam[] = [];
  for (const teamName of teamNames) {
    teams.push(await apiTeam(admin, tag, teamName, `${teamName.toLowerCase().replace(/\W+/g, '-')}.example`));
  }
  return { tag, teams };
}

/** A team's ballot through the API: `ranked` are the teams it puts 1st, 2nd, 3rd. */
export async function vote(tag: string, voter: RoomTeam, ranked: ApiTeam[]) {
  const votes = ranked.map((team, i) => ({ voted_for_team_id: team.id, rank: i + 1 }));
  const response = await voter.api.post(`/api/showcase/${tag}/vote`, { data: { votes } });
  expect(response.status(), await response.text()).toBe(201);
}

/** A browser context signed in as the instructor (cookies shared with its pages). */
export async function instructorContext(browser: Browser, viewport?: ViewportSize): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: await instructorSessionState(),
    ...(viewport ? { viewport } : {}),
  });
}

/** A page of its own context that fails the test if it threw; `context` may be shared. */
export async function watchedPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** The projector: an anonymous browser (no team, no instructor) at the given screen size. */
export async function projectorContext(browser: Browser, viewport?: ViewportSize) {
  return browser.newContext({ baseURL: process.env.E2E_BASE_URL, ...(viewport ? { viewport } : {}) });
}

/** The page neither scrolls down nor sideways. */
export async function expectNoScroll(page: Page) {
  const size = await page.evaluate(() => ({
    scrollHeight: document.scrollingElement!.scrollHeight,
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerHeight: window.innerHeight,
    innerWidth: window.innerWidth,
  }));
  expect(size.scrollHeight, 'page height').toBeLessThanOrEqual(size.innerHeight);
  expect(size.scrollWidth, 'page width').toBeLessThanOrEqual(size.innerWidth);
}

/** The computed font size of every element the locator finds, in px. */
export async function fontSizes(page: Page, testId: string): Promise<number[]> {
  return page
    .getByTestId(testId)
    .evaluateAll((elements) => elements.map((e) => Number.parseFloat(getComputedStyle(e).fontSize)));
}

/**
 * Screenshots of the projector views: into `docs/screenshots/` when `LIVE_ROOM_SHOTS` names that folder
 * (kept in the repository), else into the test's output folder.
 */
export async function projectorShot(page: Page, name: string, outputDir: string) {
  const dir = process.env.LIVE_ROOM_SHOTS ?? outputDir;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Full-page screenshots for review (not kept), when `REVIEW_SHOTS` names a folder. */
export async function reviewShot(page: Page, name: string) {
  const dir = process.env.REVIEW_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Review shots of the page at 1280 and 375 wide, then back to its size. */
export async function reviewWidths(page: Page, name: string) {
  if (!process.env.REVIEW_SHOTS) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await reviewShot(page, `${name}-${width}`);
  }
  await page.setViewportSize(size);
}
