import { describe, expect, it } from 'vitest';
import { countdownWords, nowLine, shownPace, showsPace, timeLeftText } from './pace-lines';

describe("the pace's words", () => {
  it("says the activity by number first, then by the name its page has in the cohort's programme", () => {
    const named = (page: string) => ({ activity: `${page} (long)`, header: `${page} (short)`, page });
    const standard = [{ phase: 2, names: named('Competition Analysis') }];
    expect(nowLine(2, standard)).toEqual({ lead: 'Now: Activity 2', name: 'Competition Analysis' });
    const clinics = [{ phase: 3, names: named('Patient evidence') }];
    expect(nowLine(3, clinics)).toEqual({ lead: 'Now: Activity 3', name: 'Patient evidence' });
  });

  it('says the number alone while the name is unknown, or the programme does not run the activity', () => {
    const known = { activity: 'Evidence', header: 'Patient evidence', page: 'Evidence' };
    expect(nowLine(3, [{ phase: 3, names: null }])).toEqual({ lead: 'Now: Activity 3', name: null });
    expect(nowLine(7, [{ phase: 3, names: known }])).toEqual({
      lead: 'Now: Activity 7',
      name: null,
    });
  });

  it('shows the time left, then "Time is up"', () => {
    expect(timeLeftText(600_000)).toBe('10:00 left');
    expect(timeLeftText(1)).toBe('0:01 left');
    expect(timeLeftText(0)).toBe('Time is up');
  });

  it('tells a screen reader the length once, in whole minutes, and the end', () => {
    expect(countdownWords(600_000)).toBe('10 minutes on the clock');
    expect(countdownWords(30_000)).toBe('1 minute on the clock');
    expect(countdownWords(0)).toBe('Time is up');
    expect(countdownWords(undefined)).toBeNull();
  });

  it('shows nothing while nothing is set', () => {
    expect(showsPace({ message: null, phase: null, endsAt: null })).toBe(false);
    expect(showsPace(undefined)).toBe(false);
    expect(showsPace({ message: 'Break', phase: null, endsAt: null })).toBe(true);
  });

  it('drops a countdown from the screens once its "Time is up" has shown long enough, and keeps the rest', () => {
    const pace = { message: 'Coffee in the hall', phase: 3, endsAt: '2026-11-27T10:10:00.000Z' };
    // Running, or "Time is up" (0 left): shown as it is.
    expect(shownPace(pace, 60_000)).toBe(pace);
    expect(shownPace(pace, 0)).toBe(pace);
    // Past the time "Time is up" shows: the countdown goes, the message and the activity stay.
    expect(shownPace(pace, undefined)).toEqual({ ...pace, endsAt: null });
    const onlyCountdown = { message: null, phase: null, endsAt: pace.endsAt };
    expect(showsPace(shownPace(onlyCountdown, undefined))).toBe(false);
    expect(shownPace(undefined, undefined)).toBeUndefined();
  });
});
