import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('the small store', () => {
  it('holds a value, tells its listeners of each change, and stops telling one that left', () => {
    const store = createStore(1);
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    store.set(2);
    store.set((n) => n + 1);
    expect(store.get()).toBe(3);
    expect(heard).toHaveBeenCalledTimes(2);
    // The same value again is no change.
    store.set(3);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    store.set(4);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('a listener that unsubscribes while being told does not keep the others from hearing', () => {
    const store = createStore('a');
    const order: string[] = [];
    const first = store.subscribe(() => {
      order.push('first');
      first();
    });
    store.subscribe(() => order.push('second'));
    store.set('b');
    store.set('c');
    expect(order).toEqual(['first', 'second', 'second']);
  });
});
