import type { AdminCohort } from '@shared/schemas/cohort';
import type { AdminTeam } from '@shared/schemas/team';
import { doneCount } from './board';

export type SortKey = 'name' | 'progress' | 'activity';
/** The cohort filter's two values that are not a cohort's tag. */
export const ALL_COHORTS = 'all';
export const NO_COHORT = 'none';

/** Voting is open in the team's cohort and it has no website yet. */
export function needsSubmission(team: AdminTeam, cohorts: Map<string, AdminCohort>): boolean {
  const cohort = team.cohortTag ? cohorts.get(team.cohortTag) : undefined;
  return Boolean(cohort?.competitionEnabled && cohort.votingOpen && !team.submittedWebsiteUrl);
}

const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Names in the order a person reads them: case aside, and "Team 2" before "Team 10". */
export const compareNames = (a: string, b: string) => nameCollator.compare(a, b);

/** The activities done, as a share of those the team's programme runs (the bar on its row). */
function doneShare(team: AdminTeam): number {
  const { done, of } = doneCount(team);
  return of === 0 ? 0 : done / of;
}

export function sortTeams(teams: AdminTeam[], key: SortKey): AdminTeam[] {
  const byName = (a: AdminTeam, b: AdminTeam) => compareNames(a.name, b.name);
  return [...teams].sort((a, b) => {
    // Progress as the rows show it: the share of activities done first, then the figure beside it.
    if (key === 'progress') return doneShare(b) - doneShare(a) || b.progress - a.progress || byName(a, b);
    if (key === 'activity') return Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || byName(a, b);
    return byName(a, b);
  });
}

/** The teams shown: the search matches a name or a code; the cohort filter is a tag, ALL or NO_COHORT. */
export function filterTeams(teams: AdminTeam[], search: string, cohort: string): AdminTeam[] {
  const needle = search.trim().toLowerCase();
  return teams.filter((t) => {
    if (needle && !t.name.toLowerCase().includes(needle) && !t.code.toLowerCase().includes(needle))
      return false;
    if (cohort === NO_COHORT) return t.cohortTag === null;
    if (cohort !== ALL_COHORTS) return t.cohortTag === cohort;
    return true;
  });
}

/** The cohort filter's choices: every active cohort and every cohort a team is in (archived ones too). */
export function cohortFilterOptions(
  active: AdminCohort[],
  teams: AdminTeam[],
): [tag: string, name: string][] {
  const options = new Map<string, string>(active.map((c) => [c.tag, c.name]));
  for (const t of teams)
    if (t.cohortTag && !options.has(t.cohortTag)) options.set(t.cohortTag, t.cohortName ?? t.cohortTag);
  return [...options.entries()].sort((a, b) => compareNames(a[1], b[1]));
}
