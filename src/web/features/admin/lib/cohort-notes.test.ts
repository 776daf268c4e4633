import { describe, expect, it } from 'vitest';
import { emptyListNote, NO_TEAMS_YET } from './cohort-notes.ts';

describe("a cohort's lists of teams", () => {
  const done = 'Every team has submitted its website.';

  it('says a cohort without teams has none, not that every team has submitted', () => {
    expect(emptyListNote(0, 0, done)).toBe(NO_TEAMS_YET);
  });

  it('says every team has, once teams are there and none is left', () => {
    expect(emptyListNote(3, 0, done)).toBe(done);
  });

  it('says nothing while some team is named', () => {
    expect(emptyListNote(3, 1, done)).toBeNull();
  });
});
