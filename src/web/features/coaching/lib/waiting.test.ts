import { describe, expect, it } from 'vitest';
import { askedAgo, waitingFor } from './waiting';

describe('how long a help request has waited', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it.each([
    ['2026-11-26T09:59:31Z', 'just now'],
    ['2026-11-26T10:00:30Z', 'just now'],
    ['2026-11-26T09:59:00Z', '1 min'],
    ['2026-11-26T09:35:10Z', '24 min'],
    ['2026-11-26T09:00:00Z', '1 h'],
    ['2026-11-26T07:55:00Z', '2 h 5 min'],
    ['not a time', 'just now'],
  ])('since %s: %s', (since, text) => {
    expect(waitingFor(since, now)).toBe(text);
  });
});

describe('when a request was made, as a phrase', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it.each([
    ['2026-11-26T09:59:31Z', 'just now'],
    ['2026-11-26T09:59:00Z', '1 min ago'],
    ['2026-11-26T07:55:00Z', '2 h 5 min ago'],
  ])('since %s: %s', (since, text) => {
    expect(askedAgo(since, now)).toBe(text);
  });

  it('never says "just now ago"', () => {
    expect(askedAgo(now.toISOString(), now)).not.toMatch(/just now ago/);
  });
});
