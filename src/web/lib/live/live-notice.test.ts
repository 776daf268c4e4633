import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionEnvironment, openLiveConnection, RECONNECT_MIN_MS } from './live-connection';
import { type HubEnvironment, LiveHub } from './live-hub';
import { liveNotice } from './live-notice';
import type { LiveStatus } from './live-status';

/**
 * What a page says when the server refuses its browser's stream (docs/product.md, Live updates paused): from
 * the stream's own bytes, through the connection and the hub, to the notice's words.
 */

/** An EventSource the test speaks through, as the server would. */
class FakeSource {
  closed = false;
  readyState = 0;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  say(data: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const TEAM = '11111111-1111-4111-8111-111111111111';
const TEAM_FULL = {
  sub: 'stream',
  refused: {
    status: 429,
    message:
      "Too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.",
    reason: 'team-full',
  },
};

/** A tab on an activity page of a workspace, its stream read by the real connection over fake sources. */
function activityPage() {
  const sources: FakeSource[] = [];
  let status: LiveStatus = 'connecting';
  const connection: ConnectionEnvironment = {
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source as unknown as EventSource;
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (timer) => clearTimeout(timer),
    onOnline: () => () => {},
  };
  const env: HubEnvironment = {
    connect: (url, handlers) => openLiveConnection(url, handlers, connection),
    setStatus: (next) => {
      status = next;
    },
    isVisible: () => true,
    onPageHide: () => () => {},
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
  const hub = new LiveHub(env);
  hub.listen({
    subscription: { kind: 'team', teamId: TEAM },
    page: { clientId: 'an-activity-page', phase: 1 },
    onEvent: () => undefined,
  });
  return { hub, sources, notice: () => liveNotice(status, { typingSaved: true }) };
}

describe('the notice of a page whose stream has no place', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a team full of other devices: the page says so and to ask the instructor for a new Workspace Code', async () => {
    const page = activityPage();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.notice()).toBeUndefined();
    page.sources[0]!.say(TEAM_FULL);
    expect(page.notice()).toBe(
      "Live updates paused — too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code. Your typing is still saved.",
    );
    // It asks again after the usual wait, and says the same while refused.
    await vi.advanceTimersByTimeAsync(RECONNECT_MIN_MS);
    expect(page.sources).toHaveLength(2);
    page.sources[1]!.say(TEAM_FULL);
    expect(page.notice()).toMatch(/Ask your instructor for a new Workspace Code/);
    // Taken at last (a new code, a place freed): the notice goes.
    await vi.advanceTimersByTimeAsync(2 * RECONNECT_MIN_MS);
    page.sources[2]!.say({ sub: `team:${TEAM}`, event: { type: 'versions', versions: {} } });
    expect(page.notice()).toBeUndefined();
    page.hub.close();
  });

  it('any other refusal: paused and reconnecting, without the new-code words', async () => {
    const page = activityPage();
    await vi.advanceTimersByTimeAsync(100);
    page.sources[0]!.say({
      sub: 'stream',
      refused: { status: 429, message: 'Too many live connections are open. Close some tabs and try again.' },
    });
    expect(page.notice()).toBe('Live updates paused — reconnecting… Your typing is still saved.');
    expect(liveNotice('paused')).toBe('Live updates paused — reconnecting…');
    page.hub.close();
  });
});
