import { PHASE_NUMBERS, TOTAL_PHASES } from '@shared/phases';
import { doneWords, progressFigure } from '@shared/progress';
import { clsx } from 'clsx';

/**
 * Where this activity sits and how far the team is (docs/product.md, Activity page), read one way: the
 * activities done (the done rule, src/shared/activity-done.ts) are counted in words and drawn as the
 * completed segments; beside them, with a workspace, the specification's figure "Progress d/8 (p%)" says
 * what it counts (src/shared/progress.ts, `progressFigure`), so the two never read as a contradiction. The
 * dashboard shows the same two for the same team. Only the activities the team's programme runs are counted
 * and drawn; they keep their numbers.
 */
export function PhaseProgress({
  phase,
  currentPhase,
  websiteSubmitted,
  done,
  switchedOff = [],
}: {
  phase: number;
  /** Undefined without a workspace (practice mode): no figure to show. */
  currentPhase: number | undefined;
  websiteSubmitted: boolean;
  /** The activities done by the done rule, once the answers have loaded. */
  done?: readonly number[];
  /** The activities the team's programme switched off. */
  switchedOff?: readonly number[];
}) {
  const running = PHASE_NUMBERS.filter((n) => !switchedOff.includes(n));
  const total = running.length;
  const doneCount = done === undefined ? undefined : running.filter((n) => done.includes(n)).length;
  const figure =
    currentPhase === undefined
      ? undefined
      : progressFigure(
          { currentPhase, submittedWebsiteUrl: websiteSubmitted ? 'submitted' : null },
          switchedOff,
        );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-primary">
          {total === TOTAL_PHASES
            ? `Activity ${phase} of ${TOTAL_PHASES}`
            : `Activity ${phase} · ${total} in your programme`}
        </span>
        {(figure !== undefined || doneCount !== undefined) && (
          <span className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
            {doneCount !== undefined && (
              <span className="font-semibold text-foreground" data-testid="activities-done">
                {doneWords(doneCount, total)}
              </span>
            )}
            {figure !== undefined && (
              <span className="text-muted-foreground">
                <span data-testid="phase-progress">{figure.text}</span>{' '}
                <span className="text-xs" data-testid="progress-means">
                  ({figure.means})
                </span>
              </span>
            )}
          </span>
        )}
      </div>
      <ol className="flex gap-1" aria-label="Activities">
        {running.map((n) => {
          const completed = done?.includes(n) ?? false;
          const current = n === phase;
          return (
            <li
              key={n}
              aria-current={current ? 'step' : undefined}
              className={clsx(
                'h-2 flex-1 rounded-full',
                completed ? 'bg-success' : current ? 'bg-primary' : 'bg-border',
                current && completed && 'ring-2 ring-primary ring-offset-1',
              )}
            >
              <span className="sr-only">
                Activity {n}
                {completed ? ': done' : current ? ': open' : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
