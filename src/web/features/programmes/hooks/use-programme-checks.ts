import type { ProgrammeProblem } from '@shared/programme-checks';
import { CHECK_TIME_LIMIT_MS, uncheckedProblem } from '@shared/programme-limits';
import * as React from 'react';

/** How long typing pauses before the programme is checked again. */
const CHECK_DELAY_MS = 250;

type Checked = { activities: readonly unknown[]; problems: ProgrammeProblem[] };

/**
 * The programme checks (src/shared/programme-checks.ts, the module publishing runs) on the draft as it is
 * typed: a pause in the typing, then a Web Worker runs them, so the typing never waits for them (a whole
 * programme takes 30-140 ms on a laptop). `problems` is null until the first answer; `checking` says the
 * problems shown are of an older draft than the one on screen. A check still running at the server's time
 * limit is stopped as the server stops it: the worker is replaced and the draft shows the server's problem.
 */
export function useProgrammeChecks(activities: readonly unknown[]): {
  problems: ProgrammeProblem[] | null;
  checking: boolean;
} {
  const [checked, setChecked] = React.useState<Checked | null>(null);
  const worker = React.useRef<Worker | null>(null);
  // The newest draft sent, by its number: an answer about an older one is dropped.
  const sent = React.useRef<{ id: number; activities: readonly unknown[] }>({ id: 0, activities: [] });
  // When the newest draft's check is due by, and how to replace a worker stuck past it.
  const deadline = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const replaceWorker = React.useRef<() => void>(() => {});

  React.useEffect(() => {
    let unmounted = false;
    const start = (): Worker | null => {
      try {
        const next = new Worker(new URL('../lib/checks.worker.ts', import.meta.url), { type: 'module' });
        next.onmessage = (event: MessageEvent<{ id: number; problems: ProgrammeProblem[] }>) => {
          if (event.data.id !== sent.current.id) return;
          clearTimeout(deadline.current);
          setChecked({ activities: sent.current.activities, problems: event.data.problems });
        };
        return next;
      } catch {
        return null;
      }
    };
    worker.current = start();
    replaceWorker.current = () => {
      worker.current?.terminate();
      worker.current = unmounted ? null : start();
    };
    return () => {
      unmounted = true;
      clearTimeout(deadline.current);
      worker.current?.terminate();
      worker.current = null;
    };
  }, []);

  React.useEffect(() => {
    const timer = setTimeout(() => {
      const id = sent.current.id + 1;
      sent.current = { id, activities };
      if (worker.current) {
        worker.current.postMessage({ id, activities });
        clearTimeout(deadline.current);
        deadline.current = setTimeout(() => {
          if (id !== sent.current.id) return;
          replaceWorker.current();
          setChecked({ activities, problems: [uncheckedProblem()] });
        }, CHECK_TIME_LIMIT_MS);
      } else {
        // No worker (a very old browser): the same checks, on this thread.
        void import('@shared/programme-checks').then(({ checkProgramme }) => {
          if (id === sent.current.id) setChecked({ activities, problems: checkProgramme(activities) });
        });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [activities]);

  return { problems: checked?.problems ?? null, checking: checked?.activities !== activities };
}
