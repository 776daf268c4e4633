import { describe, expect, it } from 'vitest';
import { isActivityDone, wayOn } from './activity-done.ts';

const fields = [
  { id: 'company_name', required: true },
  { id: 'goal', required: true },
  { id: 'notes', required: false },
];

describe('isActivityDone', () => {
  it('is done when every required field is answered, the optional ones not needed', () => {
    expect(isActivityDone(fields, { goal: 'Find buyers' }, { company_name: 'Acme' })).toBe(true);
  });

  it('is not done while a required field is blank, missing or only spaces', () => {
    expect(isActivityDone(fields, { goal: '   ' }, { company_name: 'Acme' })).toBe(false);
    expect(isActivityDone(fields, { goal: 'Find buyers' }, {})).toBe(false);
    expect(isActivityDone(fields, null, { company_name: 'Acme' })).toBe(false);
  });

  it("reads a shared fact from the team's copy, not from an activity's stale answer", () => {
    expect(isActivityDone(fields, { goal: 'x', company_name: 'Old' }, { company_name: '' })).toBe(false);
    expect(isActivityDone(fields, { goal: 'x', company_name: 'Old' }, {})).toBe(true);
  });

  it('counts an activity without required fields as done once it holds an answer', () => {
    const optional = [{ id: 'notes', required: false }];
    expect(isActivityDone(optional, {}, {})).toBe(false);
    expect(isActivityDone(optional, { notes: 'Seen' }, {})).toBe(true);
  });
});

describe('wayOn', () => {
  const done = (...phases: number[]) => new Set(phases);

  it('leads to the next activity that is not done, after the open one', () => {
    expect(wayOn(1, done())).toEqual({ kind: 'activity', phase: 2 });
    expect(wayOn(1, done(1))).toEqual({ kind: 'activity', phase: 2 });
    expect(wayOn(3, done(1, 2, 3, 4, 5))).toEqual({ kind: 'activity', phase: 6 });
  });

  it('skips the activities already done, whatever order they were done in', () => {
    expect(wayOn(1, done(1, 2, 3, 5))).toEqual({ kind: 'activity', phase: 4 });
    expect(wayOn(2, done(3, 4, 6))).toEqual({ kind: 'activity', phase: 5 });
  });

  it('wraps past the last activity to the first not done', () => {
    expect(wayOn(8, done(8))).toEqual({ kind: 'activity', phase: 1 });
    expect(wayOn(7, done(1, 7, 8))).toEqual({ kind: 'activity', phase: 2 });
    expect(wayOn(6, done(6, 7, 8, 1, 2, 3))).toEqual({ kind: 'activity', phase: 4 });
  });

  it('never leads back to the open activity while another is left', () => {
    for (let open = 1; open <= 8; open++) {
      const way = wayOn(open, done());
      expect(way).toEqual({ kind: 'activity', phase: (open % 8) + 1 });
    }
  });

  it('says when the open activity is the only one left', () => {
    expect(wayOn(5, done(1, 2, 3, 4, 6, 7, 8))).toEqual({ kind: 'this-one-left' });
  });

  it('says when all eight are done', () => {
    expect(wayOn(4, done(1, 2, 3, 4, 5, 6, 7, 8))).toEqual({ kind: 'all-done' });
  });

  it("counts only the activities the team's programme runs", () => {
    // Activities 2 and 7 switched off: never the way on, never left to do.
    expect(wayOn(1, done(1), [2, 7])).toEqual({ kind: 'activity', phase: 3 });
    expect(wayOn(6, done(1, 3, 4, 5, 6), [2, 7])).toEqual({ kind: 'activity', phase: 8 });
    expect(wayOn(8, done(1, 3, 4, 5, 6), [2, 7])).toEqual({ kind: 'this-one-left' });
    expect(wayOn(8, done(1, 3, 4, 5, 6, 8), [2, 7])).toEqual({ kind: 'all-done' });
  });
});
