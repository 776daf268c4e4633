import { describe, expect, it } from 'vitest';
import { LONG_PAST_MS, REVEAL_DURATION_MS, roomRevealAction } from './room-reveal';

const now = Date.parse('2026-05-04T10:00:00.000Z');
const iso = (msBeforeNow: number) => new Date(now - msBeforeNow).toISOString();

describe('roomRevealAction', () => {
  it('shows at once a reveal the page opens with, and does nothing for a page opened before one', () => {
    expect(roomRevealAction(undefined, iso(5_000), now)).toBe('show');
    expect(roomRevealAction(undefined, iso(0), now)).toBe('show');
    expect(roomRevealAction(undefined, null, now)).toBe('none');
  });

  it('plays a reveal that arrives while the page is open', () => {
    expect(roomRevealAction(null, iso(300), now)).toBe('play');
    // A device whose clock runs ahead of the server's still plays it.
    expect(roomRevealAction(null, iso(-30_000), now)).toBe('play');
    // Nor is a clock a minute behind enough to skip it.
    expect(roomRevealAction(null, iso(REVEAL_DURATION_MS + 30_000), now)).toBe('play');
  });

  it('shows a reveal long past as done (a stream that reconnects much later)', () => {
    expect(roomRevealAction(null, iso(LONG_PAST_MS + 1), now)).toBe('show');
  });

  it('resets when the results are hidden again, and ignores a repeat of what it knows', () => {
    expect(roomRevealAction(iso(1_000), null, now)).toBe('reset');
    expect(roomRevealAction(null, null, now)).toBe('none');
    const at = iso(1_000);
    expect(roomRevealAction(at, at, now)).toBe('none');
  });

  it('plays a new reveal after a reset (hidden, shown, revealed again)', () => {
    expect(roomRevealAction(null, iso(100), now)).toBe('play');
  });

  it('plays an unreadable timestamp rather than skipping the moment', () => {
    expect(roomRevealAction(null, 'not a date', now)).toBe('play');
  });
});
