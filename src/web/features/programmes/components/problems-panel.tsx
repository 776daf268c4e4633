import type { ProgrammeProblem } from '@shared/programme-checks';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { groupProblems } from '../lib/problems';

/**
 * Every problem the checks find in the draft, by activity, each saying where it is (the activity's number and
 * name, then the part in the editor's words: `Field 3 "Research depth" › Options`) and what is wrong; choosing
 * one opens its activity and focuses the control it concerns.
 */
export function ProblemsPanel({
  problems,
  checking,
  activityName,
  placeOf,
  onGo,
  refused,
  readOnly = false,
}: {
  problems: ProgrammeProblem[] | null;
  checking: boolean;
  activityName: (activity: number) => string;
  /** Where in the activity, in words (`problemPlace`); '' for the activity as a whole. */
  placeOf: (problem: ProgrammeProblem) => string;
  onGo: (problem: ProgrammeProblem) => void;
  /** The server's refusal of the last publish, when it found problems the checks here did not. */
  refused?: { message: string; problems: ProgrammeProblem[] } | null;
  /** The Standard programme: nothing to publish. */
  readOnly?: boolean;
}) {
  const shown = refused && refused.problems.length > 0 ? refused.problems : (problems ?? []);
  const groups = groupProblems(shown);
  return (
    <section
      aria-labelledby="checks-title"
      className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5"
      data-testid="programme-checks"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checks-title" className="text-base font-semibold tracking-tight">
          Checks
        </h2>
        <p role="status" className="flex items-center gap-2 text-sm">
          {problems === null ? (
            <>
              <Spinner className="size-4 text-primary" label="Checking" /> Checking the programme…
            </>
          ) : shown.length === 0 ? (
            <span className="flex items-center gap-1.5 font-medium text-success">
              <CheckCircle2 className="size-4" aria-hidden />{' '}
              {readOnly ? 'No problems.' : 'No problems: ready to publish.'}
            </span>
          ) : (
            <span className="flex items-center gap-1.5 font-medium text-destructive">
              <CircleAlert className="size-4" aria-hidden />
              {shown.length === 1 ? '1 problem' : `${shown.length} problems`}
            </span>
          )}
          {checking && problems !== null && (
            <Spinner className="size-4 text-muted-foreground" label="Checking your latest edit" />
          )}
        </p>
      </div>
      {refused && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {refused.message}
        </p>
      )}
      {groups.length > 0 && (
        <div className="mt-3 max-h-72 space-y-3 overflow-y-auto pr-1">
          {groups.map((group) => (
            <div key={group.activity ?? 'programme'}>
              <h3 className="text-sm font-semibold">
                {group.activity === null
                  ? 'The programme'
                  : `Activity ${group.activity} · ${activityName(group.activity)}`}
              </h3>
              <ul className="mt-1.5 space-y-1.5">
                {group.problems.map((problem, i) => {
                  const place = placeOf(problem);
                  return (
                    <li key={i}>
                      <button
                        type="button"
                        onClick={() => onGo(problem)}
                        disabled={problem.activity === null}
                        className="w-full rounded-md border border-destructive/20 bg-destructive-soft/60 px-3 py-2 text-left text-sm hover:bg-destructive-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default"
                      >
                        {place && (
                          <span className="mr-2 rounded bg-surface px-1.5 py-0.5 text-xs font-medium text-foreground">
                            {place}
                            <span className="sr-only">:</span>
                          </span>
                        )}
                        <span>{problem.message}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
