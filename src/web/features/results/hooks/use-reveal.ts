import confetti from 'canvas-confetti';
import * as React from 'react';
import {
  CELEBRATION,
  FIRST_PLACE_STEP,
  LEADERBOARD_STEP,
  type RevealStep,
  revealSchedule,
  showSchedule,
} from '../lib/reveal-choreography';

const TOKEN_COLOURS = [
  '--color-gold',
  '--color-primary',
  '--color-accent',
  '--color-silver',
  '--color-bronze',
];

/** The design system's colours, read from its tokens (canvas-confetti wants hex strings). */
function celebrationColours(): string[] | undefined {
  const style = getComputedStyle(document.documentElement);
  const colours = TOKEN_COLOURS.map((name) => style.getPropertyValue(name).trim()).filter((c) =>
    /^#[0-9a-f]{6}$/i.test(c),
  );
  return colours.length > 0 ? colours : undefined;
}

function randomIn([min, max]: readonly [number, number]): number {
  return min + Math.random() * (max - min);
}

/**
 * Runs the reveal. `advance(to)` moves it to a step: from nothing on screen it turns `revealed` on and
 * fires the first burst at once, then the steps come on CELEBRATION's schedule (`revealSchedule`: the
 * whole reveal's 0.5 s, 1 s, 1.5 s; an instructor's paced step at once), and 1st place starts the two-sided
 * show. With `reducedMotion` the steps still come in order but no confetti is drawn (no canvas is even
 * created). `show(step)` puts the steps up to `step` on screen at once (a page that opens on a reveal under
 * way or done: `settledStep`, no animation, no count-up for them), `reset()` goes back to before it;
 * `start()` is the whole reveal on this screen alone.
 */
export function useReveal({ reducedMotion }: { reducedMotion: boolean }) {
  const [revealed, setRevealed] = React.useState(false);
  const [step, setStep] = React.useState<RevealStep>(0);
  /** The steps shown at their end at once: no animation, no count-up. */
  const [settledStep, setSettledStep] = React.useState<RevealStep>(0);
  /** The step the reveal is moving to (ahead of `step` while its timers run). */
  const target = React.useRef<RevealStep>(0);
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([]);
  const cannon = React.useRef<confetti.CreateTypes | null>(null);

  const fire = React.useCallback(
    (options: confetti.Options) => {
      if (reducedMotion) return;
      // Our own canvas, drawn on the main thread: a worker from a blob: URL is refused by the CSP.
      cannon.current ??= confetti.create(undefined, { resize: true, useWorker: false });
      void cannon.current({ colors: celebrationColours(), disableForReducedMotion: true, ...options });
    },
    [reducedMotion],
  );

  const stop = React.useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    cannon.current?.reset();
  }, []);

  React.useEffect(() => stop, [stop]);

  const show = React.useCallback(
    (to: RevealStep = LEADERBOARD_STEP) => {
      stop();
      target.current = to;
      setRevealed(true);
      setSettledStep(to);
      setStep(to);
    },
    [stop],
  );

  const reset = React.useCallback(() => {
    stop();
    target.current = 0;
    setRevealed(false);
    setSettledStep(0);
    setStep(0);
  }, [stop]);

  const advance = React.useCallback(
    (to: RevealStep) => {
      // The ref, not the state: two steps may arrive before a render.
      const from = target.current;
      const started = from > 0;
      if (to <= from) return;
      target.current = to;
      const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));
      if (!started) {
        setRevealed(true);
        setSettledStep(0);
        fire(CELEBRATION.firstBurst);
      }
      const schedule = revealSchedule(from, to);
      // Steps due at one moment (1st place and the leaderboard of a whole reveal) move in one timer: two
      // timers of the same time may paint between them, showing 1st place a frame without its leaderboard.
      const due = new Map<number, RevealStep>();
      for (const { atMs, step: next } of schedule)
        due.set(atMs, Math.max(due.get(atMs) ?? 0, next) as RevealStep);
      for (const [atMs, next] of due)
        later(atMs, () => setStep((current) => Math.max(current, next) as RevealStep));
      for (const { atMs, step: next } of schedule) {
        if (next !== FIRST_PLACE_STEP) continue;
        const { spread, startVelocity, ticks, sides } = CELEBRATION.show;
        for (const burst of showSchedule()) {
          later(atMs + burst.atMs, () =>
            fire({
              particleCount: burst.particleCount,
              spread,
              startVelocity,
              ticks,
              origin: { x: randomIn(sides[burst.side]), y: Math.random() - 0.2 },
            }),
          );
        }
      }
    },
    [fire],
  );

  const start = React.useCallback(() => advance(LEADERBOARD_STEP), [advance]);

  /** Nothing left to animate: every step on screen came at once. */
  const settled = revealed && settledStep >= step;
  return { revealed, step, settled, settledStep, start, advance, show, reset };
}
