import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait.ts';

describe('waitUntil', () => {
  it('returns once the check holds, sync or async', async () => {
    let calls = 0;
    await waitUntil(() => ++calls >= 3, 'three calls', { every: 1 });
    expect(calls).toBe(3);
    await waitUntil(async () => true, 'at once');
  });

  it('fails naming what it waited for when the check never holds', async () => {
    await expect(waitUntil(() => false, 'the door to open', { within: 30, every: 5 })).rejects.toThrow(
      'timed out waiting for the door to open',
    );
    await expect(waitUntil(() => false, 'a deadline', { until: Date.now() + 20, every: 5 })).rejects.toThrow(
      /a deadline/,
    );
  });
});
