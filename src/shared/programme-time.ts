/**
 * Time in the programme: the durations written in the activity configs ("10 min", "15-30 min (mostly
 * waiting)", "50-70 minutes"), their sums, and the sample bootcamp schedules shown to instructors.
 * An activity's estimated time is the sum of its steps' times; the config schema checks it.
 */

/** A duration in whole minutes, as a range (`min === max` for an exact time). */
export type Minutes = { min: number; max: number };

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

/** What a schedule needs to know of an activity. */
export type ActivityTime = { phase: number; name: string; duration: Minutes };

export type ScheduleItem = {
  /** Minutes since midnight. */
  start: number;
  end: number;
  label: string;
  /** Set for an activity; absent for breaks and plenary moments. */
  phase?: number;
};

export type ScheduleDay = { title: string; items: ScheduleItem[] };

export type SampleSchedule = {
  title: string;
  /** How the schedule was built, in one sentence. */
  pace: string;
  days: ScheduleDay[];
};

type PlanEntry = number | { label: string; minutes: number };
type Plan = {
  title: string;
  pace: string;
  use: keyof Minutes;
  days: { title: string; start: number; entries: PlanEntry[] }[];
};

const ONE_DAY: Plan = {
  title: 'One-day bootcamp',
  pace: 'Each activity at the short end of its time: brisk, for teams that prepared or an instructor who keeps time.',
  use: 'min',
  days: [
    {
      title: 'Day 1',
      start: 9 * 60,
      entries: [
        { label: 'Welcome, teams and workspaces', minutes: 15 },
        1,
        2,
        { label: 'Break', minutes: 10 },
        3,
        4,
        { label: 'Lunch', minutes: 45 },
        5,
        6,
        { label: 'Break', minutes: 10 },
        7,
        8,
        { label: 'Showcase, voting and results', minutes: 30 },
      ],
    },
  ],
};

const TWO_DAY: Plan = {
  title: 'Two-day bootcamp',
  pace: 'Each activity at the long end of its time, with room to discuss: research and concept on day 1, making and launching on day 2.',
  use: 'max',
  days: [
    {
      title: 'Day 1',
      start: 9 * 60 + 30,
      entries: [
        { label: 'Welcome, teams and workspaces', minutes: 20 },
        1,
        { label: 'Break', minutes: 15 },
        2,
        { label: 'Lunch', minutes: 60 },
        3,
        { label: 'Break', minutes: 15 },
        4,
        { label: 'Each team shares its hero concept', minutes: 20 },
      ],
    },
    {
      title: 'Day 2',
      start: 9 * 60 + 30,
      entries: [
        5,
        { label: 'Break', minutes: 15 },
        6,
        { label: 'Lunch', minutes: 60 },
        7,
        { label: 'Break', minutes: 15 },
        8,
        { label: 'Showcase, voting and results', minutes: 45 },
      ],
    },
  ],
};

function buildSchedule(plan: Plan, activities: readonly ActivityTime[]): SampleSchedule {
  const byPhase = new Map(activities.map((activity) => [activity.phase, activity]));
  const days = plan.days.map((day) => {
    let clock = day.start;
    const items: ScheduleItem[] = [];
    for (const entry of day.entries) {
      const activity = typeof entry === 'number' ? byPhase.get(entry) : undefined;
      if (typeof entry === 'number' && !activity) continue;
      const minutes = activity ? activity.duration[plan.use] : (entry as { minutes: number }).minutes;
      const label = activity
        ? `Activity ${activity.phase}: ${activity.name}`
        : (entry as { label: string }).label;
      items.push({
        start: clock,
        end: clock + minutes,
        label,
        ...(activity ? { phase: activity.phase } : {}),
      });
      clock += minutes;
    }
    return { title: day.title, items };
  });
  return { title: plan.title, pace: plan.pace, days };
}

/** The two sample schedules instructors see: one brisk day, or two days at a comfortable pace. */
export function sampleSchedules(activities: readonly ActivityTime[]): SampleSchedule[] {
  return [buildSchedule(ONE_DAY, activities), buildSchedule(TWO_DAY, activities)];
}
