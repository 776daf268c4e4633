import type { Page, Route } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { teamOnDevices } from './support/collaboration.ts';
import { expect, settledBoxes, test } from './support/fixtures.ts';
import {
  leaderOf,
  OLD_LEADER_LOCK,
  OLD_TABS_CHANNEL,
  TABS_CHANNEL,
  watchStreams,
} from './support/live-tabs.ts';
import { field, saved } from './support/form.ts';

/**
 * The tabs of one browser share one live stream (e2e/many-tabs.spec.ts) and keep doing so whatever else
 * speaks on their channels: tabs of an older build (which meet under the old, unversioned names) and
 * messages of another shape, which are dropped. And a stream that goes silent says so on every tab.
 */

const PAUSED = 'Live updates paused — reconnecting… Your typing is still saved.';

/** One browser of the team with tabs on `paths`, and a teammate on another device on activity 1. */
async function browserWithTabs(browser: Parameters<typeof teamOnDevices>[0], paths: string[]) {
  const team = await teamOnDevices(browser, [paths[0]!, '/phase/1']);
  const [mine, mate] = team.devices as [(typeof team.devices)[0], (typeof team.devices)[0]];
  const streams = watchStreams(mine.context);
  const tabs = [mine.page];
  for (const path of paths.slice(1)) {
    const tab = await mine.context.newPage();
    tab.on('pageerror', (error) => mine.errors.push(error.message));
    await tab.goto(path);
    await expect(tab.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
    tabs.push(tab);
  }
  // Every tab is live: each sees the others and the teammate.
  for (const tab of tabs) await expect(tab.getByTestId('presence')).toContainText(`${paths.length} other`);
  return { ...team, mine, mate, tabs, streams };
}

test('tabs keep working when tabs of an older build, or messages of another shape, speak on their channels', async ({
  browser,
}) => {
  const { team, mine, mate, tabs, streams, close } = await browserWithTabs(browser, [
    '/phase/1',
    '/phase/2',
    '/phase/3',
  ]);
  const warnings: string[] = [];
  for (const tab of tabs) tab.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await expect.poll(() => streams.open()).toBe(1);

  // A tab of the old build leads its own tabs under the old lock: this build's leader stays.
  const leader = await leaderOf(tabs[0]!);
  await tabs[0]!.evaluate((name) => {
    void navigator.locks.request(name, () => new Promise<void>(() => {}));
  }, OLD_LEADER_LOCK);

  const teamSub = `team:${team.id}`;
  const messages = [
    // What a tab of the old build says: its needs, a message it relays.
    { type: 'wanted', tab: 'old-build-tab-1', wanted: { pages: [], subscriptions: [{ kind: 'admin' }] } },
    // A `wanted` of another shape: no lists, lists of what no page or subscription is.
    { type: 'wanted', tab: 'other-shape-tab', wanted: { pages: 'all of them' } },
    {
      type: 'wanted',
      tab: 'other-shape-tab-2',
      wanted: {
        pages: [{ teamId: team.id, clientId: 'another-shape', phase: 12 }, `${team.id}:x:1`],
        subscriptions: [{ kind: 'cohort' }, { kind: 'team', teamId: 'nobody' }],
      },
    },
    // Relayed presence events of another shape, which the activity page would choke on.
    { type: 'message', message: { sub: teamSub, event: { type: 'presence', devices: 'everyone' } } },
    { type: 'message', message: { sub: teamSub, event: { type: 'presence', devices: [{ clientId: 7 }] } } },
    { type: 'message', message: { sub: teamSub, event: { type: 'presence-change', upsert: null } } },
    // Garbage.
    'garbage',
    42,
    null,
    { type: 'leader' },
    { type: 'status', status: 'asleep' },
  ];
  await tabs[1]!.evaluate(
    ({ names, messages }) => {
      for (const name of names) {
        const channel = new BroadcastChannel(name);
        for (const message of messages) channel.postMessage(message);
        channel.close();
      }
    },
    { names: [OLD_TABS_CHANNEL, TABS_CHANNEL], messages },
  );

  // Nothing broke: every tab still shows its activity and its teammates, and the same tab leads.
  for (const tab of tabs) {
    await expect(tab.getByText('Something went wrong')).toHaveCount(0);
    await expect(tab.getByRole('form', { name: 'Decision Box' })).toBeVisible();
    await expect(tab.getByTestId('presence')).toContainText('3 other devices');
  }
  expect(await leaderOf(tabs[0]!)).toBe(leader);
  // What was dropped was said (in the console, as a warning, once per kind).
  await expect.poll(() => warnings.some((w) => /dropped a malformed message/.test(w))).toBe(true);

  // A teammate's answer still arrives live in every tab.
  await field(mate.page, 'Company name').fill('Harbour Roasters');
  await saved(mate.page);
  for (const tab of tabs) await expect(field(tab, 'Company name')).toHaveValue('Harbour Roasters');

  // A tab moves to another activity: the leader opens its stream again with it, and the teammate sees it.
  const reopened = mine.page.context().waitForEvent('request', {
    predicate: (request) =>
      request.url().includes('/api/events') && decodeURIComponent(request.url()).includes(':4'),
  });
  await tabs[2]!.goto('/phase/4');
  await reopened;
  await expect(mate.page.getByTestId('presence')).toContainText('(Activity 4)');
  await expect.poll(() => streams.open()).toBe(1);
  expect(streams.most()).toBeLessThanOrEqual(2);

  await close();
});

test('a silent stream shows on every tab that live updates are paused, and the notice goes when it is back', async ({
  browser,
}) => {
  const { mine, mate, tabs, close } = await browserWithTabs(browser, ['/phase/1', '/phase/2']);
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates paused' });
  // Not during the first connection, nor once live.
  for (const tab of tabs) await expect(notice(tab)).toHaveCount(0);
  const form = tabs[0]!.getByRole('form', { name: 'Decision Box' });
  const [formBefore] = await settledBoxes([form]);

  // The stream's bytes are held from now: the next stream the leader opens never answers.
  const held: Route[] = [];
  const isStream = (url: URL) => url.pathname === '/api/events';
  await mine.context.route(isStream, (route) => void held.push(route));
  await tabs[1]!.goto('/phase/3');
  await expect(tabs[1]!.getByRole('form', { name: 'Decision Box' })).toHaveAttribute('data-ready', '');
  await expect.poll(() => held.length).toBeGreaterThan(0);

  // A little over one heartbeat of silence: both tabs say so, calmly, and typing still saves.
  for (const tab of tabs) await expect(notice(tab)).toHaveText(PAUSED);
  // It moves nothing on the page, and reads well.
  expect((await settledBoxes([form]))[0]).toEqual(formBefore);
  await expectNoSeriousAxeViolations(tabs[0]!);
  await field(tabs[0]!, 'Company name').fill('Quiet Coffee');
  await saved(tabs[0]!);

  // The stream comes back: the notice goes on both tabs, and the teammate's answers arrive again.
  await mine.context.unroute(isStream);
  for (const route of held) await route.continue().catch(() => undefined);
  for (const tab of tabs) await expect(notice(tab)).toHaveCount(0);
  await field(mate.page, 'Target region').fill('Nordics');
  await saved(mate.page);
  await expect(field(tabs[0]!, 'Target region')).toHaveValue('Nordics');

  await close();
});
