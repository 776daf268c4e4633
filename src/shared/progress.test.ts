import { describe, expect, it } from 'vitest';
import { activitiesDone, doneWords, progressFigure, progressShare } from './progress.ts';

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

describe('the progress figure beside the activities done', () => {
  it('says what it counts: the activities before the furthest one saved in', () => {
    // Activity 1 answered in full, nothing saved further: 1 done, the figure 0/8, and it says why.
    expect(progressFigure({ currentPhase: 1, submittedWebsiteUrl: null })).toEqual({
      text: 'Progress 0/8 (0%)',
      means: 'counts the activities before activity 1, the furthest the team has saved in',
      percent: 0,
    });
    // Jumped to activity 8 first: the figure says 7/8 and that it counts the activities before 8.
    expect(progressFigure({ currentPhase: 8, submittedWebsiteUrl: null }).means).toBe(
      'counts the activities before activity 8, the furthest the team has saved in',
    );
    expect(progressFigure({ currentPhase: 3, submittedWebsiteUrl: 'https://x.example' })).toEqual({
      text: 'Progress 8/8 (100%)',
      means: 'counts every activity once the website is submitted',
      percent: 100,
    });
    expect(progressFigure({ currentPhase: 6, submittedWebsiteUrl: null }, [3, 4]).text).toBe(
      'Progress 3/6 (50%)',
    );
  });

  it('counts the activities done in words', () => {
    expect(doneWords(1, 8)).toBe('1 of 8 activities done');
  });
});
