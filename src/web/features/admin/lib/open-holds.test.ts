import { describe, expect, it, vi } from 'vitest';
import { createOpenHolds, holdWhileOpen } from './open-holds';

describe('createOpenHolds', () => {
  it('is open from the first hold until its release', () => {
    const holds = createOpenHolds();
    expect(holds.anyOpen()).toBe(false);
    const release = holds.hold();
    expect(holds.anyOpen()).toBe(true);
    release();
    expect(holds.anyOpen()).toBe(false);
  });

  it('stays open until every hold is released, in any order', () => {
    const holds = createOpenHolds();
    const menu = holds.hold();
    const dialog = holds.hold();
    menu();
    expect(holds.anyOpen()).toBe(true);
    dialog();
    expect(holds.anyOpen()).toBe(false);
  });

  it('counts a release once, however often it is called', () => {
    const holds = createOpenHolds();
    const first = holds.hold();
    const second = holds.hold();
    first();
    first();
    expect(holds.anyOpen()).toBe(true);
    second();
    expect(holds.anyOpen()).toBe(false);
  });

  it('tells its listeners when the dashboard goes from nothing open to something open, and back', () => {
    const holds = createOpenHolds();
    const listener = vi.fn();
    holds.subscribe(listener);
    const menu = holds.hold();
    expect(listener).toHaveBeenCalledTimes(1);
    // A second open thing, and the first one closing, change nothing a listener needs to hear.
    const dialog = holds.hold();
    menu();
    expect(listener).toHaveBeenCalledTimes(1);
    dialog();
    expect(listener).toHaveBeenCalledTimes(2);
    dialog();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells nothing after unsubscribing', () => {
    const holds = createOpenHolds();
    const listener = vi.fn();
    const unsubscribe = holds.subscribe(listener);
    unsubscribe();
    holds.hold()();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps each dashboard apart', () => {
    const one = createOpenHolds();
    const other = createOpenHolds();
    one.hold();
    expect(other.anyOpen()).toBe(false);
  });
});

describe('holdWhileOpen', () => {
  it('holds nothing while nothing is open', () => {
    expect(holdWhileOpen(null, false, ['a'])).toBeNull();
  });

  it('holds the value shown when something opens, and keeps it while anything stays open', () => {
    const shown = ['a', 'b'];
    const held = holdWhileOpen(null, true, shown);
    expect(held).toEqual({ value: shown });
    expect(holdWhileOpen(held, true, ['a', 'new', 'b'])).toBe(held);
  });

  it('lets go once everything is closed, and holds the value of that time when something opens again', () => {
    const held = holdWhileOpen(null, true, ['a']);
    expect(holdWhileOpen(held, false, ['a', 'b'])).toBeNull();
    expect(holdWhileOpen(null, true, ['a', 'b'])).toEqual({ value: ['a', 'b'] });
  });

  it('holds an empty value too', () => {
    expect(holdWhileOpen<string[] | undefined>(null, true, undefined)).toEqual({ value: undefined });
  });
});
