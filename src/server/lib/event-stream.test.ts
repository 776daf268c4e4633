import { describe, expect, it } from 'vitest';
import { EventStreamRegistry } from './event-stream.ts';
import { InProcessLiveEventBus } from './live-events.ts';

describe('event stream places', () => {
  it('refuses an owner past its maximum with 429 and gives a place back once, on release', () => {
    const registry = new EventStreamRegistry();
    const owner = { key: 'address:198.51.100.7', max: 2 };
    const first = registry.claim(owner);
    registry.claim(owner);
    expect(() => registry.claim(owner)).toThrow(expect.objectContaining({ statusCode: 429 }));
    expect(() => registry.claim({ key: 'address:198.51.100.8', max: 2 })).not.toThrow();
    first();
    first();
    registry.claim(owner);
    expect(() => registry.claim(owner)).toThrow(expect.objectContaining({ statusCode: 429 }));
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
