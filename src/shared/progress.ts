import { PHASE_NUMBERS, TOTAL_PHASES } from './phases.ts';

/** What progress is read from: the furthest activity saved, and whether the team's website is in. */
export type ProgressOf = { currentPhase: number; submittedWebsiteUrl: string | null };

/**
 * Progress as the app shows it everywhere (the activity page, the dashboard, the CSV export): the
 * activities before `currentPhase` are done, all of them once a website is submitted (docs/product.md,
 * Cohorts, showcase and voting). Activities the team's programme switches off (`switchedOff`) are not part
 * of its day: never counted, done or not.
 */
export function activitiesDone(team: ProgressOf, switchedOff: readonly number[] = []): number {
  const runs = PHASE_NUMBERS.filter((phase) => !switchedOff.includes(phase));
  if (team.submittedWebsiteUrl) return runs.length;
  return runs.filter((phase) => phase < team.currentPhase).length;
}

/** The same, as a share of the activities the programme runs: 0 to 1. */
export function progressShare(team: ProgressOf, switchedOff: readonly number[] = []): number {
  const runs = TOTAL_PHASES - PHASE_NUMBERS.filter((phase) => switchedOff.includes(phase)).length;
  return runs === 0 ? 0 : activitiesDone(team, switchedOff) / runs;
}

/**
 * The progress figure as every screen shows it (the activity page, the dashboard): the specification's
 * words, "Progress d/8 (p%)", and beside them what they count, so the figure never reads as the activities
 * done (the done rule, activity-done.ts) shown next to it: it counts the activities before the furthest one
 * the team has saved in, and a team that did activity 1 first, or jumped ahead to 8, reads both right.
 */
export function progressFigure(
  team: ProgressOf,
  switchedOff: readonly number[] = [],
): { text: string; means: string; percent: number } {
  const total = TOTAL_PHASES - PHASE_NUMBERS.filter((phase) => switchedOff.includes(phase)).length;
  const done = activitiesDone(team, switchedOff);
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const furthest = Math.min(Math.max(team.currentPhase, 1), TOTAL_PHASES);
  const means = team.submittedWebsiteUrl
    ? 'counts every activity once the website is submitted'
    : `counts the activities before activity ${furthest}, the furthest the team has saved in`;
  return { text: `Progress ${done}/${total} (${percent}%)`, means, percent };
}

/** "3 of 8 activities done": the done rule's count (activity-done.ts), of the activities the programme runs. */
export function doneWords(done: number, total: number): string {
  return `${done} of ${total} activities done`;
}
