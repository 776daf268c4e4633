import { PHASE_NUMBERS, TOTAL_PHASES } from '@shared/phases';
import { activitiesDone } from '@shared/progress';
import { clsx } from 'clsx';

/**
 * Where this activity sits and how far the team is (docs/product.md, Activity page): the activities done
 * (src/shared/progress.ts) show as completed. Only the activities the team's programme runs are counted and
 * drawn; they keep their numbers.
 */
export function PhaseProgress({
  phase,
  currentPhase,
  websiteSubmitted,
  doneCount,
  switchedOff = [],
}: {
  phase: number;
  /** Undefined without a workspace (practice mode): no progress to show. */
  currentPhase: number | undefined;
  websiteSubmitted: boolean;
  /** Activities done by the done rule (src/shared/activity-done.ts), shown beside the figure once known. */
  doneCount?: number;
  /** The activities the team's programme switched off. */
  switchedOff?: readonly number[];
}) {
  const running = PHASE_NUMBERS.filter((n) => !switchedOff.includes(n));
  const total = running.length;
  const done =
    currentPhase === undefined
      ? undefined
      : activitiesDone(
          { currentPhase, submittedWebsiteUrl: websiteSubmitted ? 'submitted' : null },
          switchedOff,
        );
  const isCompleted = (n: number) => currentPhase !== undefined && (websiteSubmitted || n < currentPhase);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-primary">
          {total === TOTAL_PHASES
            ? `Activity ${phase} of ${TOTAL_PHASES}`
            : `Activity ${phase} · ${total} in your programme`}
        </span>
        {(done !== undefined || doneCount !== undefined) && (
          <span className="flex flex-wrap items-center gap-x-3 text-muted-foreground">
            {doneCount !== undefined && (
              <span data-testid="activities-done">
                {doneCount} of {total} activities done
              </span>
            )}
            {done !== undefined && (
              <span data-testid="phase-progress">
                Progress {done}/{total} ({Math.round((done / total) * 100)}%)
              </span>
            )}
          </span>
        )}
      </div>
      <ol className="flex gap-1" aria-label="Activities">
        {running.map((n) => {
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
