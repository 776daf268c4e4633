import { z } from 'zod';
import { TOTAL_PHASES } from '../phases.ts';
import { plainText } from '../plain-text.ts';

/** The longest message an instructor sends the room: a line a banner and a projector show whole. */
export const PACE_MESSAGE_MAX = 140;
/** A countdown's bounds, in whole minutes. */
export const PACE_MINUTES_MIN = 1;
export const PACE_MINUTES_MAX = 180;

/**
 * A cohort's pace (docs/product.md, Pacing the room and joining a cohort): the instructor's message, the
 * activity the room is on ("Now: Activity 3") and the end of a countdown (ISO, by the server's clock). Each
 * is null when not set.
 */
export const PaceSchema = z.object({
  message: z.string().nullable(),
  phase: z.number().int().min(1).max(TOTAL_PHASES).nullable(),
  endsAt: z.string().nullable(),
});
export type Pace = z.infer<typeof PaceSchema>;

export const NO_PACE: Pace = { message: null, phase: null, endsAt: null };

/** Whether anything of the pace is set. */
export const hasPace = (pace: Pace): boolean =>
  pace.message !== null || pace.phase !== null || pace.endsAt !== null;

/**
 * A pace as the server sends it, with `now`, its clock at that moment (ISO): a page counts the time left
 * from the difference, so a device whose clock is wrong still shows the right minutes.
 */
export const PaceStateSchema = z.object({ pace: PaceSchema, now: z.string() });
export type PaceState = z.infer<typeof PaceStateSchema>;

/**
 * The live event of a pace: on a cohort's stream (its projector view, the instructors' cards) and on the
 * stream of each of its teams (every open page of the team). A team in no cohort, or in an archived one,
 * hears `NO_PACE`.
 */
export const PaceEventSchema = PaceStateSchema.extend({ type: z.literal('pace') });
export type PaceEvent = z.infer<typeof PaceEventSchema>;

// Control characters (line breaks, tabs, escapes) become spaces, then runs of spaces one: one line of text.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * The message as stored: one line, trimmed, and plain text (plain-text.ts): every team's banner and the
 * projector show it, so no direction mark or invisible character is kept.
 */
export function cleanPaceMessage(text: string): string {
  return plainText(text.replace(CONTROL_CHARACTERS, ' '))
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export const PACE_MESSAGE_BLANK = 'message cannot be blank: write a few words, or clear the message';

const PaceMessageSchema = z
  .string({ message: 'message must be text' })
  .transform(cleanPaceMessage)
  .pipe(
    z
      .string()
      .min(1, PACE_MESSAGE_BLANK)
      .max(PACE_MESSAGE_MAX, `message must be at most ${PACE_MESSAGE_MAX} characters`),
  );

/**
 * `PATCH /api/admin/cohorts/:tag/pace`: what to change. Each part given is set (a value) or cleared (null);
 * a part left out stays as it is, so two instructors pacing one room never undo each other's other part.
 * `minutes` starts a countdown of that many minutes from now.
 */
export const UpdatePaceBodySchema = z
  .object({
    message: PaceMessageSchema.nullable().optional(),
    phase: z
      .number({ message: `phase must be a number from 1 to ${TOTAL_PHASES}` })
      .int(`phase must be a number from 1 to ${TOTAL_PHASES}`)
      .min(1, `phase must be a number from 1 to ${TOTAL_PHASES}`)
      .max(TOTAL_PHASES, `phase must be a number from 1 to ${TOTAL_PHASES}`)
      .nullable()
      .optional(),
    minutes: z
      .number({ message: `minutes must be a whole number from ${PACE_MINUTES_MIN} to ${PACE_MINUTES_MAX}` })
      .int(`minutes must be a whole number from ${PACE_MINUTES_MIN} to ${PACE_MINUTES_MAX}`)
      .min(PACE_MINUTES_MIN, `minutes must be a whole number from ${PACE_MINUTES_MIN} to ${PACE_MINUTES_MAX}`)
      .max(PACE_MINUTES_MAX, `minutes must be a whole number from ${PACE_MINUTES_MIN} to ${PACE_MINUTES_MAX}`)
      .nullable()
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of message, phase, minutes (null clears it)',
  });
export type UpdatePaceBody = z.input<typeof UpdatePaceBodySchema>;

/** Milliseconds left of a countdown, from the server's `now` and when it was received; never below 0. */
export function paceMillisLeft(endsAt: string, serverNow: string, receivedAt: number, at: number): number {
  return Math.max(0, -paceMillisPastEnd(endsAt, serverNow, receivedAt, at));
}

/** Milliseconds since a countdown ended, by the server's clock as `paceMillisLeft` reads it (negative before). */
export function paceMillisPastEnd(endsAt: string, serverNow: string, receivedAt: number, at: number): number {
  const skew = Date.parse(serverNow) - receivedAt;
  return at + skew - Date.parse(endsAt);
}

/**
 * How long "Time is up" stays on the room's screens (the team's banner, the room screen, the showcase's
 * strip, the instructor's card) after a countdown ends: the room has moved on by then, so the countdown
 * leaves them by itself, though the instructor did not clear it. The pace's message and activity stay.
 */
export const TIME_UP_SHOWN_MS = 5 * 60_000;

/** Whether a countdown `millisPastEnd` after its end still shows: while it runs, and "Time is up" a while. */
export function countdownShows(millisPastEnd: number): boolean {
  return millisPastEnd < TIME_UP_SHOWN_MS;
}

/** A time left as "12:05" (minutes and seconds) or "1:02:05" past an hour; rounded up to the second. */
export function formatTimeLeft(millis: number): string {
  const total = Math.ceil(millis / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
