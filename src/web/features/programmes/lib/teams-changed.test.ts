import { describe, expect, it } from 'vitest';
import { teamsReached, teamsText } from './teams-changed.ts';

describe('the teams a change reaches', () => {
  it('counts the teams of the cohorts that have some', () => {
    const cohorts = [
      { tag: 'a', name: 'Autumn', teams: 0 },
      { tag: 's', name: 'Spring', teams: 3 },
      { tag: 'w', name: 'Winter', teams: 1 },
    ];
    expect(teamsReached(cohorts)).toEqual({ cohorts: [cohorts[1], cohorts[2]], teams: 4 });
    expect(teamsReached([{ tag: 'a', name: 'Autumn', teams: 0 }])).toEqual({ cohorts: [], teams: 0 });
  });

  it('says one team or several', () => {
    expect(teamsText(1)).toBe('1 team');
    expect(teamsText(4)).toBe('4 teams');
  });
});
