import { TOTAL_PHASES } from './phases.ts';

/** What progress is read from: the furthest activity saved, and whether the team's website is in. */
export type ProgressOf = { currentPhase: number; submittedWebsiteUrl: string | null };

/**
 * Progress as the app shows it everywhere (the activity page, the dashboard, the CSV export): the
 * activities before `currentPhase` are done, all eight once a website is submitted (docs/product.md,
 * Cohorts, showcase and voting).
 */
export function activitiesDone(team: ProgressOf): number {
  if (team.submittedWebsiteUrl) return TOTAL_PHASES;
  return Math.min(Math.max(team.currentPhase - 1, 0), TOTAL_PHASES);
}

/** The same, as a share of the programme: 0 to 1. */
export function progressShare(team: ProgressOf): number {
  return activitiesDone(team) / TOTAL_PHASES;
}
