import type { ProgrammeProblem } from '@shared/programme-checks';

export type ProblemGroup = { activity: number | null; problems: ProgrammeProblem[] };

/** Problems by activity, in activity order, the programme's own last (as the checks order them). */
export function groupProblems(problems: readonly ProgrammeProblem[]): ProblemGroup[] {
  const groups = new Map<number | null, ProgrammeProblem[]>();
  for (const problem of problems) {
    const list = groups.get(problem.activity) ?? [];
    list.push(problem);
    groups.set(problem.activity, list);
  }
  const order = (activity: number | null) => activity ?? Number.POSITIVE_INFINITY;
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([activity, list]) => ({ activity, problems: list }));
}

/** How many problems each activity has, for the activity picker. */
export function problemCounts(problems: readonly ProgrammeProblem[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { activity } of problems) {
    if (activity !== null) counts.set(activity, (counts.get(activity) ?? 0) + 1);
  }
  return counts;
}

/**
 * Why "Publish" is off, in words, or null when it is on: a draft with problems, one not checked or saved
 * yet, or a conflict to settle first, is never published.
 */
export function publishBlocker(state: {
  problems: readonly ProgrammeProblem[] | null;
  checking: boolean;
  status: 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';
  nameBlank: boolean;
}): string | null {
  if (state.status === 'conflict') return 'Choose whose draft to keep first.';
  if (state.nameBlank) return 'Give the programme a name first.';
  if (state.problems === null || state.checking) return 'Checking the draft…';
  if (state.problems.length > 0) {
    const count = state.problems.length === 1 ? 'the problem' : `the ${state.problems.length} problems`;
    return `Fix ${count} listed under Checks to publish.`;
  }
  if (state.status === 'failed') return 'The draft could not be saved yet; it is tried again.';
  if (state.status !== 'saved') return 'Saving the draft…';
  return null;
}
