/**
 * Time in the programme: the durations written in the activity configs ("10 min", "15-30 min (mostly
 * waiting)", "50-70 minutes"), their sums, and the sample bootcamp schedules shown to instructors.
 * An activity's estimated time is its class time, the sum of the times of its steps that are not homework;
 * the config schema checks it. The eight estimates fit a day (CLASS_DAY_MINUTES; the programme checks see to it).
 */

/** The class time a bootcamp day holds for the eight activities: six and a half hours. */
export const CLASS_DAY_MINUTES = 390;

/** A duration in whole minutes, as a range (`min === max` for an exact time). */
type Minutes = { min: number; max: number };

const DURATION = /^(\d{1,3})(?:-(\d{1,3}))? (?:min|minutes)(?: \([^()]+\))?$/;

/** "10 min", "5-10 min", "15-30 min (mostly waiting)", "50-70 minutes"; null for anything else. */
export function parseDuration(text: string): Minutes | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return min > 0 && max >= min ? { min, max } : null;
}

export function addDurations(a: Minutes, b: Minutes): Minutes {
  return { min: a.min + b.min, max: a.max + b.max };
}

export function sumDurations(durations: readonly Minutes[]): Minutes {
  return durations.reduce(addDurations, { min: 0, max: 0 });
}

/** The form an activity's estimated time is written in: "50-70 minutes", or "45 minutes". */
export function formatMinutes(duration: Minutes): string {
  return duration.min === duration.max
    ? `${duration.min} minutes`
    : `${duration.min}-${duration.max} minutes`;
}

const COUNT_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'] as const;

/** The plan's opening words for `count` activities: "The eight activities take", "The one activity takes". */
export function activitiesTake(count: number): string {
  const word = COUNT_WORDS[count - 1] ?? String(count);
  return count === 1 ? `The ${word} activity takes` : `The ${word} activities take`;
}

/** 425 -> "7 h 5 min", 60 -> "1 h", 45 -> "45 min". */
export function formatHours(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 545 -> "09:05" (minutes since midnight as a 24-hour clock time). */
export function formatClock(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The sum of the steps' times, or null when a step has no time or one that cannot be read (then the
 * activity's estimated time cannot be checked against its steps).
 */
export function stepsDuration(steps: readonly { time?: string | undefined }[]): Minutes | null {
  const durations = steps.map((step) => (step.time === undefined ? null : parseDuration(step.time)));
  if (durations.some((d) => d === null)) return null;
  return sumDurations(durations as Minutes[]);
}

type TimedStep = { time?: string | undefined; homework?: true | undefined };

/**
 * An activity's class time (its steps that are not homework) and its homework time (null when it has none),
 * each null when a step's time cannot be read.
 */
export function activityDurations(steps: readonly TimedStep[]): {
  inClass: Minutes | null;
  homework: Minutes | null;
} {
  const homework = steps.filter((step) => step.homework);
  return {
    inClass: stepsDuration(steps.filter((step) => !step.homework)),
    homework: homework.length > 0 ? stepsDuration(homework) : null,
  };
}

/** What a schedule needs to know of an activity: its class time, and its homework when it has some. */
export type ActivityTime = { phase: number; name: string; duration: Minutes; homework?: Minutes };

type ScheduleItem = {
  /** Minutes since midnight. */
  start: number;
  end: number;
  label: string;
  /** Set for an activity; absent for breaks and plenary moments. */
  phase?: number;
};

type ScheduleDay = { title: string; items: ScheduleItem[] };

export type SampleSchedule = {
  title: string;
  /** How the schedule was built, in one sentence. */
  pace: string;
  days: ScheduleDay[];
  /** The activities' homework, by when it is due (after a day, or between two half-days). */
  homework: { due: string; items: { phase: number; label: string; minutes: Minutes }[] }[];
};

/** An activity's number, or a moment of the day; a pause (a break, lunch) sits between two activities. */
type PlanEntry = number | { label: string; minutes: number; pause?: true };
type Plan = {
  title: string;
  pace: string;
  days: { title: string; start: number; entries: PlanEntry[]; homeworkDue: string }[];
};

const ONE_DAY: Plan = {
  title: 'One-day bootcamp',
  pace: 'Every activity at the long end of its class time, so the day holds even for slower teams; what does not fit is homework.',
  days: [
    {
      title: 'Day 1',
      start: 9 * 60,
      homeworkDue: 'After the day',
      entries: [
        { label: 'Welcome, teams and workspaces', minutes: 15 },
        1,
        2,
        { label: 'Break', minutes: 15, pause: true },
        3,
        4,
        { label: 'Lunch', minutes: 45, pause: true },
        5,
        6,
        { label: 'Break', minutes: 15, pause: true },
        7,
        8,
        { label: 'Showcase, voting and results', minutes: 30 },
      ],
    },
  ],
};

const TWO_HALF_DAYS: Plan = {
  title: 'Two half-days',
  pace: 'The same class times over two mornings: research and concept first, making and launching second, with the homework of the first half-day done in between.',
  days: [
    {
      title: 'Half-day 1',
      start: 9 * 60,
      homeworkDue: 'Before half-day 2',
      entries: [
        { label: 'Welcome, teams and workspaces', minutes: 15 },
        1,
        2,
        { label: 'Break', minutes: 15, pause: true },
        3,
        4,
        { label: 'Each team shares its hero concept', minutes: 15 },
      ],
    },
    {
      title: 'Half-day 2',
      start: 9 * 60,
      homeworkDue: 'After half-day 2',
      entries: [
        5,
        6,
        { label: 'Break', minutes: 15, pause: true },
        7,
        8,
        { label: 'Showcase, voting and results', minutes: 30 },
      ],
    },
  ],
};

/**
 * A day's entries for the activities there are (a programme may switch some off, an activity's time may be
 * unknown): the missing ones are left out, and so is a pause no longer between two activities; of pauses
 * that now follow each other, the longest is kept (a break and lunch together: lunch).
 */
function dayEntries(entries: readonly PlanEntry[], has: (phase: number) => boolean): PlanEntry[] {
  const kept: PlanEntry[] = [];
  let pause: Extract<PlanEntry, { pause?: true }> | null = null;
  let afterActivity = false;
  for (const entry of entries) {
    if (typeof entry === 'number') {
      if (!has(entry)) continue;
      if (pause) kept.push(pause);
      kept.push(entry);
      pause = null;
      afterActivity = true;
    } else if (entry.pause) {
      if (afterActivity && (!pause || entry.minutes > pause.minutes)) pause = entry;
    } else {
      kept.push(entry);
      pause = null;
      afterActivity = false;
    }
  }
  return kept;
}

function buildSchedule(plan: Plan, activities: readonly ActivityTime[]): SampleSchedule {
  const byPhase = new Map(activities.map((activity) => [activity.phase, activity]));
  const label = (activity: ActivityTime) => `Activity ${activity.phase}: ${activity.name}`;
  const days = plan.days.map((day) => {
    let clock = day.start;
    const items: ScheduleItem[] = [];
    for (const entry of dayEntries(day.entries, (phase) => byPhase.has(phase))) {
      const activity = typeof entry === 'number' ? byPhase.get(entry) : undefined;
      const minutes = activity ? activity.duration.max : (entry as { minutes: number }).minutes;
      items.push({
        start: clock,
        end: clock + minutes,
        label: activity ? label(activity) : (entry as { label: string }).label,
        ...(activity ? { phase: activity.phase } : {}),
      });
      clock += minutes;
    }
    return { title: day.title, items };
  });
  const homework = plan.days.flatMap((day) => {
    const items = day.entries.flatMap((entry) => {
      const activity = typeof entry === 'number' ? byPhase.get(entry) : undefined;
      return activity?.homework
        ? [{ phase: activity.phase, label: label(activity), minutes: activity.homework }]
        : [];
    });
    return items.length > 0 ? [{ due: day.homeworkDue, items }] : [];
  });
  return { title: plan.title, pace: plan.pace, days, homework };
}

/**
 * The two running orders instructors see, both from the activities' class times (the long end of each):
 * one day, or two half-days; each lists the homework and when it is due. Only the activities given are
 * planned (a programme's switched-off ones are not), without a break left where they were.
 */
export function sampleSchedules(activities: readonly ActivityTime[]): SampleSchedule[] {
  return [buildSchedule(ONE_DAY, activities), buildSchedule(TWO_HALF_DAYS, activities)];
}
