import { formatTimeLeft, type Pace } from '@shared/schemas/pace';
import type { ProgrammeActivity } from '@/lib/team-programme';

/**
 * "Now: Activity 3" and the activity's name as the team reads it on that activity's page (its page name, as
 * the cohort's programme names it): the words the banner, the card and the projector share, so the room
 * speaks one name per activity, number first. No name while the programme's is unknown
 * (lib/team-programme.ts, `useProgrammeActivities`): never the standard's name for another programme's
 * activity.
 */
export function nowLine(
  phase: number,
  activities: readonly ProgrammeActivity[],
): { lead: string; name: string | null } {
  return {
    lead: `Now: Activity ${phase}`,
    name: activities.find((activity) => activity.phase === phase)?.names?.page ?? null,
  };
}

/** What a screen reader hears of a countdown: its length when it starts, never each second. */
export function countdownWords(millisLeft: number | undefined): string | null {
  if (millisLeft === undefined) return null;
  if (millisLeft === 0) return 'Time is up';
  const minutes = Math.ceil(millisLeft / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} on the clock`;
}

/** The countdown as it reads: "12:05 left", or "Time is up". */
export function timeLeftText(millisLeft: number): string {
  return millisLeft === 0 ? 'Time is up' : `${formatTimeLeft(millisLeft)} left`;
}

/** Whether the pace shows anything. */
export const showsPace = (pace: Pace | undefined): pace is Pace =>
  pace !== undefined && (pace.message !== null || pace.phase !== null || pace.endsAt !== null);

/**
 * The pace as the room's screens show it: a countdown whose "Time is up" has shown long enough
 * (`useTimeLeft` is then undefined: `TIME_UP_SHOWN_MS`) is gone from it; the message and activity stay.
 */
export function shownPace(pace: Pace | undefined, millisLeft: number | undefined): Pace | undefined {
  if (!pace || pace.endsAt === null || millisLeft !== undefined) return pace;
  return { ...pace, endsAt: null };
}
