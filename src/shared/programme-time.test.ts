import { describe, expect, it } from 'vitest';
import {
  type ActivityTime,
  activitiesTake,
  activityDurations,
  formatClock,
  formatHours,
  formatMinutes,
  parseDuration,
  sampleSchedules,
  stepsDuration,
  sumDurations,
} from './programme-time.ts';

describe('durations', () => {
  it.each([
    ['10 min', { min: 10, max: 10 }],
    ['5-10 min', { min: 5, max: 10 }],
    ['15-30 min (mostly waiting)', { min: 15, max: 30 }],
    ['50-70 minutes', { min: 50, max: 70 }],
    [' 45 minutes ', { min: 45, max: 45 }],
  ])('reads "%s"', (text, expected) => {
    expect(parseDuration(text)).toEqual(expected);
  });

  it.each(['', '10', 'ten min', '10 mins', '10-5 min', '0 min', '1 h', '10 min (a) (b)', '45-60 minutes!'])(
    'refuses "%s"',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );

  it('adds up the steps, or gives up when a step has no readable time', () => {
    expect(
      stepsDuration([{ time: '10 min' }, { time: '5-10 min' }, { time: '15-30 min (waiting)' }]),
    ).toEqual({
      min: 30,
      max: 50,
    });
    expect(stepsDuration([{ time: '10 min' }, {}])).toBeNull();
    expect(stepsDuration([{ time: '10 min' }, { time: 'soon' }])).toBeNull();
    expect(sumDurations([])).toEqual({ min: 0, max: 0 });
  });

  it('writes minutes, hours and clock times', () => {
    expect(formatMinutes({ min: 50, max: 75 })).toBe('50-75 minutes');
    expect(formatMinutes({ min: 45, max: 45 })).toBe('45 minutes');
    expect(formatHours(425)).toBe('7 h 5 min');
    expect(formatHours(120)).toBe('2 h');
    expect(formatHours(45)).toBe('45 min');
    expect(formatClock(9 * 60 + 5)).toBe('09:05');
    expect(formatClock(17 * 60 + 50)).toBe('17:50');
  });
});

describe('the plan’s count of activities', () => {
  it('says how many activities the programme runs, in words', () => {
    expect(activitiesTake(8)).toBe('The eight activities take');
    expect(activitiesTake(6)).toBe('The six activities take');
    expect(activitiesTake(1)).toBe('The one activity takes');
  });
});

describe('class time and homework', () => {
  it('adds the steps done in class and the homework apart', () => {
    const steps = [{ time: '10 min' }, { time: '5-10 min', homework: true as const }, { time: '15 min' }];
    expect(activityDurations(steps)).toEqual({
      inClass: { min: 25, max: 25 },
      homework: { min: 5, max: 10 },
    });
    expect(activityDurations([{ time: '10 min' }])).toEqual({
      inClass: { min: 10, max: 10 },
      homework: null,
    });
    expect(activityDurations([{ time: '10 min' }, { homework: true }]).homework).toBeNull();
  });
});

describe('sample schedules', () => {
  const activities: ActivityTime[] = Array.from({ length: 8 }, (_, i) => ({
    phase: i + 1,
    name: `Name ${i + 1}`,
    duration: { min: 30 + i, max: 40 + i },
    ...(i % 3 === 0 ? { homework: { min: 10, max: 20 } } : {}),
  }));
  const [oneDay, halfDays] = sampleSchedules(activities);
  const activityItems = (day: { items: { phase?: number }[] }) => day.items.filter((i) => i.phase);

  it('plans one day with every activity once, at the long end of its class time', () => {
    expect(oneDay?.title).toBe('One-day bootcamp');
    expect(oneDay?.days).toHaveLength(1);
    const items = oneDay!.days[0]!.items;
    expect(items[0]?.start).toBe(9 * 60);
    expect(activityItems(oneDay!.days[0]!).map((i) => i.phase)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const item of items.filter((i) => i.phase)) {
      expect(item.end - item.start).toBe(activities[item.phase! - 1]!.duration.max);
      expect(item.label).toBe(`Activity ${item.phase}: Name ${item.phase}`);
    }
    expect(items.some((i) => i.label === 'Lunch')).toBe(true);
  });

  it('plans two half-days at the same times, research and concept first', () => {
    expect(halfDays?.title).toBe('Two half-days');
    expect(halfDays?.days.map((d) => activityItems(d).map((i) => i.phase))).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    for (const day of halfDays!.days) {
      for (const item of day.items.filter((i) => i.phase)) {
        expect(item.end - item.start).toBe(activities[item.phase! - 1]!.duration.max);
      }
      // A half-day: four hours and a half at most, breaks included.
      expect(day.items.at(-1)!.end - day.items[0]!.start).toBeLessThanOrEqual(270);
    }
  });

  it('runs each day without gaps or overlaps, breaks included', () => {
    for (const schedule of [oneDay!, halfDays!]) {
      for (const day of schedule.days) {
        for (let i = 1; i < day.items.length; i++) expect(day.items[i]!.start).toBe(day.items[i - 1]!.end);
      }
    }
    // 15 welcome + 8 activities at their maximum + 15 + 45 + 15 breaks + 30 showcase.
    const total = activities.reduce((sum, a) => sum + a.duration.max, 0) + 15 + 15 + 45 + 15 + 30;
    expect(oneDay!.days[0]!.items.at(-1)!.end).toBe(9 * 60 + total);
  });

  it('lists the homework by when it is due', () => {
    expect(oneDay!.homework).toEqual([
      {
        due: 'After the day',
        items: [1, 4, 7].map((phase) => ({
          phase,
          label: `Activity ${phase}: Name ${phase}`,
          minutes: { min: 10, max: 20 },
        })),
      },
    ]);
    expect(halfDays!.homework.map((h) => [h.due, h.items.map((i) => i.phase)])).toEqual([
      ['Before half-day 2', [1, 4]],
      ['After half-day 2', [7]],
    ]);
  });

  it('leaves out an activity whose time is unknown rather than inventing one', () => {
    const [partial] = sampleSchedules(activities.filter((a) => a.phase !== 3));
    expect(partial!.days[0]!.items.some((i) => i.phase === 3)).toBe(false);
  });

  describe('with fewer activities (a programme switches some off)', () => {
    const labels = (day: { items: { label: string }[] }) =>
      day.items.map((i) => i.label.replace(/^Activity (\d): .*/, '$1'));
    const without = (...off: number[]) => sampleSchedules(activities.filter((a) => !off.includes(a.phase)));

    it('plans only the activities it runs, with no gap where the others were', () => {
      const [day, halves] = without(7);
      expect(activityItems(day!.days[0]!).map((i) => i.phase)).toEqual([1, 2, 3, 4, 5, 6, 8]);
      for (const d of [...day!.days, ...halves!.days]) {
        for (let i = 1; i < d.items.length; i++) expect(d.items[i]!.start).toBe(d.items[i - 1]!.end);
      }
      const total = activities.filter((a) => a.phase !== 7).reduce((sum, a) => sum + a.duration.max, 0);
      expect(day!.days[0]!.items.at(-1)!.end).toBe(9 * 60 + total + 15 + 15 + 45 + 15 + 30);
      expect(day!.homework[0]!.items.map((i) => i.phase)).toEqual([1, 4]);
    });

    it('keeps a break only between two activities, and one pause where two would meet', () => {
      // Activities 7 and 8 off: no break before the showcase.
      expect(labels(without(7, 8)[0]!.days[0]!)).toEqual([
        'Welcome, teams and workspaces',
        '1',
        '2',
        'Break',
        '3',
        '4',
        'Lunch',
        '5',
        '6',
        'Showcase, voting and results',
      ]);
      // Activities 3 and 4 off: the break and lunch meet, lunch is kept.
      expect(labels(without(3, 4)[0]!.days[0]!)).toEqual([
        'Welcome, teams and workspaces',
        '1',
        '2',
        'Lunch',
        '5',
        '6',
        'Break',
        '7',
        '8',
        'Showcase, voting and results',
      ]);
      // Activities 1 and 2 off: the day does not open with a break.
      expect(labels(without(1, 2)[1]!.days[0]!)).toEqual([
        'Welcome, teams and workspaces',
        '3',
        '4',
        'Each team shares its hero concept',
      ]);
    });
  });
});
