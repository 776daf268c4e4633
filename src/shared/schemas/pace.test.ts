import { describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, joinCodeOf } from './cohort.ts';
import {
  cleanPaceMessage,
  countdownShows,
  formatTimeLeft,
  PACE_MESSAGE_BLANK,
  paceMillisLeft,
  paceMillisPastEnd,
  TIME_UP_SHOWN_MS,
  UpdatePaceBodySchema,
} from './pace.ts';

describe("the room's pace", () => {
  it('keeps a message on one line: control characters become spaces, spaces collapse, trimmed', () => {
    expect(cleanPaceMessage('  Coffee\n\n\tin the\u0007 hall\u2028now  ')).toBe('Coffee in the hall now');
    expect(cleanPaceMessage('\n\t ')).toBe('');
  });

  it('refuses a blank message, a message too long, and a body that changes nothing', () => {
    const blank = UpdatePaceBodySchema.safeParse({ message: ' \n ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(PACE_MESSAGE_BLANK);
    expect(UpdatePaceBodySchema.safeParse({ message: 'x'.repeat(141) }).success).toBe(false);
    expect(UpdatePaceBodySchema.safeParse({ message: 'x'.repeat(140) }).success).toBe(true);
    expect(UpdatePaceBodySchema.safeParse({}).success).toBe(false);
    expect(UpdatePaceBodySchema.parse({ message: null, minutes: 180, phase: 8 })).toEqual({
      message: null,
      minutes: 180,
      phase: 8,
    });
  });

  it('counts the time left by the server clock, whatever this device says', () => {
    const now = '2026-11-27T10:00:00.000Z';
    const endsAt = '2026-11-27T10:10:00.000Z';
    // This device is five minutes fast: received at what it calls 10:05, it still has ten minutes.
    const receivedAt = Date.parse('2026-11-27T10:05:00.000Z');
    expect(paceMillisLeft(endsAt, now, receivedAt, receivedAt)).toBe(600_000);
    expect(paceMillisLeft(endsAt, now, receivedAt, receivedAt + 61_000)).toBe(539_000);
    expect(paceMillisLeft(endsAt, now, receivedAt, receivedAt + 3_600_000)).toBe(0);
  });

  it('shows "Time is up" for five minutes after a countdown ends, by the server\'s clock, then not', () => {
    expect(TIME_UP_SHOWN_MS).toBe(5 * 60_000);
    const endsAt = '2026-11-27T10:10:00.000Z';
    const now = '2026-11-27T10:00:00.000Z';
    // This device is five minutes slow: it received the pace at what it calls 9:55.
    const receivedAt = Date.parse('2026-11-27T09:55:00.000Z');
    const at = (minutes: number) => receivedAt + minutes * 60_000;
    expect(paceMillisPastEnd(endsAt, now, receivedAt, at(9))).toBe(-60_000);
    expect(countdownShows(paceMillisPastEnd(endsAt, now, receivedAt, at(9)))).toBe(true);
    // Ended at 10:10 by the server's clock: "Time is up" until 10:15, gone from then.
    expect(paceMillisPastEnd(endsAt, now, receivedAt, at(10))).toBe(0);
    expect(countdownShows(paceMillisPastEnd(endsAt, now, receivedAt, at(14) + 59_999))).toBe(true);
    expect(countdownShows(paceMillisPastEnd(endsAt, now, receivedAt, at(15)))).toBe(false);
    expect(countdownShows(paceMillisPastEnd(endsAt, now, receivedAt, at(120)))).toBe(false);
  });

  it('shows the time left as minutes and seconds, rounded up, with hours past an hour', () => {
    expect(formatTimeLeft(600_000)).toBe('10:00');
    expect(formatTimeLeft(599_001)).toBe('10:00');
    expect(formatTimeLeft(59_000)).toBe('0:59');
    expect(formatTimeLeft(3_723_000)).toBe('1:02:03');
  });
});

describe('join codes', () => {
  it('use no characters that read as others', () => {
    for (const lookAlike of '0O1IL5S8B') expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(16);
  });

  it('are read in capitals, spaces and hyphens aside; anything else is no code', () => {
    expect(joinCodeOf('acde-fghj kmnp')).toBe('ACDEFGHJKMNP');
    expect(joinCodeOf('ACDEFGHJKMN')).toBeUndefined();
    expect(joinCodeOf('ACDEFGHJKMNO')).toBeUndefined();
    expect(joinCodeOf('spring-2026')).toBeUndefined();
    expect('ACDEFGHJKMNP').toHaveLength(JOIN_CODE_LENGTH);
  });
});
