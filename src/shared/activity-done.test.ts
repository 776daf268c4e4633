import { describe, expect, it } from 'vitest';
import { isActivityDone } from './activity-done.ts';

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
