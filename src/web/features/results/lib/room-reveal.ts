import { type RoomReveal, revealStepOf } from '@shared/results-withheld';
import { CELEBRATION } from './reveal-choreography';

/**
 * The room's reveal, as the results page follows it: the instructor's press is stored with the cohort
 * (`revealedAt`) and reaches every open results page as an event. A page runs the choreography from the
 * moment the change reaches it, so screens in one room start within the event's delivery time of each
 * other; clocks are compared only to tell a reveal long past (a stream reconnecting minutes later) from
 * one happening now.
 */

/** What a page does when the cohort's reveal (`revealedAt`, `revealStep`) changes. */
export type RoomRevealAction =
  /** Nothing to do: no change. */
  | 'none'
  /** The reveal is happening now: move it to the step, with its choreography. */
  | 'play'
  /** The reveal happened before this page saw it: the steps so far, at once. */
  | 'show'
  /** The instructor hid the results again: back to before the reveal. */
  | 'reset';

export { type RoomReveal, revealStepOf } from '@shared/results-withheld';

/** The whole choreography, steps then the confetti show: a reveal older than this is long past. */
export const REVEAL_DURATION_MS = CELEBRATION.stepTimesMs[2] + CELEBRATION.show.durationMs;

/**
 * Older than this by this device's clock, a reveal the page learns of is shown as done rather than played:
 * the choreography plus a wide margin for clocks that disagree.
 */
export const LONG_PAST_MS = REVEAL_DURATION_MS + 60_000;

/**
 * `previous` is the reveal this page last knew (`undefined` before it knew any), `next` the one it now
 * learns. What the page opens with is shown at once; a reveal that starts while the page is open is played,
 * unless it is long past (a stream reconnecting much later); a step of a reveal the page follows is always
 * played, however long the instructor paused between places.
 */
export function roomRevealAction(
  previous: RoomReveal | undefined,
  next: RoomReveal,
  nowMs: number,
): RoomRevealAction {
  if (next.revealedAt === null) return previous?.revealedAt ? 'reset' : 'none';
  if (previous === undefined) return 'show';
  if (previous.revealedAt === next.revealedAt) {
    return revealStepOf(next) > revealStepOf(previous) ? 'play' : 'none';
  }
  const at = Date.parse(next.revealedAt);
  if (Number.isFinite(at) && nowMs - at > LONG_PAST_MS) return 'show';
  return 'play';
}
