import { PHASE_NUMBERS, TOTAL_PHASES } from '@shared/phases';
import { activitiesDone } from '@shared/progress';
import { clsx } from 'clsx';

/**
 * Where this activity sits and how far the team is (docs/product.md, Activity page): the activities done
 * (src/shared/progress.ts) show as completed.
 */
export function PhaseProgress({
  phase,
  currentPhase,
  websiteSubmitted,
  doneCount,
}: {
  phase: number;
  /** Undefined without a workspace (practice mode): no progress to show. */
  currentPhase: number | undefined;
  websiteSubmitted: boolean;
  /** Activities done by the done rule (src/shared/activity-done.ts), shown beside the figure once known. */
  doneCount?: number;
}) {
  const done =
    currentPhase === undefined
      ? undefined
      : activitiesDone({ currentPhase, submittedWebsiteUrl: websiteSubmitted ? 'submitted' : null });
  const isCompleted = (n: number) => done !== undefined && n <= done;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-primary">
          Activity {phase} of {TOTAL_PHASES}
        </span>
        {(done !== undefined || doneCount !== undefined) && (
          <span className="flex flex-wrap items-center gap-x-3 text-muted-foreground">
            {doneCount !== undefined && (
              <span data-testid="activities-done">
                {doneCount} of {TOTAL_PHASES} activities done
              </span>
            )}
            {done !== undefined && (
              <span data-testid="phase-progress">
                Progress {done}/{TOTAL_PHASES} ({Math.round((done / TOTAL_PHASES) * 100)}%)
              </span>
            )}
          </span>
        )}
      </div>
      <ol className="flex gap-1" aria-label="Activities">
        {PHASE_NUMBERS.map((n) => {
          const completed = isCompleted(n);
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
                {completed ? ': completed' : current ? ': open' : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
