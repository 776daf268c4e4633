/**
 * The results reveal (docs/product.md, Results), as numbers and pure functions so it can be read in one
 * place and tested without a browser. The page runs it; canvas-confetti draws it.
 */

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

export type RevealStep = 0 | 1 | 2 | 3;

/** The step reached `elapsedMs` after the press. */
export function revealStepAt(elapsedMs: number): RevealStep {
  let step = 0;
  for (const at of CELEBRATION.stepTimesMs) if (elapsedMs >= at) step++;
  return step as RevealStep;
}

/** Podium places on show at a step: 3rd at step 1, 2nd at step 2, 1st at step 3. */
export function isPlaceRevealed(place: 1 | 2 | 3, step: RevealStep): boolean {
  return step >= 4 - place;
}

/** The leaderboard's counters start with the last podium stage. */
export const LEADERBOARD_STEP: RevealStep = 3;

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
