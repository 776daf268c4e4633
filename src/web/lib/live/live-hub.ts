import {
  LIVE_EVENTS_PATH,
  LIVE_LIMITS,
  type LiveEventOf,
  type LiveMessage,
  type LivePage,
  type LiveRefusal,
  liveQuery,
  type Subscription,
  type SubscriptionKey,
  subscriptionKey,
} from '@shared/schemas/live';
import { newClientId } from '../client-id';
import { type LiveConnection, type LiveConnectionHandlers, openLiveConnection } from './live-connection';
import { type LiveStatus, setLiveStatus } from './live-status';
import {
  CHANNEL_NAME,
  LEADER_LOCK,
  readSignal,
  readWanted,
  type Signal,
  type SignalKind,
  TAB_LOCK_PREFIX,
} from './tab-protocol';

/**
 * One live stream per browser, however many tabs (docs/decisions/021-one-live-stream-per-browser.md).
 *
 * Every tab of the app has a hub. The hubs elect one leader with the Web Locks API: the tab holding the
 * leader lock opens the one stream, carrying every subscription the open tabs need, and relays what it
 * hears to the others over a BroadcastChannel. Each tab tells the leader what it needs (its pages and
 * subscriptions) whenever that changes; the leader opens the stream again with the new set, keeping the old
 * one until the new one answers, so no page leaves the workspace's presence in between. When the leader
 * closes, the system hands its lock to a waiting tab, which asks the others what they need and opens the
 * stream; the stream's first events carry each subscription's state, so every tab reads what it missed. A
 * leader that stops answering (a frozen background tab) has its lock taken by a visible tab. Where a
 * browser lacks Web Locks or BroadcastChannel, each tab is its own leader: one stream per tab.
 *
 * Every signal between tabs is checked as it arrives (tab-protocol.ts): a malformed one is dropped and
 * logged, never thrown, and never reaches a listener. The leader also tells the tabs whether live updates
 * arrive (live-status.ts), so every page can say when they are paused.
 */

/** Whoever wants a subscription's events, in this tab. */
export type LiveListener<S extends Subscription = Subscription> = {
  subscription: S;
  /** For a team's events: this open page of the workspace (its teammates see it). */
  page?: { clientId: string; phase: number | null };
  onEvent(event: LiveEventOf<S['kind']>): void;
  /** The server refused this subscription (a session that ended, a cohort that does not exist). */
  onRefused?(refusal: LiveRefusal): void;
};

/** What one tab needs from the stream. */
export type Wanted = { pages: LivePage[]; subscriptions: Subscription[] };

export type { Signal };

export type ChannelLike = {
  postMessage(signal: Signal): void;
  /** Whatever another tab posted: checked before it is heard. */
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
};

export type LocksLike = {
  request(
    name: string,
    options: { steal?: boolean; signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<void>;
  query(): Promise<{ held?: { name?: string }[] }>;
};

export type HubEnvironment = {
  /** Absent: this browser cannot share a stream between tabs; the tab keeps its own. */
  locks?: LocksLike;
  openChannel?(name: string): ChannelLike;
  connect(url: string, handlers: LiveConnectionHandlers): LiveConnection;
  /** Whether live updates arrive in this tab, for its pages to show. */
  setStatus(status: LiveStatus): void;
  isVisible(): boolean;
  onPageHide(callback: () => void): () => void;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
};

/** A new leader waits this long for the other tabs to say what they need before it opens the stream. */
export const GATHER_MS = 150;
/** Changes closer together than this make one reopening of the stream. */
export const SETTLE_MS = 50;
/** A visible follower asks the leader whether it is there this often... */
export const PING_MS = 4000;
/** ...and takes the lead from one it has not heard from for this long (a frozen tab). */
export const LEADER_SILENT_MS = 12_000;
/** The leader forgets tabs that closed without a word (their tab lock is gone) this often. */
export const TAB_CHECK_MS = 10_000;
/** The old stream closes once the new one answers, or after this at the latest. */
export const OVERLAP_MAX_MS = 10_000;
/** A refused subscription is asked for again after 3 s, 6 s ... 30 s. */
export const REFUSED_MIN_MS = 3000;
export const REFUSED_MAX_MS = 30_000;

export class LiveHub {
  readonly tab = newClientId();
  private readonly listeners = new Set<LiveListener>();
  private leading: Leading | undefined;
  private heardFromLeader: number;
  private readonly channel: ChannelLike | undefined;
  private queued: AbortController | undefined;
  private releaseTabLock: (() => void) | undefined;
  private readonly stops: (() => void)[] = [];
  private closed = false;
  private liveStatus: LiveStatus = 'connecting';
  /** The kinds of dropped signal already logged: once each is enough to see what is wrong. */
  private readonly warned = new Set<string>();

  constructor(private readonly env: HubEnvironment) {
    this.heardFromLeader = env.now();
    if (!env.locks || !env.openChannel) {
      this.becomeLeader(false);
      return;
    }
    const channel = env.openChannel(CHANNEL_NAME);
    this.channel = channel;
    channel.onmessage = (event) => this.receive(event.data);
    // Held while the tab lives: the leader sees which tabs are gone by the locks still held.
    void env.locks
      .request(
        TAB_LOCK_PREFIX + this.tab,
        {},
        () => new Promise<void>((release) => (this.releaseTabLock = release)),
      )
      .catch(() => undefined);
    this.waitForLeadership();
    const ping = env.setInterval(() => this.checkLeader(), PING_MS);
    this.stops.push(
      () => env.clearInterval(ping),
      env.onPageHide(() => this.post({ type: 'bye', tab: this.tab })),
    );
  }

  get isLeader(): boolean {
    return this.leading !== undefined;
  }

  /** Whether live updates arrive in this tab (the leader's stream, or what the leader last said of it). */
  get status(): LiveStatus {
    return this.liveStatus;
  }

  /** The leader's stream changed state: this tab's pages show it, and so do the other tabs'. */
  setStatus(status: LiveStatus) {
    if (status === this.liveStatus) return;
    this.liveStatus = status;
    this.env.setStatus(status);
    if (this.leading) this.post({ type: 'status', status });
  }

  /** Logs a dropped signal, or a dropped entry of a tab's needs, once per kind. */
  warnDropped(kind: SignalKind | 'unreadable' | 'wanted entry', detail?: unknown) {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    console.warn(`Live updates: dropped a malformed ${kind} (logged once per kind).`, detail);
  }

  /** Starts delivering a subscription's events to `listener`; returns the function that stops it. */
  listen<S extends Subscription>(listener: LiveListener<S>): () => void {
    const entry = listener as unknown as LiveListener;
    this.listeners.add(entry);
    this.wantedChanged();
    return () => {
      if (!this.listeners.delete(entry)) return;
      this.wantedChanged();
    };
  }

  /** What this tab needs now: its listeners' pages and subscriptions, each once. */
  wanted(): Wanted {
    const pages = new Map<string, LivePage>();
    const subscriptions = new Map<SubscriptionKey, Subscription>();
    for (const { subscription, page } of this.listeners) {
      if (subscription.kind === 'team') {
        if (page) pages.set(page.clientId, { teamId: subscription.teamId, ...page });
      } else subscriptions.set(subscriptionKey(subscription), subscription);
    }
    return { pages: [...pages.values()], subscriptions: [...subscriptions.values()] };
  }

  /** Stops everything (tests; a page unloading releases its locks by itself). */
  close(): void {
    this.closed = true;
    this.post({ type: 'bye', tab: this.tab });
    for (const stop of this.stops) stop();
    this.leading?.close();
    this.leading = undefined;
    this.queued?.abort();
    this.releaseLeadership?.();
    this.releaseTabLock?.();
    this.channel?.close();
  }

  private wantedChanged() {
    if (this.leading) this.leading.setWanted(this.tab, this.wanted());
    else this.post({ type: 'wanted', tab: this.tab, wanted: this.wanted() });
  }

  private post(signal: Signal) {
    try {
      this.channel?.postMessage(signal);
    } catch {
      // A closed channel (the page is going away).
    }
  }

  /** Hands a stream message to this tab's listeners of its subscription. */
  dispatch(message: LiveMessage) {
    for (const listener of [...this.listeners]) {
      if (subscriptionKey(listener.subscription) !== message.sub) continue;
      try {
        if ('refused' in message) listener.onRefused?.(message.refused);
        else listener.onEvent(message.event as never);
      } catch (error) {
        // One listener's failure must not keep the message from the others.
        console.error(error);
      }
    }
  }

  /** The leader's relay: this tab's listeners, then every other tab's. */
  relay(message: LiveMessage) {
    this.dispatch(message);
    this.post({ type: 'message', message });
  }

  private receive(data: unknown) {
    if (this.closed) return;
    const read = readSignal(data);
    if ('dropped' in read) {
      this.warnDropped(read.dropped, data);
      return;
    }
    const signal = read.signal;
    switch (signal.type) {
      case 'wanted':
        // Only another tab speaks for another tab (ours never hears its own signals).
        if (!this.leading || signal.tab === this.tab) return;
        this.leading.setWanted(signal.tab, signal.wanted);
        // A tab that says what it needs is new, or follows a new leader: it hears how the stream is.
        this.post({ type: 'status', status: this.liveStatus });
        return;
      case 'bye':
        this.leading?.drop(signal.tab);
        return;
      case 'ping':
        if (this.leading) this.post({ type: 'pong', tab: this.tab });
        return;
      case 'leader':
        this.heardFromLeader = this.env.now();
        // A new leader asks what every tab needs.
        if (!this.leading) this.post({ type: 'wanted', tab: this.tab, wanted: this.wanted() });
        return;
      case 'pong':
        this.heardFromLeader = this.env.now();
        return;
      case 'message':
        if (this.leading) return;
        this.heardFromLeader = this.env.now();
        this.dispatch(signal.message);
        return;
      case 'status':
        if (this.leading) return;
        this.heardFromLeader = this.env.now();
        if (signal.status !== this.liveStatus) {
          this.liveStatus = signal.status;
          this.env.setStatus(signal.status);
        }
        return;
    }
  }

  private releaseLeadership: (() => void) | undefined;

  /** Waits in the queue for the leader lock. */
  private waitForLeadership() {
    const abort = new AbortController();
    this.queued = abort;
    this.requestLeadership({ signal: abort.signal });
  }

  /** Takes the leader lock from a leader that stopped answering. */
  private takeLeadership() {
    this.queued?.abort();
    this.queued = undefined;
    this.requestLeadership({ steal: true });
  }

  private requestLeadership(options: { steal?: boolean; signal?: AbortSignal }) {
    let led = false;
    this.env
      .locks!.request(LEADER_LOCK, options, () => {
        led = true;
        if (options.signal) this.queued = undefined;
        this.becomeLeader(true);
        return new Promise<void>((release) => (this.releaseLeadership = release));
      })
      .catch(() => undefined)
      .then(() => {
        if (!led || this.closed) return;
        // Our lock was taken (we were frozen and another tab took the lead): follow, and queue again.
        this.stepDown();
        if (!this.queued) this.waitForLeadership();
      });
  }

  private becomeLeader(shared: boolean) {
    this.leading = new Leading(this, this.env, shared);
    this.leading.setWanted(this.tab, this.wanted(), shared ? GATHER_MS : 0);
    if (shared) this.post({ type: 'leader', tab: this.tab });
  }

  private stepDown() {
    this.leading?.close();
    this.leading = undefined;
    this.releaseLeadership = undefined;
    this.heardFromLeader = this.env.now();
    this.post({ type: 'wanted', tab: this.tab, wanted: this.wanted() });
  }

  /** A visible follower that needs the stream checks that its leader still answers. */
  private checkLeader() {
    if (this.leading || this.closed || this.listeners.size === 0 || !this.env.isVisible()) return;
    if (this.env.now() - this.heardFromLeader > LEADER_SILENT_MS) {
      this.heardFromLeader = this.env.now();
      this.takeLeadership();
      return;
    }
    this.post({ type: 'ping', tab: this.tab });
  }

  /** The tabs whose locks are held: the ones still open. */
  async openTabs(): Promise<Set<string> | undefined> {
    try {
      const { held = [] } = await this.env.locks!.query();
      return new Set(
        held.flatMap((lock) =>
          lock.name?.startsWith(TAB_LOCK_PREFIX) ? [lock.name.slice(TAB_LOCK_PREFIX.length)] : [],
        ),
      );
    } catch {
      return undefined;
    }
  }
}

/** The leader's side: every tab's needs, the one stream that carries them, refused subscriptions resting. */
class Leading {
  private readonly tabs = new Map<string, Wanted>();
  private current: { query: string; connection: LiveConnection; answered: boolean } | undefined;
  private readonly old = new Set<LiveConnection>();
  private readonly resting = new Map<SubscriptionKey, { until: number; wait: number }>();
  private settleTimer: unknown;
  private readonly tabCheck: unknown;
  private closed = false;

  constructor(
    private readonly hub: LiveHub,
    private readonly env: HubEnvironment,
    shared: boolean,
  ) {
    this.tabCheck = shared ? env.setInterval(() => void this.forgetClosedTabs(), TAB_CHECK_MS) : undefined;
  }

  /** A tab's needs join the union entry by entry: a malformed entry is dropped, the rest stay. */
  setWanted(
    tab: string,
    needs: { pages: readonly unknown[]; subscriptions: readonly unknown[] },
    settleMs = SETTLE_MS,
  ) {
    const { wanted, dropped } = readWanted(needs);
    if (dropped > 0) this.hub.warnDropped('wanted entry', needs);
    this.tabs.set(tab, wanted);
    this.settle(settleMs);
  }

  drop(tab: string) {
    if (this.tabs.delete(tab)) this.settle(SETTLE_MS);
  }

  close() {
    this.closed = true;
    this.env.clearTimeout(this.settleTimer);
    if (this.tabCheck !== undefined) this.env.clearInterval(this.tabCheck);
    this.current?.connection.close();
    for (const connection of this.old) connection.close();
    this.old.clear();
    this.current = undefined;
  }

  private settle(ms: number) {
    this.env.clearTimeout(this.settleTimer);
    this.settleTimer = this.env.setTimeout(() => this.reconcile(), ms);
  }

  private async forgetClosedTabs() {
    const open = await this.hub.openTabs();
    if (!open || this.closed) return;
    for (const tab of [...this.tabs.keys()]) {
      if (tab !== this.hub.tab && !open.has(tab)) this.drop(tab);
    }
  }

  /**
   * Every tab's needs, each once, less the subscriptions resting after a refusal, within what one stream
   * may carry (LIVE_LIMITS; the first comers keep their places: a page past the limit is left out of the
   * presence line, its team's events still arrive through the others).
   */
  private union(): Wanted {
    const now = this.env.now();
    const rests = (key: SubscriptionKey) => (this.resting.get(key)?.until ?? 0) > now;
    const pages = new Map<string, LivePage>();
    const teams = new Set<string>();
    const subscriptions = new Map<SubscriptionKey, Subscription>();
    let cohorts = 0;
    for (const wanted of this.tabs.values()) {
      for (const page of wanted.pages) {
        if (rests(`team:${page.teamId}`) || pages.size >= LIVE_LIMITS.pages) continue;
        if (!teams.has(page.teamId) && teams.size >= LIVE_LIMITS.teams) continue;
        teams.add(page.teamId);
        pages.set(`${page.teamId}:${page.clientId}`, page);
      }
      for (const subscription of wanted.subscriptions) {
        const key = subscriptionKey(subscription);
        if (rests(key) || subscriptions.has(key)) continue;
        if (subscription.kind === 'cohort' && cohorts++ >= LIVE_LIMITS.cohorts) continue;
        subscriptions.set(key, subscription);
      }
    }
    return { pages: [...pages.values()], subscriptions: [...subscriptions.values()] };
  }

  /** Opens the stream again when what the tabs need has changed; closes it when they need nothing. */
  private reconcile() {
    if (this.closed) return;
    const { pages, subscriptions } = this.union();
    const query = pages.length + subscriptions.length > 0 ? liveQuery(pages, subscriptions) : '';
    if (query === (this.current?.query ?? '')) return;
    const previous = this.current;
    this.current = undefined;
    // The last stream that answered stays until the next one does (it holds the pages' presence); one that
    // never answered holds nothing and goes at once. So at most two are ever open.
    if (previous?.answered) this.retire(previous.connection);
    else previous?.connection.close();
    if (!query) {
      // No stream: the next one is a first connection again, not a paused one.
      this.hub.setStatus('connecting');
      return;
    }
    const next = { query, connection: undefined as unknown as LiveConnection, answered: false };
    const connection = this.env.connect(`${LIVE_EVENTS_PATH}?${query}`, {
      onMessage: (message) => {
        if (this.current?.connection !== connection) return;
        if (!next.answered) {
          next.answered = true;
          // The new stream has the pages now: the old one may go without anyone seeming to leave.
          for (const old of this.old) old.close();
          this.old.clear();
        }
        this.onMessage(message);
      },
      onState: (state) => {
        if (this.current?.connection !== connection) return;
        // Until a stream first answers, live updates have not started: nothing is paused yet. Opening the
        // stream again for new needs changes nothing either: the old one carries until the new one answers.
        // A refused stream is paused even before any answered: the page says so while it tries again, and
        // why when the team's places are all taken (only a new code helps then).
        if (state === 'open') this.hub.setStatus('open');
        else if (state === 'team-full') this.hub.setStatus('team-full');
        else if (state === 'refused' || this.hub.status !== 'connecting') this.hub.setStatus('paused');
      },
    });
    next.connection = connection;
    this.current = next;
  }

  /** An old stream stays open until the new one answers (or OVERLAP_MAX_MS), for the pages' presence. */
  private retire(connection: LiveConnection) {
    for (const old of this.old) old.close();
    this.old.clear();
    this.old.add(connection);
    this.env.setTimeout(() => {
      if (this.old.delete(connection)) connection.close();
    }, OVERLAP_MAX_MS);
  }

  private onMessage(message: LiveMessage) {
    if ('refused' in message) this.rest(message.sub);
    else this.resting.delete(message.sub);
    this.hub.relay(message);
  }

  /** A refused subscription rests, longer after each refusal, then is asked for again. */
  private rest(key: SubscriptionKey) {
    const wait = Math.min(REFUSED_MAX_MS, (this.resting.get(key)?.wait ?? REFUSED_MIN_MS / 2) * 2);
    this.resting.set(key, { until: this.env.now() + wait, wait });
    this.settle(SETTLE_MS);
    this.env.setTimeout(() => this.settle(0), wait + 1);
  }
}

let hub: LiveHub | undefined;

/** This tab's hub, made on first use. */
export function liveHub(): LiveHub {
  hub ??= new LiveHub(browserEnvironment());
  return hub;
}

function browserEnvironment(): HubEnvironment {
  const locks =
    typeof navigator !== 'undefined' ? (navigator.locks as unknown as LocksLike | undefined) : undefined;
  const canShare = locks !== undefined && typeof BroadcastChannel !== 'undefined';
  return {
    locks: canShare ? locks : undefined,
    openChannel: canShare ? (name) => new BroadcastChannel(name) as unknown as ChannelLike : undefined,
    connect: (url, handlers) => openLiveConnection(url, handlers),
    setStatus: setLiveStatus,
    isVisible: () => document.visibilityState === 'visible',
    onPageHide(callback) {
      window.addEventListener('pagehide', callback);
      return () => window.removeEventListener('pagehide', callback);
    },
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
}
