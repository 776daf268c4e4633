import { describe, expect, it } from 'vitest';
import { groupProblems, problemCounts, publishBlocker } from './problems.ts';

const problem = (activity: number | null, path = '') => ({ activity, path, message: 'x' });

describe('the problems shown', () => {
  it('are grouped by activity, the programme last', () => {
    const groups = groupProblems([problem(null), problem(3, 'intro'), problem(1), problem(3, 'title')]);
    expect(groups.map((g) => g.activity)).toEqual([1, 3, null]);
    expect(groups[1]!.problems.map((p) => p.path)).toEqual(['intro', 'title']);
  });

  it('are counted by activity for the picker', () => {
    expect([...problemCounts([problem(2), problem(2), problem(null), problem(5)])]).toEqual([
      [2, 2],
      [5, 1],
    ]);
  });
});

describe('publishBlocker', () => {
  const ready = { problems: [], checking: false, status: 'saved' as const, nameBlank: false };

  it('lets a checked, saved draft without problems be published', () => {
    expect(publishBlocker(ready)).toBeNull();
  });

  it('says why not otherwise', () => {
    expect(publishBlocker({ ...ready, problems: [problem(1), problem(2)] })).toBe(
      'Fix the 2 problems listed under Checks to publish.',
    );
    expect(publishBlocker({ ...ready, problems: [problem(1)] })).toBe(
      'Fix the problem listed under Checks to publish.',
    );
    expect(publishBlocker({ ...ready, problems: null })).toBe('Checking the draft…');
    expect(publishBlocker({ ...ready, checking: true })).toBe('Checking the draft…');
    expect(publishBlocker({ ...ready, status: 'saving' })).toBe('Saving the draft…');
    expect(publishBlocker({ ...ready, status: 'unsaved' })).toBe('Saving the draft…');
    expect(publishBlocker({ ...ready, status: 'conflict' })).toBe('Choose whose draft to keep first.');
    expect(publishBlocker({ ...ready, nameBlank: true })).toBe('Give the programme a name first.');
  });
});
