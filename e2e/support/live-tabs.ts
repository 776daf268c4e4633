import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The tabs of one browser sharing one live stream (src/web/lib/live/live-hub.ts): which tab leads, and the
 * streams the browser holds.
 */

/** The leader lock's name: the tabs' protocol version is in it (src/web/lib/live/tab-protocol.ts). */
export const LEADER_LOCK = 'applied-genai-lab-live-v3-leader';
/** The channel the tabs of this build talk on, and the one of the builds before the version was in it. */
export const TABS_CHANNEL = 'applied-genai-lab-live-v3';
export const OLD_TABS_CHANNEL = 'applied-genai-lab-live';
export const OLD_LEADER_LOCK = 'applied-genai-lab-live-leader';

/** The event streams a browser context has open now, watched from its requests. */
export function watchStreams(context: BrowserContext) {
  const open = new Set<Request>();
  let most = 0;
  context.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/events')) return;
    open.add(request);
    most = Math.max(most, open.size);
  });
  const gone = (request: Request) => open.delete(request);
  context.on('requestfinished', gone);
  context.on('requestfailed', gone);
  // A closed page's request gets no further event: it is gone with its page.
  const live = () => [...open].filter((request) => !request.frame().page().isClosed()).length;
  return { open: live, most: () => most };
}

/** Which page of the browser holds the leader lock (the Web Locks API's id of it). */
export const leaderOf = (page: Page) =>
  page.evaluate(
    async (name) => (await navigator.locks.query()).held?.find((lock) => lock.name === name)?.clientId,
    LEADER_LOCK,
  );

/** The page's own id in the Web Locks API: the client that holds a lock taken only to ask. */
export const ownClientId = (page: Page) =>
  page.evaluate(async () => {
    const name = `probe-${crypto.randomUUID()}`;
    return navigator.locks.request(
      name,
      async () => (await navigator.locks.query()).held?.find((lock) => lock.name === name)?.clientId,
    );
  });

/**
 * The page that leads now. Usually the first tab opened, but not always: on a loaded machine a follower
 * that has not heard from the leader for 12 s takes the lead, as it should from a frozen tab.
 */
export async function leadingPage(pages: readonly Page[]): Promise<Page> {
  const leader = await leaderOf(pages[0]!);
  expect(leader).toBeTruthy();
  for (const page of pages) if ((await ownClientId(page)) === leader) return page;
  throw new Error(`no open page holds the leader lock ${leader}`);
}
