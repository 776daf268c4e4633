import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date('2025-06-12T12:00:00.000Z');
const ago = (ms: number): Date => new Date(now.getTime() - ms);
const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Less than an hour ago'],
    [HOUR - SECOND, 'Less than an hour ago'],
    [HOUR - 1, 'Less than an hour ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY - 1, '23 hours ago'],
    [DAY, '1 day ago'],
    [2 * DAY - 1, '1 day ago'],
    [2 * DAY, '2 days ago'],
    [45 * DAY, '45 days ago'],
  ])('%d ms ago reads %j', (elapsed, text) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(text);
  });

  it('accepts an ISO string', () => {
    expect(formatRelativeTime('2025-06-12T09:30:00.000Z', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2025-06-09T12:00:00Z', now)).toBe('3 days ago');
  });

  it('reads a future time (clock skew) as less than an hour ago', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * HOUR), now)).toBe('Less than an hour ago');
  });

  it('returns an empty string for an unreadable time', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
    expect(formatRelativeTime(new Date(Number.NaN), now)).toBe('');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(new Date(Date.now() - 3 * HOUR - 5 * SECOND))).toBe('3 hours ago');
  });
});
