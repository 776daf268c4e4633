import { LIVE_LIMITS, type LiveMessage, type LiveRefusal } from '@shared/schemas/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveConnection, LiveConnectionHandlers } from './live-connection';
import {
  type ChannelLike,
  GATHER_MS,
  type HubEnvironment,
  LEADER_SILENT_MS,
  LiveHub,
  type LocksLike,
  OVERLAP_MAX_MS,
  PING_MS,
  REFUSED_MIN_MS,
  SETTLE_MS,
  type Signal,
  TAB_CHECK_MS,
} from './live-hub';

/**
 * The browser, faked: one origin's Web Locks (exclusive, queued, stealable) and BroadcastChannels, and the
 * streams the leaders open. Several hubs in one test are several tabs of one browser.
 */
class FakeLocks implements LocksLike {
  private readonly held = new Map<string, { stolen: () => void }>();
  private readonly queues = new Map<string, { grant: () => void; signal?: AbortSignal }[]>();

  request(name: string, options: { steal?: boolean; signal?: AbortSignal }, callback: () => Promise<void>) {
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        let done = false;
        this.held.set(name, {
          stolen: () => {
            done = true;
            reject(new DOMException('stolen', 'AbortError'));
          },
        });
        void callback().then(() => {
          if (done) return;
          done = true;
          this.release(name);
          resolve();
        });
      };
      if (options.steal) {
        this.held.get(name)?.stolen();
        this.held.delete(name);
        grant();
        return;
      }
      if (!this.held.has(name)) {
        grant();
        return;
      }
      const queue = this.queues.get(name) ?? [];
      const entry = { grant, signal: options.signal };
      queue.push(entry);
      this.queues.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(entry);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }

  private release(name: string) {
    this.held.delete(name);
    const next = this.queues.get(name)?.shift();
    next?.grant();
  }

  /** A tab that crashed: its locks go without its code running. */
  drop(name: string) {
    this.release(name);
  }

  async query() {
    return { held: [...this.held.keys()].map((name) => ({ name })) };
  }
}

class FakeChannels {
  private readonly open = new Set<FakeChannel>();
  make(): FakeChannel {
    const channel = new FakeChannel(this);
    this.open.add(channel);
    return channel;
  }
  deliver(from: FakeChannel, signal: Signal) {
    const copy = JSON.parse(JSON.stringify(signal)) as Signal;
    for (const channel of this.open) {
      if (channel !== from && !channel.frozen) setTimeout(() => channel.onmessage?.({ data: copy }), 0);
    }
  }
  close(channel: FakeChannel) {
    this.open.delete(channel);
  }
}

class FakeChannel implements ChannelLike {
  onmessage: ((event: { data: Signal }) => void) | null = null;
  /** A frozen tab hears nothing and says nothing. */
  frozen = false;
  constructor(private readonly channels: FakeChannels) {}
  postMessage(signal: Signal) {
    if (!this.frozen) this.channels.deliver(this, signal);
  }
  close() {
    this.channels.close(this);
  }
}

type FakeStream = { url: string; handlers: LiveConnectionHandlers; closed: boolean; tab: string };

class Browser {
  readonly locks = new FakeLocks();
  readonly channels = new FakeChannels();
  readonly streams: FakeStream[] = [];
  readonly tabs: { hub: LiveHub; channel?: FakeChannel }[] = [];

  openTab(options: { shared?: boolean; visible?: boolean } = {}) {
    const shared = options.shared ?? true;
    let channel: FakeChannel | undefined;
    const tab = { hub: undefined as unknown as LiveHub, channel, visible: options.visible ?? true };
    const env: HubEnvironment = {
      locks: shared ? this.locks : undefined,
      openChannel: shared
        ? () => {
            channel = this.channels.make();
            tab.channel = channel;
            return channel;
          }
        : undefined,
      connect: (url, handlers): LiveConnection => {
        const stream: FakeStream = { url, handlers, closed: false, tab: tab.hub?.tab ?? 'new' };
        this.streams.push(stream);
        return { close: () => (stream.closed = true) };
      },
      isVisible: () => tab.visible,
      onPageHide: () => () => {},
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    };
    tab.hub = new LiveHub(env);
    this.tabs.push(tab);
    return tab;
  }

  openStreams() {
    return this.streams.filter((s) => !s.closed);
  }

  /** The one open stream; fails when there is not exactly one. */
  theStream(): FakeStream {
    const open = this.openStreams();
    expect(open, open.map((s) => s.url).join('\n')).toHaveLength(1);
    return open[0]!;
  }
}

const TEAM = '11111111-1111-4111-8111-111111111111';
const teamPage = (clientId: string, phase: number) => ({ clientId, phase });

/** Listens on a hub, recording what arrives. */
function record(
  hub: LiveHub,
  subscription: Parameters<LiveHub['listen']>[0]['subscription'],
  page?: { clientId: string; phase: number | null },
) {
  const events: unknown[] = [];
  const refusals: LiveRefusal[] = [];
  const stop = hub.listen({
    subscription,
    page,
    onEvent: (event) => events.push(event),
    onRefused: (refusal) => refusals.push(refusal),
  });
  return { events, refusals, stop };
}

function queryOf(stream: FakeStream): URLSearchParams {
  return new URLSearchParams(stream.url.split('?')[1]);
}

const settle = (ms = GATHER_MS + SETTLE_MS + 10) => vi.advanceTimersByTimeAsync(ms);

function send(stream: FakeStream, message: LiveMessage) {
  stream.handlers.onMessage(message);
}

const versions = (n: number): LiveMessage => ({
  sub: `team:${TEAM}`,
  event: { type: 'versions', versions: { '1': n } },
});

describe('one live stream for every tab of a browser', () => {
  let browser: Browser;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = new Browser();
  });
  afterEach(() => {
    for (const tab of browser.tabs) tab.hub.close();
    vi.useRealTimers();
  });

  it('opens one stream carrying what every tab needs, and relays each message to the tabs that want it', async () => {
    const [a, b, c] = [browser.openTab(), browser.openTab(), browser.openTab()];
    const teamA = record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    const teamB = record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    const cohort = record(c.hub, { kind: 'cohort', tag: 'spring' });
    const admin = record(c.hub, { kind: 'admin' });
    await settle();
    const stream = browser.theStream();
    const query = queryOf(stream);
    expect(query.getAll('page').sort()).toEqual([`${TEAM}:tab-a-page-id:1`, `${TEAM}:tab-b-page-id:2`]);
    expect(query.getAll('cohort')).toEqual(['spring']);
    expect(query.get('admin')).toBe('1');
    expect(a.hub.isLeader).toBe(true);

    send(stream, versions(3));
    send(stream, { sub: 'cohort:spring', event: { type: 'ballots', ballotCount: 1, teamCount: 4 } });
    await settle(5);
    expect(teamA.events).toEqual([{ type: 'versions', versions: { '1': 3 } }]);
    expect(teamB.events).toEqual([{ type: 'versions', versions: { '1': 3 } }]);
    expect(cohort.events).toEqual([{ type: 'ballots', ballotCount: 1, teamCount: 4 }]);
    expect(admin.events).toEqual([]);
  });

  it('opens the stream again when a tab needs something else, closing the old one once the new one answers', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    const moving = record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 1));
    await settle();
    const first = browser.theStream();
    send(first, versions(1));
    // Tab b moves to activity 2.
    moving.stop();
    record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    await settle();
    const open = browser.openStreams();
    expect(open).toHaveLength(2);
    const second = open.find((s) => s !== first)!;
    expect(queryOf(second).getAll('page')).toContain(`${TEAM}:tab-b-page-id:2`);
    // The old one stays until the new one has the pages, so nobody seems to leave the workspace.
    expect(first.closed).toBe(false);
    send(second, versions(1));
    expect(first.closed).toBe(true);
    expect(browser.theStream()).toBe(second);
  });

  it('a closed stream is never left behind: the old one goes after a while even if the new one is silent', async () => {
    const a = browser.openTab();
    const one = record(a.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const first = browser.theStream();
    send(first, { sub: 'cohort:spring', event: { type: 'ballots', ballotCount: 0, teamCount: 1 } });
    one.stop();
    record(a.hub, { kind: 'cohort', tag: 'autumn' });
    await settle();
    expect(first.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(OVERLAP_MAX_MS);
    expect(first.closed).toBe(true);
  });

  it('never holds more than two streams: one that has not answered yet is replaced at once', async () => {
    const a = browser.openTab();
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    send(browser.theStream(), {
      sub: 'cohort:spring',
      event: { type: 'ballots', ballotCount: 0, teamCount: 1 },
    });
    // Three tabs' worth of changes, each before the stream before it answered.
    for (const tag of ['autumn', 'winter', 'summer']) {
      record(a.hub, { kind: 'cohort', tag });
      await settle();
      expect(browser.openStreams().length).toBeLessThanOrEqual(2);
    }
    const latest = browser.streams.at(-1)!;
    send(latest, { sub: 'cohort:summer', event: { type: 'ballots', ballotCount: 0, teamCount: 1 } });
    expect(browser.theStream()).toBe(latest);
    expect(queryOf(latest).getAll('cohort').sort()).toEqual(['autumn', 'spring', 'summer', 'winter']);
  });

  it('when the leading tab closes, another leads within moments, with what the open tabs need, and misses nothing', async () => {
    const [a, b, c] = [browser.openTab(), browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    const teamB = record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    const cohortC = record(c.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const first = browser.theStream();
    expect(a.hub.isLeader).toBe(true);

    a.hub.close();
    expect(first.closed).toBe(true);
    await settle();
    const leaders = [b, c].filter((tab) => tab.hub.isLeader);
    expect(leaders).toHaveLength(1);
    const second = browser.theStream();
    // The closed tab's page is gone from the new stream; the others' needs are all there.
    expect(queryOf(second).getAll('page')).toEqual([`${TEAM}:tab-b-page-id:2`]);
    expect(queryOf(second).getAll('cohort')).toEqual(['spring']);
    // The new stream starts with each subscription's state: what the tabs missed is read again.
    send(second, versions(7));
    send(second, { sub: 'cohort:spring', event: { type: 'reveal', revealedAt: '2026-11-26T12:00:00.000Z' } });
    await settle(5);
    expect(teamB.events).toEqual([{ type: 'versions', versions: { '1': 7 } }]);
    expect(cohortC.events).toEqual([{ type: 'reveal', revealedAt: '2026-11-26T12:00:00.000Z' }]);
  });

  it('forgets a tab that closed without a word (its tab lock is gone) at the next check', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    await settle();
    expect(queryOf(browser.theStream()).getAll('page')).toHaveLength(2);
    // Tab b crashes: no goodbye, its code runs no more, the system frees its locks.
    b.channel!.frozen = true;
    browser.locks.drop(`applied-genai-lab-live-tab-${b.hub.tab}`);
    await vi.advanceTimersByTimeAsync(TAB_CHECK_MS + SETTLE_MS + 10);
    const latest = browser.streams.at(-1)!;
    send(latest, versions(1));
    expect(queryOf(browser.theStream()).getAll('page')).toEqual([`${TEAM}:tab-a-page-id:1`]);
  });

  it('tells a refused subscription to its listeners, leaves it out, and asks again later, less often each time', async () => {
    const a = browser.openTab();
    const b = browser.openTab();
    const team = record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 1));
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const first = browser.theStream();
    send(first, { sub: `team:${TEAM}`, refused: { status: 401, message: 'Team session required.' } });
    await settle(5);
    expect(team.refusals).toEqual([{ status: 401, message: 'Team session required.' }]);
    // Left out: the stream goes on without it.
    await settle();
    const without = browser.streams.at(-1)!;
    send(without, { sub: 'cohort:spring', event: { type: 'ballots', ballotCount: 0, teamCount: 1 } });
    expect(queryOf(browser.theStream()).getAll('page')).toEqual([]);
    // Asked for again after 3 s...
    await vi.advanceTimersByTimeAsync(REFUSED_MIN_MS + SETTLE_MS);
    const retried = browser.streams.at(-1)!;
    expect(queryOf(retried).getAll('page')).toEqual([`${TEAM}:tab-b-page-id:1`]);
    send(retried, { sub: `team:${TEAM}`, refused: { status: 401, message: 'Team session required.' } });
    await settle();
    // ...and, refused again, after 6 s, not 3.
    const count = browser.streams.length;
    await vi.advanceTimersByTimeAsync(REFUSED_MIN_MS + SETTLE_MS);
    expect(browser.streams.length).toBe(count);
    await vi.advanceTimersByTimeAsync(REFUSED_MIN_MS + SETTLE_MS);
    expect(queryOf(browser.streams.at(-1)!).getAll('page')).toHaveLength(1);
  });

  it('without Web Locks or BroadcastChannel, each tab keeps a stream of its own', async () => {
    const [a, b] = [browser.openTab({ shared: false }), browser.openTab({ shared: false })];
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    record(b.hub, { kind: 'admin' });
    await settle();
    const open = browser.openStreams();
    expect(open).toHaveLength(2);
    expect(open.map((s) => queryOf(s).toString()).sort()).toEqual(['admin=1', 'cohort=spring']);
  });

  it('a visible tab takes the lead from a leader that stopped answering (a frozen tab), which then steps down', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    const cohortB = record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const first = browser.theStream();
    expect(a.hub.isLeader).toBe(true);
    a.channel!.frozen = true;
    await vi.advanceTimersByTimeAsync(LEADER_SILENT_MS + PING_MS + GATHER_MS + SETTLE_MS);
    expect(b.hub.isLeader).toBe(true);
    // The frozen tab's lock was taken: it follows now, and its stream is closed.
    expect(a.hub.isLeader).toBe(false);
    expect(first.closed).toBe(true);
    const second = browser.theStream();
    send(second, { sub: 'cohort:spring', event: { type: 'ballots', ballotCount: 2, teamCount: 3 } });
    expect(cohortB.events).toEqual([{ type: 'ballots', ballotCount: 2, teamCount: 3 }]);
  });

  it('a hidden follower never takes the lead, and a tab that listens to nothing opens nothing', async () => {
    const a = browser.openTab();
    const b = browser.openTab({ visible: false });
    record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    expect(a.hub.isLeader).toBe(true);
    a.channel!.frozen = true;
    await vi.advanceTimersByTimeAsync(LEADER_SILENT_MS * 3);
    expect(b.hub.isLeader).toBe(false);

    const lone = new Browser();
    lone.openTab();
    await settle();
    expect(lone.openStreams()).toEqual([]);
    for (const tab of lone.tabs) tab.hub.close();
  });

  it('asks for no more than one stream may carry: the first comers keep their places', async () => {
    const a = browser.openTab();
    const b = browser.openTab();
    for (let i = 0; i < 20; i++) record(a.hub, { kind: 'cohort', tag: `cohort-${i}` });
    for (let i = 0; i < 30; i++)
      record(b.hub, { kind: 'team', teamId: TEAM }, teamPage(`page-number-${i}`, 1));
    await settle();
    const query = queryOf(browser.theStream());
    expect(query.getAll('cohort')).toHaveLength(LIVE_LIMITS.cohorts);
    expect(query.getAll('cohort')[0]).toBe('cohort-0');
    expect(query.getAll('page')).toHaveLength(LIVE_LIMITS.pages);
  });

  it('closes the stream when no tab needs anything any more', async () => {
    const a = browser.openTab();
    const listening = record(a.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const stream = browser.theStream();
    listening.stop();
    await settle();
    await vi.advanceTimersByTimeAsync(OVERLAP_MAX_MS);
    expect(stream.closed).toBe(true);
    expect(browser.openStreams()).toEqual([]);
  });
});
