import { describe, expect, it } from 'vitest';
import { EventStreamRegistry, endsStream, type StreamTies } from './event-streams.ts';
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

describe('a full team makes room', () => {
  const team = { key: 'team:t1', max: 3, evictable: true };
  const session = (hash: string) => ({ key: `session:${hash}`, max: 2 });
  const ties: StreamTies = { sessions: [], teams: ['t1'], teamSessions: ['t1'], cohorts: [] };

  /** Claims and registers a stream of `hash`; records its end. */
  function open(registry: EventStreamRegistry, hash: string, ended: string[], name: string) {
    const claim = registry.claim([team, session(hash)]);
    registry.add({ ties, claim, end: () => ended.push(name) });
  }

  it("for a session holding fewer: the busiest session's oldest stream ends and gives back its places", () => {
    const registry = new EventStreamRegistry();
    const ended: string[] = [];
    open(registry, 'leaked', ended, 'leaked-1');
    open(registry, 'leaked', ended, 'leaked-2');
    open(registry, 'mate', ended, 'mate-1');
    // Full: the team's own newcomer holds none; the leaked session, two.
    open(registry, 'own', ended, 'own-1');
    expect(ended).toEqual(['leaked-1']);
    expect(registry.count('team:t1')).toBe(3);
    expect(registry.count('session:leaked')).toBe(1);
    // Every session holds one now; a newcomer holding none still takes the oldest of them.
    open(registry, 'another', ended, 'another-1');
    expect(ended).toEqual(['leaked-1', 'leaked-2']);
  });

  it('never for the busiest session itself, nor for one holding as many', () => {
    const registry = new EventStreamRegistry();
    const ended: string[] = [];
    const wide = { ...team, max: 4 };
    const openIn = (hash: string, name: string) => {
      const claim = registry.claim([wide, { key: `session:${hash}`, max: 3 }]);
      registry.add({ ties, claim, end: () => ended.push(name) });
    };
    openIn('a', 'a-1');
    openIn('a', 'a-2');
    openIn('b', 'b-1');
    openIn('b', 'b-2');
    expect(() => openIn('a', 'a-3')).toThrow(expect.objectContaining({ statusCode: 429 }));
    expect(() => openIn('b', 'b-3')).toThrow(expect.objectContaining({ statusCode: 429 }));
    expect(ended).toEqual([]);
    // A session holding fewer takes the oldest of the first busiest.
    openIn('c', 'c-1');
    expect(ended).toEqual(['a-1']);
  });

  it('only a team makes room: a full address or instance refuses', () => {
    const registry = new EventStreamRegistry();
    const address = { key: 'address:a', max: 1 };
    const claim = registry.claim([address, session('x')]);
    registry.add({ ties, claim, end: () => undefined });
    expect(() => registry.claim([address, session('y')])).toThrow(
      expect.objectContaining({ statusCode: 429 }),
    );
  });

  it('restarts every stream with a retry drawn within the window', () => {
    const registry = new EventStreamRegistry();
    const retries: (number | undefined)[] = [];
    for (let i = 0; i < 20; i++) registry.add({ ties, end: (retryMs) => retries.push(retryMs) });
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
    expect(registry.sessionHashes().sort()).toEqual(['admin-hash', 'other', 'team-hash']);
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
