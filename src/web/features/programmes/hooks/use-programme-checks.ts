import type { ProgrammeProblem } from '@shared/programme-checks';
import * as React from 'react';

/** How long typing pauses before the programme is checked again. */
const CHECK_DELAY_MS = 250;

type Checked = { activities: readonly unknown[]; problems: ProgrammeProblem[] };

/**
 * The programme checks (src/shared/programme-checks.ts, the module publishing runs) on the draft as it is
 * typed: a pause in the typing, then a Web Worker runs them, so the typing never waits for them (a whole
 * programme takes 30-140 ms on a laptop). `problems` is null until the first answer; `checking` says the
 * problems shown are of an older draft than the one on screen.
 */
export function useProgrammeChecks(activities: readonly unknown[]): {
  problems: ProgrammeProblem[] | null;
  checking: boolean;
} {
  const [checked, setChecked] = React.useState<Checked | null>(null);
  const worker = React.useRef<Worker | null>(null);
  // The newest draft sent, by its number: an answer about an older one is dropped.
  const sent = React.useRef<{ id: number; activities: readonly unknown[] }>({ id: 0, activities: [] });

  React.useEffect(() => {
    let current: Worker | null = null;
    try {
      current = new Worker(new URL('../lib/checks.worker.ts', import.meta.url), { type: 'module' });
      current.onmessage = (event: MessageEvent<{ id: number; problems: ProgrammeProblem[] }>) => {
        if (event.data.id === sent.current.id) {
          setChecked({ activities: sent.current.activities, problems: event.data.problems });
        }
      };
      worker.current = current;
    } catch {
      worker.current = null;
    }
    return () => {
      current?.terminate();
      worker.current = null;
    };
  }, []);

  React.useEffect(() => {
    const timer = setTimeout(() => {
      const id = sent.current.id + 1;
      sent.current = { id, activities };
      if (worker.current) worker.current.postMessage({ id, activities });
      else {
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
