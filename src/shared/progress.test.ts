import { describe, expect, it } from 'vitest';
import { activitiesDone, progressShare } from './progress.ts';

describe('progress', () => {
  it.each([
    [1, null, 0, 0],
    [4, null, 3, 3 / 8],
    [8, null, 7, 7 / 8],
    // A website in: the programme is done, whatever activity was saved last.
    [3, 'https://site.example', 8, 1],
    // Out-of-range records never show less than nothing or more than everything.
    [0, null, 0, 0],
    [12, null, 8, 1],
  ] as const)(
    'currentPhase %i, website %s: %i done, %d',
    (currentPhase, submittedWebsiteUrl, done, share) => {
      expect(activitiesDone({ currentPhase, submittedWebsiteUrl })).toBe(done);
      expect(progressShare({ currentPhase, submittedWebsiteUrl })).toBe(share);
    },
  );
});
