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
    first();
    first();
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
