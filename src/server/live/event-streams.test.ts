import { describe, expect, it } from 'vitest';
import {
  EventStreamRegistry,
  endsStream,
  type OpenStream,
  STREAM_LIMITS,
  type StreamTies,
} from './event-streams.ts';
import { InProcessLiveEventBus, type StreamEnd } from './event-bus.ts';

describe('event stream places', () => {
  it('refuses an owner past its maximum with 429 and gives a place back once, on release', () => {
    const registry = new EventStreamRegistry();
    const owner = { key: 'address:198.51.100.7', max: 2 };
    const first = registry.claim([owner]);
    registry.claim([owner]);
    expect(() => registry.claim([owner])).toThrow(expect.objectContaining({ statusCode: 429 }));
    expect(() => registry.claim([{ key: 'address:198.51.100.8', max: 2 }])).not.toThrow();
    first.release();
    first.release();
    registry.claim([owner]);
    expect(() => registry.claim([owner])).toThrow(expect.objectContaining({ statusCode: 429 }));
  });

  it('claims with every owner or none: a refusal by one takes no place from the others', () => {
    const registry = new EventStreamRegistry();
    const team = { key: 'team:t1', max: 1 };
    const address = { key: 'address:a', max: 3 };
    registry.claim([address, team]);
    expect(() => registry.claim([address, team])).toThrow(expect.objectContaining({ statusCode: 429 }));
    // The refused claim took no place of the address: two more fit.
    registry.claim([address]);
    registry.claim([address]);
    expect(() => registry.claim([address])).toThrow(expect.objectContaining({ statusCode: 429 }));
  });
});

describe('a full team makes room only from a session holding more than its share', () => {
  const team = { key: 'team:t1', max: 3, evictable: true };
  const session = (hash: string) => ({ key: `session:${hash}`, max: 3 });
  const tiesOf = (hash: string): StreamTies => ({
    sessions: [hash],
    teams: ['t1'],
    teamSessions: ['t1'],
    cohorts: [],
  });
  const teamFull = expect.objectContaining({
    statusCode: 429,
    reason: 'team-full',
    message:
      "Too many devices are connected with this team's Workspace Code. Ask your instructor for a new Workspace Code.",
  });

  /** A registry on a clock the test moves, and a way to open (claim and register) a stream of a session. */
  function setUp(max = team.max) {
    let time = 0;
    const clock = { now: () => time, advance: (ms: number) => (time += ms) };
    const registry = new EventStreamRegistry(STREAM_LIMITS, clock.now);
    const ended: string[] = [];
    const open = (hash: string, name: string, pages: string[] = [`t1:${name}`]) => {
      const claim = registry.claim([{ ...team, max }, session(hash)], pages);
      const stream: OpenStream = { ties: tiesOf(hash), claim, end: () => ended.push(name) };
      registry.add(stream);
      return stream;
    };
    return { clock, registry, ended, open };
  }

  it('a session holding two or more gives its oldest to a newcomer; one holding a single stream never does', () => {
    const { registry, ended, open } = setUp();
    open('leaked', 'leaked-1');
    open('leaked', 'leaked-2');
    open('mate', 'mate-1');
    // Full: the team's own newcomer holds none; the leaked session, two.
    open('own', 'own-1');
    expect(ended).toEqual(['leaked-1']);
    expect(registry.count('team:t1')).toBe(3);
    expect(registry.count('session:leaked')).toBe(1);
    // Every session holds one now: a newcomer is refused, and nobody's stream ends.
    expect(() => open('another', 'another-1')).toThrow(teamFull);
    expect(() => open('leaked', 'leaked-3')).toThrow(teamFull);
    expect(ended).toEqual(['leaked-1']);
    expect(registry.count('team:t1')).toBe(3);
  });

  it('never between sessions holding as many, nor from one holding just one more than the claimant', () => {
    const { ended, open } = setUp(4);
    open('a', 'a-1');
    open('a', 'a-2');
    open('b', 'b-1');
    open('b', 'b-2');
    expect(() => open('a', 'a-3')).toThrow(teamFull);
    expect(() => open('b', 'b-3')).toThrow(teamFull);
    // A newcomer takes the oldest of the first busiest.
    open('c', 'c-1');
    expect(ended).toEqual(['a-1']);
    // a holds one, b two: a taking from b would only swap who holds two.
    expect(() => open('a', 'a-4')).toThrow(teamFull);
    open('d', 'd-1');
    expect(ended).toEqual(['a-1', 'b-1']);
    expect(() => open('e', 'e-1')).toThrow(teamFull);
    expect(ended).toEqual(['a-1', 'b-1']);
  });

  it("a session's stream carrying one of the new stream's pages gives it its place: a browser opening its stream again", () => {
    const { registry, ended, open } = setUp();
    open('own', 'own', ['t1:tab-a']);
    open('mate', 'mate-1');
    open('leaked', 'leaked-1');
    // Another tab opened: the new stream carries both pages; the old one gives it its place.
    open('own', 'own-again', ['t1:tab-a', 't1:tab-b']);
    expect(ended).toEqual(['own']);
    expect(registry.count('session:own')).toBe(1);
    // A page none of its streams carries is a second stream: refused, as is another session's copy of a page.
    expect(() => open('own', 'own-other', ['t1:tab-c'])).toThrow(teamFull);
    expect(() => open('leaked', 'leaked-copy', ['t1:tab-a'])).toThrow(teamFull);
    expect(ended).toEqual(['own']);
  });

  it("a settled stream's place is kept for its session a moment after its connection ends, and for nobody else", () => {
    const { clock, registry, ended, open } = setUp();
    const own = open('own', 'own');
    open('mate', 'mate-1');
    clock.advance(STREAM_LIMITS.settleMs);
    expect(registry.settledCount('team:t1')).toBe(2);
    open('leaked', 'leaked-1');
    // The page reloads: its stream's connection ends, and its place waits for it.
    registry.closed(own);
    expect(registry.count('team:t1')).toBe(2);
    expect(registry.heldCount('team:t1')).toBe(1);
    expect(() => open('another', 'another-1')).toThrow(teamFull);
    clock.advance(STREAM_LIMITS.holdMs - 1);
    const reloaded = open('own', 'own-reloaded', ['t1:new-page']);
    expect(registry.heldCount('team:t1')).toBe(0);
    expect(registry.count('team:t1')).toBe(3);
    expect(ended).toEqual([]);

    // A stream that had not settled keeps nothing: a newcomer gets its place.
    registry.closed(reloaded);
    expect(registry.heldCount('team:t1')).toBe(0);
    open('another', 'another-1');
    expect(ended).toEqual([]);
  });

  it('a held place goes to a newcomer before any stream does, after a while, or when its session ends', () => {
    const { clock, registry, ended, open } = setUp();
    const own = open('own', 'own');
    clock.advance(STREAM_LIMITS.settleMs);
    // A browser that cannot share its stream: a second tab, a second stream.
    open('own', 'own-tab-2');
    const mate = open('mate', 'mate-1');
    registry.closed(own);
    expect(registry.heldCount('team:t1')).toBe(1);
    // Its session holds two places, a stream and a held one: the held one goes first, and nothing ends.
    open('another', 'another-1');
    expect(registry.heldCount('team:t1')).toBe(0);
    expect(ended).toEqual([]);

    // Its session ending (a logout, a new code) forgets a held place at once...
    clock.advance(STREAM_LIMITS.settleMs);
    registry.closed(mate);
    expect(registry.heldCount('team:t1')).toBe(1);
    registry.end({ sessions: ['mate'] });
    expect(registry.heldCount('team:t1')).toBe(0);
    const newcomer = open('newcomer', 'newcomer-1');
    // ...and its time running out, too.
    clock.advance(STREAM_LIMITS.settleMs);
    registry.closed(newcomer);
    expect(() => open('late', 'late-1')).toThrow(teamFull);
    clock.advance(STREAM_LIMITS.holdMs);
    expect(registry.heldCount('team:t1')).toBe(0);
    open('late', 'late-1');
    expect(ended).toEqual([]);
  });

  it('a stream taken, or ended with its session, keeps no place', () => {
    const { clock, registry, ended, open } = setUp();
    const first = open('busy', 'busy-1');
    open('busy', 'busy-2');
    const mate = open('mate', 'mate-1');
    clock.advance(STREAM_LIMITS.settleMs);
    open('newcomer', 'newcomer-1');
    expect(ended).toEqual(['busy-1']);
    registry.closed(first);
    registry.end({ sessions: ['mate'] });
    registry.closed(mate);
    expect(registry.heldCount('team:t1')).toBe(0);
    expect(registry.count('team:t1')).toBe(2);
  });

  it("forty sessions each opening a stream again the moment it ends never end the team's settled one", () => {
    const { clock, registry } = setUp(STREAM_LIMITS.perTeam);
    const ends = new Map<string, number>();
    const open = (hash: string) => {
      const claim = registry.claim([{ ...team, max: STREAM_LIMITS.perTeam }, session(hash)], [`t1:${hash}`]);
      const stream: OpenStream = {
        ties: tiesOf(hash),
        claim,
        end: () => {
          ends.set(hash, (ends.get(hash) ?? 0) + 1);
          waiting.push(hash);
        },
      };
      registry.add(stream);
    };
    const waiting: string[] = [];
    open('own');
    clock.advance(STREAM_LIMITS.settleMs);
    for (let i = 0; i < 40; i++) waiting.push(`leaked-${i}`);
    let refused = 0;
    for (let tries = 0; tries < 10_000; tries++) {
      const hash = waiting.shift()!;
      try {
        open(hash);
      } catch {
        refused++;
        waiting.push(hash);
      }
      clock.advance(7);
    }
    expect(ends.get('own')).toBeUndefined();
    expect([...ends.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(registry.count('team:t1')).toBe(STREAM_LIMITS.perTeam);
    expect(refused).toBe(10_000 - (STREAM_LIMITS.perTeam - 1));
  });

  it('only a team makes room: a full address, session or instance refuses, in their own words', () => {
    const registry = new EventStreamRegistry();
    const address = { key: 'address:a', max: 1 };
    const claim = registry.claim([address, session('x')]);
    registry.add({ ties: tiesOf('x'), claim, end: () => undefined });
    const tooMany = expect.objectContaining({
      statusCode: 429,
      message: 'Too many live connections are open. Close some tabs and try again.',
      reason: undefined,
    });
    expect(() => registry.claim([address, session('y')])).toThrow(tooMany);
    // A session at its cap in a full team: its own cap speaks.
    const small = new EventStreamRegistry();
    const one = { key: 'team:t1', max: 1, evictable: true };
    small.claim([one, { key: 'session:s', max: 1 }]);
    expect(() => small.claim([one, { key: 'session:s', max: 1 }])).toThrow(tooMany);
  });

  it('restarts every stream with a retry drawn within the window', () => {
    const registry = new EventStreamRegistry();
    const retries: (number | undefined)[] = [];
    for (let i = 0; i < 20; i++) registry.add({ ties: tiesOf('x'), end: (retryMs) => retries.push(retryMs) });
    expect(registry.restartAll({ min: 1000, max: 8000 })).toBe(20);
    expect(retries.every((ms) => ms !== undefined && ms >= 1000 && ms <= 8000)).toBe(true);
  });
});

describe('which streams an end concerns', () => {
  const ties: StreamTies = {
    sessions: ['team-hash', 'admin-hash'],
    teams: ['t1', 't2'],
    teamSessions: ['t1'],
    cohorts: ['spring'],
  };
  it.each([
    [{ sessions: ['admin-hash'] }, true],
    [{ sessions: ['someone-else'] }, false],
    [{ teamSessionsOf: 't1' }, true],
    // Carried on an instructor's session: a new code of t2 does not end it.
    [{ teamSessionsOf: 't2' }, false],
    [{ team: 't2' }, true],
    [{ team: 't3' }, false],
    [{ cohort: 'spring' }, true],
    [{ cohort: 'autumn' }, false],
  ] as [StreamEnd, boolean][])('%j -> %s', (end, expected) => {
    expect(endsStream(end, ties)).toBe(expected);
  });

  it('the registry ends exactly the streams concerned', () => {
    const registry = new EventStreamRegistry();
    const ended: string[] = [];
    registry.add({ ties, end: () => ended.push('a') });
    registry.add({ ties: { ...ties, sessions: ['other'], teamSessions: [] }, end: () => ended.push('b') });
    expect(registry.end({ sessions: ['team-hash'] })).toBe(1);
    expect(ended).toEqual(['a']);
    // An ended stream is forgotten at once, its places given back before its connection closes.
    expect(registry.sessionHashes()).toEqual(['other']);
  });
});

describe('in-process live events', () => {
  it('delivers by channel, keeps delivering after a listener throws, and forgets unsubscribed listeners', async () => {
    const bus = new InProcessLiveEventBus();
    const heard: string[] = [];
    bus.subscribe('error', () => {
      throw new Error('a closed stream');
    });
    const off = bus.subscribe('error', (event) => heard.push(event.type));
    bus.subscribe('other', (event) => heard.push(`other:${event.type}`));
    await bus.publish('error', { type: 'ballots', ballotCount: 1, teamCount: 1 });
    off();
    await bus.publish('error', { type: 'ballots', ballotCount: 2, teamCount: 2 });
    await bus.publish('nobody', { type: 'ballots', ballotCount: 2, teamCount: 2 });
    expect(heard).toEqual(['ballots']);
    expect(bus.listenerCount('error')).toBe(1);
  });
});
