import { LIVE_LIMITS, type LiveMessage, type LiveRefusal } from '@shared/schemas/live';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { LiveConnection, LiveConnectionHandlers } from './live-connection';
import type { LiveStatus } from './live-status';
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

/** BroadcastChannels by name: a channel hears the others of its name, never itself. */
class FakeChannels {
  private readonly open = new Set<FakeChannel>();
  readonly names: string[] = [];
  make(name: string): FakeChannel {
    const channel = new FakeChannel(this, name);
    this.open.add(channel);
    this.names.push(name);
    return channel;
  }
  deliver(from: FakeChannel | undefined, name: string, data: unknown) {
    const copy = data === undefined ? data : JSON.parse(JSON.stringify(data));
    for (const channel of this.open) {
      if (channel !== from && channel.name === name && !channel.frozen)
        setTimeout(() => channel.onmessage?.({ data: copy }), 0);
    }
  }
  close(channel: FakeChannel) {
    this.open.delete(channel);
  }
}

class FakeChannel implements ChannelLike {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  /** A frozen tab hears nothing and says nothing. */
  frozen = false;
  constructor(
    private readonly channels: FakeChannels,
    readonly name: string,
  ) {}
  postMessage(signal: Signal) {
    if (!this.frozen) this.channels.deliver(this, this.name, signal);
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
    const tab = {
      hub: undefined as unknown as LiveHub,
      channel,
      visible: options.visible ?? true,
      /** Every status this tab's pages were told, in order. */
      statuses: [] as LiveStatus[],
    };
    const env: HubEnvironment = {
      locks: shared ? this.locks : undefined,
      openChannel: shared
        ? (name) => {
            channel = this.channels.make(name);
            tab.channel = channel;
            return channel;
          }
        : undefined,
      connect: (url, handlers): LiveConnection => {
        const stream: FakeStream = { url, handlers, closed: false, tab: tab.hub?.tab ?? 'new' };
        this.streams.push(stream);
        return { close: () => (stream.closed = true) };
      },
      setStatus: (status) => tab.statuses.push(status),
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

  /** What another tab (of this build or another) posts on the channel `name`. */
  postFromElsewhere(name: string, data: unknown) {
    this.channels.deliver(undefined, name, data);
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
    send(second, {
      sub: 'cohort:spring',
      event: { type: 'reveal', revealedAt: '2026-11-26T12:00:00.000Z', revealStep: 4 },
    });
    await settle(5);
    expect(teamB.events).toEqual([{ type: 'versions', versions: { '1': 7 } }]);
    expect(cohortC.events).toEqual([
      { type: 'reveal', revealedAt: '2026-11-26T12:00:00.000Z', revealStep: 4 },
    ]);
  });

  it('forgets a tab that closed without a word (its tab lock is gone) at the next check', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    await settle();
    expect(queryOf(browser.theStream()).getAll('page')).toHaveLength(2);
    // Tab b crashes: no goodbye, its code runs no more, the system frees its locks.
    b.channel!.frozen = true;
    browser.locks.drop(`applied-genai-lab-live-v3-tab-${b.hub.tab}`);
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

describe('tabs of two builds, and tabs of another shape', () => {
  let browser: Browser;
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = new Browser();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    for (const tab of browser.tabs) tab.hub.close();
    warn.mockRestore();
    vi.useRealTimers();
  });

  /** The kinds of dropped signal logged so far. */
  const warnedKinds = () =>
    warn.mock.calls.map(
      (call) => /dropped a malformed (.+) \(logged once per kind\)/.exec(String(call[0]))?.[1],
    );

  it('meets only tabs of its own protocol version: its locks and channel are named with it', async () => {
    // A tab of the old build leads its own tabs, under the old, unversioned names.
    const oldLeader = browser.locks.request('applied-genai-lab-live-leader', {}, () => new Promise(() => {}));
    void oldLeader.catch(() => undefined);
    const [a, b] = [browser.openTab(), browser.openTab()];
    const cohort = record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    expect(a.hub.isLeader).toBe(true);
    expect(browser.channels.names).toEqual(['applied-genai-lab-live-v3', 'applied-genai-lab-live-v3']);
    const held = (await browser.locks.query()).held.map((lock) => lock.name).sort();
    expect(held).toEqual(
      [
        'applied-genai-lab-live-leader',
        'applied-genai-lab-live-v3-leader',
        `applied-genai-lab-live-v3-tab-${a.hub.tab}`,
        `applied-genai-lab-live-v3-tab-${b.hub.tab}`,
      ].sort(),
    );
    // What the old build's tabs say on their channel never reaches this build's.
    browser.postFromElsewhere('applied-genai-lab-live', {
      type: 'wanted',
      tab: 'old-build-tab-id',
      wanted: { pages: [], subscriptions: [{ kind: 'admin' }] },
    });
    browser.postFromElsewhere('applied-genai-lab-live', {
      type: 'message',
      message: { sub: 'cohort:spring', event: { type: 'ballots', ballotCount: 9, teamCount: 9 } },
    });
    await settle();
    expect(queryOf(browser.theStream()).toString()).toBe('cohort=spring');
    expect(cohort.events).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops and logs (once per kind) every malformed signal, never throws, and no listener hears it', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    const teamA = record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    const teamB = record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    await settle();
    const stream = browser.theStream();
    send(stream, versions(1));
    await settle(5);
    const malformed: unknown[] = [
      null,
      42,
      'hello',
      {},
      { type: 'shout', tab: 'somebody-else' },
      // A `wanted` of another shape: no lists, a list that is not one, no tab.
      { type: 'wanted', tab: 'other-tab-id', wanted: null },
      { type: 'wanted', tab: 'other-tab-id', wanted: { pages: 'all of them', subscriptions: [] } },
      { type: 'wanted', wanted: { pages: [], subscriptions: [] } },
      { type: 'leader' },
      // A relayed presence event of another shape, an event of no kind, a refusal without its status.
      { type: 'message', message: { sub: `team:${TEAM}`, event: { type: 'presence', devices: 'everyone' } } },
      { type: 'message', message: { sub: `team:${TEAM}`, event: { type: 'teleport' } } },
      { type: 'message', message: { sub: 'wizard:1', event: { type: 'versions', versions: {} } } },
      { type: 'message', message: { sub: `team:${TEAM}`, refused: { message: 'no' } } },
      { type: 'message', message: 'versions' },
      { type: 'status', status: 'asleep' },
      { type: 'ping', tab: 7 },
      { type: 'pong', tab: '' },
      { type: 'bye', tab: { id: 'x' } },
    ];
    for (const data of malformed) {
      // Straight into each tab's channel: a throw would surface here.
      for (const tab of browser.tabs) expect(() => tab.channel!.onmessage?.({ data })).not.toThrow();
      browser.postFromElsewhere('applied-genai-lab-live-v3', data);
    }
    await settle();
    expect(teamA.events).toHaveLength(1);
    expect(teamB.events).toHaveLength(1);
    expect([...new Set(warnedKinds())].sort()).toEqual(
      ['bye', 'leader', 'message', 'ping', 'pong', 'status', 'unreadable', 'wanted'].sort(),
    );
    // Once per kind and tab, however many arrived.
    expect(warn).toHaveBeenCalledTimes(8 * 2);

    // The tabs keep working: the same stream (no bad need reached it), events arrive, a move reopens it.
    expect(browser.theStream()).toBe(stream);
    send(stream, versions(2));
    await settle(5);
    expect(teamB.events).toEqual([
      { type: 'versions', versions: { '1': 1 } },
      { type: 'versions', versions: { '1': 2 } },
    ]);
    teamB.stop();
    record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 3));
    await settle();
    const reopened = browser.streams.at(-1)!;
    expect(reopened).not.toBe(stream);
    expect(queryOf(reopened).getAll('page')).toContain(`${TEAM}:tab-b-page-id:3`);
  });

  it("keeps the good entries of a tab's needs and drops the bad ones", async () => {
    const a = browser.openTab();
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    browser.postFromElsewhere('applied-genai-lab-live-v3', {
      type: 'wanted',
      tab: 'other-tab-id',
      wanted: {
        pages: [
          { teamId: TEAM, clientId: 'other-tab-page', phase: 4 },
          { teamId: 'not-an-id', clientId: 'other-tab-page', phase: 4 },
          { teamId: TEAM, clientId: 'short', phase: 4 },
          { teamId: TEAM, clientId: 'other-tab-page-2', phase: 9 },
          `${TEAM}:other-tab-page:4`,
        ],
        subscriptions: [
          { kind: 'cohort', tag: 'autumn' },
          { kind: 'cohort', tag: 'not--a-tag' },
          { kind: 'team' },
          { kind: 'wizard' },
          { kind: 'admin' },
        ],
      },
    });
    await settle();
    const query = queryOf(browser.streams.at(-1)!);
    expect(query.getAll('page')).toEqual([`${TEAM}:other-tab-page:4`]);
    expect(query.getAll('cohort')).toEqual(['spring', 'autumn']);
    expect(query.get('admin')).toBe('1');
    expect(warnedKinds()).toEqual(['wanted entry']);
  });

  it("a listener's handler that throws never breaks the hub, nor keeps the event from the others", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [a, b] = [browser.openTab(), browser.openTab()];
    a.hub.listen({
      subscription: { kind: 'cohort', tag: 'spring' },
      onEvent: () => {
        throw new Error('a page that breaks');
      },
    });
    const calm = record(a.hub, { kind: 'cohort', tag: 'spring' });
    const other = record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const ballots: LiveMessage = {
      sub: 'cohort:spring',
      event: { type: 'ballots', ballotCount: 1, teamCount: 2 },
    };
    send(browser.theStream(), ballots);
    send(browser.theStream(), ballots);
    await settle(5);
    expect(calm.events).toHaveLength(2);
    expect(other.events).toHaveLength(2);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

describe('whether live updates arrive, in every tab', () => {
  let browser: Browser;
  beforeEach(() => {
    vi.useFakeTimers();
    browser = new Browser();
  });
  afterEach(() => {
    for (const tab of browser.tabs) tab.hub.close();
    vi.useRealTimers();
  });

  const ballots = (n: number): LiveMessage => ({
    sub: 'cohort:spring',
    event: { type: 'ballots', ballotCount: n, teamCount: 4 },
  });

  it('connecting until the stream answers, open, paused when silent or lost, open again, told to every tab', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const stream = browser.theStream();
    // The first connection is silent for a while: nothing is paused yet, it has not started.
    stream.handlers.onState?.('paused');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['connecting', 'connecting']);
    stream.handlers.onState?.('open');
    send(stream, ballots(1));
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['open', 'open']);
    stream.handlers.onState?.('paused');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['paused', 'paused']);
    stream.handlers.onState?.('open');
    await settle(5);
    // Lost and opened again: paused until it answers.
    stream.handlers.onState?.('connecting');
    await settle(5);
    expect(b.hub.status).toBe('paused');
    stream.handlers.onState?.('open');
    await settle(5);
    expect(a.statuses).toEqual(['open', 'paused', 'open', 'paused', 'open']);
    expect(b.statuses).toEqual(a.statuses);
  });

  it('a stream the server refuses is paused from its first connection on, in every tab, until taken', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const stream = browser.theStream();
    stream.handlers.onState?.('refused');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['paused', 'paused']);
    stream.handlers.onState?.('open');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['open', 'open']);
  });

  it("a stream refused because the team's places are taken says so in every tab, until taken", async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    record(a.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-a-page-id', 1));
    record(b.hub, { kind: 'team', teamId: TEAM }, teamPage('tab-b-page-id', 2));
    await settle();
    const stream = browser.theStream();
    stream.handlers.onState?.('team-full');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['team-full', 'team-full']);
    stream.handlers.onState?.('open');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['open', 'open']);
    expect(b.statuses).toEqual(['team-full', 'open']);
  });

  it('a tab opened later hears how the stream is; a new stream for new needs pauses nothing', async () => {
    const a = browser.openTab();
    record(a.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    const first = browser.theStream();
    first.handlers.onState?.('open');
    send(first, ballots(1));
    const b = browser.openTab();
    record(b.hub, { kind: 'cohort', tag: 'autumn' });
    await settle();
    expect(b.hub.status).toBe('open');
    // The stream opens again with tab b's needs; the new one has not answered yet, and is silent a while.
    const second = browser.streams.at(-1)!;
    expect(second).not.toBe(first);
    expect(a.hub.status).toBe('open');
    // Only the current stream speaks for the status: the old one going quiet says nothing.
    first.handlers.onState?.('paused');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['open', 'open']);
    second.handlers.onState?.('paused');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['paused', 'paused']);
    second.handlers.onState?.('open');
    await settle(5);
    expect([a.hub.status, b.hub.status]).toEqual(['open', 'open']);
  });

  it('with no stream needed, the next one is a first connection again; a new leader keeps what the tabs knew', async () => {
    const [a, b] = [browser.openTab(), browser.openTab()];
    const listening = record(a.hub, { kind: 'cohort', tag: 'spring' });
    record(b.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    browser.theStream().handlers.onState?.('open');
    await settle(5);
    // The leader closes: tab b leads, and until its stream answers the room is still live (no notice).
    a.hub.close();
    await settle();
    expect(b.hub.isLeader).toBe(true);
    expect(b.hub.status).toBe('open');
    const next = browser.theStream();
    next.handlers.onState?.('connecting');
    expect(b.hub.status).toBe('paused');
    next.handlers.onState?.('open');
    listening.stop();
    for (const tab of browser.tabs) tab.hub.close();

    const lone = new Browser();
    const c = lone.openTab();
    const only = record(c.hub, { kind: 'cohort', tag: 'spring' });
    await settle();
    lone.theStream().handlers.onState?.('open');
    only.stop();
    await settle();
    expect(c.hub.status).toBe('connecting');
    for (const tab of lone.tabs) tab.hub.close();
  });

  it('without Web Locks, a tab tells its own pages', async () => {
    const a = browser.openTab({ shared: false });
    record(a.hub, { kind: 'admin' });
    await settle();
    browser.theStream().handlers.onState?.('open');
    browser.theStream().handlers.onState?.('paused');
    expect(a.statuses).toEqual(['open', 'paused']);
  });
});
