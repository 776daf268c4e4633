import { describe, expect, it } from 'vitest';
import { LONG_PAST_MS, REVEAL_DURATION_MS, revealStepOf, roomRevealAction } from './room-reveal';

const now = Date.parse('2026-05-04T10:00:00.000Z');
const iso = (msBeforeNow: number) => new Date(now - msBeforeNow).toISOString();
const at = (revealedAt: string | null, revealStep = revealedAt ? 4 : 0) => ({ revealedAt, revealStep });
const before = at(null);

describe('roomRevealAction', () => {
  it('shows at once a reveal the page opens with, and does nothing for a page opened before one', () => {
    expect(roomRevealAction(undefined, at(iso(5_000)), now)).toBe('show');
    expect(roomRevealAction(undefined, at(iso(0), 2), now)).toBe('show');
    expect(roomRevealAction(undefined, before, now)).toBe('none');
  });

  it('plays a reveal that arrives while the page is open', () => {
    expect(roomRevealAction(before, at(iso(300)), now)).toBe('play');
    expect(roomRevealAction(before, at(iso(300), 1), now)).toBe('play');
    // A device whose clock runs ahead of the server's still plays it.
    expect(roomRevealAction(before, at(iso(-30_000)), now)).toBe('play');
    // Nor is a clock a minute behind enough to skip it.
    expect(roomRevealAction(before, at(iso(REVEAL_DURATION_MS + 30_000)), now)).toBe('play');
  });

  it('plays each paced step of a reveal it follows, however long after the first press', () => {
    const started = iso(10 * 60_000);
    expect(roomRevealAction(at(started, 1), at(started, 2), now)).toBe('play');
    expect(roomRevealAction(at(started, 3), at(started, 4), now)).toBe('play');
    // A step it already shows, or an older one arriving late, changes nothing.
    expect(roomRevealAction(at(started, 2), at(started, 2), now)).toBe('none');
    expect(roomRevealAction(at(started, 3), at(started, 2), now)).toBe('none');
  });

  it('shows a reveal long past as done (a stream that reconnects much later)', () => {
    expect(roomRevealAction(before, at(iso(LONG_PAST_MS + 1)), now)).toBe('show');
  });

  it('resets when the results are hidden again, and ignores a repeat of what it knows', () => {
    expect(roomRevealAction(at(iso(1_000)), before, now)).toBe('reset');
    expect(roomRevealAction(before, before, now)).toBe('none');
    const same = iso(1_000);
    expect(roomRevealAction(at(same), at(same), now)).toBe('none');
  });

  it('plays a new reveal after a reset (hidden, shown, revealed again)', () => {
    expect(roomRevealAction(before, at(iso(100)), now)).toBe('play');
  });

  it('plays an unreadable timestamp rather than skipping the moment', () => {
    expect(roomRevealAction(before, at('not a date'), now)).toBe('play');
  });

  it("reads an older server's reveal without a step as the whole of it", () => {
    expect(revealStepOf({ revealedAt: iso(0), revealStep: 0 })).toBe(4);
    expect(revealStepOf({ revealedAt: iso(0), revealStep: 2 })).toBe(2);
    expect(revealStepOf({ revealedAt: null, revealStep: 3 })).toBe(0);
  });
});
