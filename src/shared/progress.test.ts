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

  it.each([
    // Activities 3 and 4 switched off: a six-activity day.
    [1, null, 0, 0],
    [3, null, 2, 2 / 6],
    // Past the switched-off ones, they do not count as done.
    [6, null, 3, 3 / 6],
    [9, null, 6, 1],
    [2, 'https://site.example', 6, 1],
  ] as const)(
    'with activities 3 and 4 switched off, currentPhase %i, website %s: %i done, %d',
    (currentPhase, submittedWebsiteUrl, done, share) => {
      expect(activitiesDone({ currentPhase, submittedWebsiteUrl }, [3, 4])).toBe(done);
      expect(progressShare({ currentPhase, submittedWebsiteUrl }, [3, 4])).toBe(share);
    },
  );
});
