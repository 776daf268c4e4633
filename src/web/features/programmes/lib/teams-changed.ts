/** A cohort a change reaches, with its number of teams. */
export type CohortReached = { tag: string; name: string; teams: number };

/** "1 team", "3 teams". */
export function teamsText(count: number): string {
  return `${count} ${count === 1 ? 'team' : 'teams'}`;
}

/**
 * The cohorts whose teams' open pages a publish changes (those with at least one team), by name, and how many
 * teams in all: a publish asks first only when there are some.
 */
export function teamsReached(cohorts: readonly CohortReached[]): { cohorts: CohortReached[]; teams: number } {
  const reached = cohorts.filter((cohort) => cohort.teams > 0);
  return { cohorts: reached, teams: reached.reduce((sum, cohort) => sum + cohort.teams, 0) };
}
