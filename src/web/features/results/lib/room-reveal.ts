import { CELEBRATION } from './reveal-choreography';

/**
 * The room's reveal, as the results page follows it: the instructor's press is stored with the cohort
 * (`revealedAt`) and reaches every open results page as an event. A page runs the choreography from the
 * moment the change reaches it, so screens in one room start within the event's delivery time of each
 * other; clocks are compared only to tell a reveal long past (a stream reconnecting minutes later) from
 * one happening now.
 */

/** What a page does when the cohort's `revealedAt` changes. */
export type RoomRevealAction =
  /** Nothing to do: no change. */
  | 'none'
  /** The reveal is happening now: run the choreography from its start. */
  | 'play'
  /** The reveal happened before this page saw it: the final podium and leaderboard at once. */
  | 'show'
  /** The instructor hid the results again: back to before the reveal. */
  | 'reset';

/** The whole choreography, steps then the confetti show: a reveal older than this is long past. */
export const REVEAL_DURATION_MS = CELEBRATION.stepTimesMs[2] + CELEBRATION.show.durationMs;

/**
 * Older than this by this device's clock, a reveal the page learns of is shown as done rather than played:
 * the choreography plus a wide margin for clocks that disagree.
 */
export const LONG_PAST_MS = REVEAL_DURATION_MS + 60_000;

/**
 * `previous` is the `revealedAt` this page last knew (`undefined` before it knew any), `next` the one it
 * now learns. What the page opens with is shown at once; a change seen while open is played, unless the
 * reveal is long past.
 */
export function roomRevealAction(
  previous: string | null | undefined,
  next: string | null,
  nowMs: number,
): RoomRevealAction {
  if (previous === next) return 'none';
  if (next === null) return previous === undefined ? 'none' : 'reset';
  if (previous === undefined) return 'show';
  const at = Date.parse(next);
  if (Number.isFinite(at) && nowMs - at > LONG_PAST_MS) return 'show';
  return 'play';
}
