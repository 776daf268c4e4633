/**
 * The results reveal (docs/product.md, Results), as numbers and pure functions so it can be read in one
 * place and tested without a browser. The page runs it; canvas-confetti draws it.
 */

import { LEADERBOARD_STEP, type RevealStep } from '../../../../shared/results-withheld.ts';

// The steps and which places each shows are the server's rule too (it withholds the places not yet out). A
// relative path: the browser tests import this file, outside the web build's aliases.
export { isPlaceRevealed, LEADERBOARD_STEP, type RevealStep } from '../../../../shared/results-withheld.ts';

export const CELEBRATION = {
  /** Fired at once when the reveal button is pressed. */
  firstBurst: { particleCount: 100, spread: 70, origin: { y: 0.6 } },
  /** revealStep becomes 1, 2, 3 at these times after the press. */
  stepTimesMs: [500, 1000, 1500] as const,
  /** From step 3: bursts from both sides every 250 ms for 3 s, fewer particles as time runs out. */
  show: {
    durationMs: 3000,
    intervalMs: 250,
    maxParticles: 50,
    spread: 360,
    startVelocity: 30,
    ticks: 60,
    /** Horizontal launch ranges (fractions of the width) of the two sides. */
    sides: { left: [0.1, 0.3], right: [0.7, 0.9] },
  },
  /** Scores count up from 0 with easing. */
  countUpMs: 1500,
} as const;

/** The step reached `elapsedMs` after the press of a whole reveal: the leaderboard comes with 1st place. */
export function revealStepAt(elapsedMs: number): RevealStep {
  let step = 0;
  for (const at of CELEBRATION.stepTimesMs) if (elapsedMs >= at) step++;
  return (step === 3 ? 4 : step) as RevealStep;
}

/** The step at which 1st place comes out, with the two-sided confetti show. */
export const FIRST_PLACE_STEP: RevealStep = 3;

/**
 * When each step comes, moving from `from` to `to`: from the press (`from` 0, nothing on screen yet) the
 * spec's choreography, 3rd at 0.5 s, 2nd at 1 s, 1st at 1.5 s with the leaderboard; an instructor's paced
 * step at once; several steps at once (a quick finish) half a second apart, the leaderboard with 1st.
 */
export function revealSchedule(from: RevealStep, to: RevealStep): { atMs: number; step: RevealStep }[] {
  const schedule: { atMs: number; step: RevealStep }[] = [];
  const gap = CELEBRATION.stepTimesMs[0];
  for (let step = from + 1; step <= to; step++) {
    const previous = schedule.at(-1);
    const atMs =
      step === LEADERBOARD_STEP && previous?.step === FIRST_PLACE_STEP
        ? previous.atMs
        : from === 0
          ? (CELEBRATION.stepTimesMs[step - 1] ?? CELEBRATION.stepTimesMs[2])
          : (step - from - 1) * gap;
    schedule.push({ atMs, step: step as RevealStep });
  }
  return schedule;
}

export type ShowBurst = { atMs: number; particleCount: number; side: 'left' | 'right' };

/**
 * The two-sided show that starts at step 3: at every tick while time is left, one burst from each side
 * with a particle count proportional to the time left.
 */
export function showSchedule(show: typeof CELEBRATION.show = CELEBRATION.show): ShowBurst[] {
  const bursts: ShowBurst[] = [];
  for (let atMs = show.intervalMs; atMs < show.durationMs; atMs += show.intervalMs) {
    const particleCount = Math.round(show.maxParticles * ((show.durationMs - atMs) / show.durationMs));
    if (particleCount <= 0) continue;
    bursts.push({ atMs, particleCount, side: 'left' }, { atMs, particleCount, side: 'right' });
  }
  return bursts;
}

/** Fast start, gentle landing. */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/** The number shown `elapsedMs` into a count-up from 0 to `target`. */
export function countUpValue(target: number, elapsedMs: number, durationMs: number = CELEBRATION.countUpMs) {
  if (durationMs <= 0 || elapsedMs >= durationMs) return target;
  if (elapsedMs <= 0) return 0;
  return Math.round(target * easeOutCubic(elapsedMs / durationMs));
}

/**
 * The projector's chime when the reveal moves from `previous` to `next` (lib/chime.ts): the winner's when
 * 1st place comes out (alone, or in a quick finish that passes it), the place's for any other step
 * forward, none otherwise.
 */
export function chimeForStep(previous: RevealStep, next: RevealStep): 'place' | 'first-place' | null {
  if (next <= previous) return null;
  return previous < FIRST_PLACE_STEP && next >= FIRST_PLACE_STEP ? 'first-place' : 'place';
}
