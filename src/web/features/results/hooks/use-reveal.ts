import confetti from 'canvas-confetti';
import * as React from 'react';
import { CELEBRATION, type RevealStep, revealStepAt, showSchedule } from '../lib/reveal-choreography';

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
 * Runs the reveal: `start()` turns `revealed` on and fires the first burst at once, then the step counter
 * moves 1, 2, 3 on CELEBRATION's schedule and step 3 starts the two-sided show. With `reducedMotion` the
 * steps still come in order but no confetti is drawn (no canvas is even created). `show()` goes straight to
 * the end (a reveal that happened before the page saw it, `settled` on), `reset()` back to before it.
 */
export function useReveal({ reducedMotion }: { reducedMotion: boolean }) {
  const [revealed, setRevealed] = React.useState(false);
  const [step, setStep] = React.useState<RevealStep>(0);
  /** Shown at its end at once: no animation, no count-up. */
  const [settled, setSettled] = React.useState(false);
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

  const show = React.useCallback(() => {
    stop();
    setRevealed(true);
    setSettled(true);
    setStep(3);
  }, [stop]);

  const reset = React.useCallback(() => {
    stop();
    setRevealed(false);
    setSettled(false);
    setStep(0);
  }, [stop]);

  const start = React.useCallback(() => {
    if (revealed) return;
    setRevealed(true);
    setSettled(false);
    fire(CELEBRATION.firstBurst);
    const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));
    for (const at of CELEBRATION.stepTimesMs) later(at, () => setStep(revealStepAt(at)));
    const showStart = CELEBRATION.stepTimesMs[2];
    const { spread, startVelocity, ticks, sides } = CELEBRATION.show;
    for (const burst of showSchedule()) {
      later(showStart + burst.atMs, () =>
        fire({
          particleCount: burst.particleCount,
          spread,
          startVelocity,
          ticks,
          origin: { x: randomIn(sides[burst.side]), y: Math.random() - 0.2 },
        }),
      );
    }
  }, [fire, revealed]);

  return { revealed, step, settled, start, show, reset };
}
