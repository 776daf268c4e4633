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
