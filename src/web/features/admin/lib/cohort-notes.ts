/** What a cohort's list of teams says when it names no team (docs/product.md, Instructor dashboard). */
export const NO_TEAMS_YET = 'No teams in this cohort yet.';

/**
 * Under "Not voted yet" or "Missing a website": nothing while some team is named; "No teams in this cohort
 * yet." for a cohort without teams (never "Every team has ..." of an empty room); else the list's own
 * `allDone` ("Every team has voted.").
 */
export function emptyListNote(teamCount: number, named: number, allDone: string): string | null {
  if (named > 0) return null;
  return teamCount === 0 ? NO_TEAMS_YET : allDone;
}
