import { describe, expect, it } from 'vitest';
import {
  chimeForStep,
  CELEBRATION,
  countUpValue,
  easeOutCubic,
  isPlaceRevealed,
  revealSchedule,
  revealStepAt,
  showSchedule,
} from './reveal-choreography';

describe('reveal choreography', () => {
  it('uses the documented numbers (docs/product.md, Limits and constants)', () => {
    expect(CELEBRATION.firstBurst).toMatchObject({ particleCount: 100, spread: 70 });
    expect(CELEBRATION.stepTimesMs).toEqual([500, 1000, 1500]);
    expect(CELEBRATION.show).toMatchObject({ durationMs: 3000, intervalMs: 250 });
    expect(CELEBRATION.countUpMs).toBe(1500);
  });

  it('moves the step counter to 1 at 0.5 s, 2 at 1 s and to 1st place with the leaderboard (4) at 1.5 s', () => {
    expect([0, 499, 500, 999, 1000, 1499, 1500, 10_000].map(revealStepAt)).toEqual([0, 0, 1, 1, 2, 2, 4, 4]);
  });

  it('schedules a whole reveal on the choreography, a paced step at once, a quick finish half a second apart', () => {
    expect(revealSchedule(0, 4)).toEqual([
      { atMs: 500, step: 1 },
      { atMs: 1000, step: 2 },
      { atMs: 1500, step: 3 },
      { atMs: 1500, step: 4 },
    ]);
    // The instructor's first "Next place": the first burst, then 3rd place at 0.5 s.
    expect(revealSchedule(0, 1)).toEqual([{ atMs: 500, step: 1 }]);
    expect(revealSchedule(1, 2)).toEqual([{ atMs: 0, step: 2 }]);
    expect(revealSchedule(3, 4)).toEqual([{ atMs: 0, step: 4 }]);
    // "Reveal all" after 3rd place: 2nd now, 1st and the leaderboard half a second later.
    expect(revealSchedule(1, 4)).toEqual([
      { atMs: 0, step: 2 },
      { atMs: 500, step: 3 },
      { atMs: 500, step: 4 },
    ]);
    expect(revealSchedule(4, 4)).toEqual([]);
  });

  it('shows 3rd place at step 1, 2nd at step 2 and 1st at step 3', () => {
    const shown = (step: 0 | 1 | 2 | 3) => ([3, 2, 1] as const).filter((p) => isPlaceRevealed(p, step));
    expect(shown(0)).toEqual([]);
    expect(shown(1)).toEqual([3]);
    expect(shown(2)).toEqual([3, 2]);
    expect(shown(3)).toEqual([3, 2, 1]);
  });

  it('fires from both sides every 250 ms for 3 s with shrinking particle counts', () => {
    const bursts = showSchedule();
    const times = [...new Set(bursts.map((b) => b.atMs))];
    expect(times[0]).toBe(250);
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 250)).toBe(true);
    expect(Math.max(...times)).toBeLessThan(3000);
    for (const t of times) {
      const pair = bursts.filter((b) => b.atMs === t);
      expect(pair.map((b) => b.side).sort()).toEqual(['left', 'right']);
      expect(pair[0]!.particleCount).toBe(pair[1]!.particleCount);
    }
    const counts = times.map((t) => bursts.find((b) => b.atMs === t)!.particleCount);
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeLessThan(counts[i - 1]!);
    expect(counts.every((c) => c > 0 && c <= CELEBRATION.show.maxParticles)).toBe(true);
  });

  it('counts up from 0 to the target with easing, then stays there', () => {
    expect(countUpValue(11, 0)).toBe(0);
    expect(countUpValue(11, 1500)).toBe(11);
    expect(countUpValue(11, 99_999)).toBe(11);
    const half = countUpValue(100, 750);
    expect(half).toBeGreaterThan(50); // eased: more than linear half-way
    expect(half).toBeLessThan(100);
    expect(countUpValue(7, 500, 0)).toBe(7);
    expect(easeOutCubic(-1)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });
});

describe("the projector's chime at each step", () => {
  it("plays the place's chime for 3rd, 2nd and the leaderboard, the winner's for 1st, nothing backwards", () => {
    expect(chimeForStep(0, 1)).toBe('place');
    expect(chimeForStep(1, 2)).toBe('place');
    expect(chimeForStep(2, 3)).toBe('first-place');
    expect(chimeForStep(3, 4)).toBe('place');
    // A quick finish that passes 1st place: the winner's.
    expect(chimeForStep(1, 4)).toBe('first-place');
    expect(chimeForStep(0, 4)).toBe('first-place');
    expect(chimeForStep(2, 2)).toBeNull();
    expect(chimeForStep(4, 0)).toBeNull();
  });
});
