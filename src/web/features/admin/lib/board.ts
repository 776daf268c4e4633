import { PHASE_NUMBERS, TOTAL_PHASES } from '@shared/phases';
import { programmeKey, STANDARD_PROGRAMME_ID, type TeamProgramme } from '@shared/schemas/programmes';
import type { AdminTeam } from '@shared/schemas/team';

/**
 * One cell of the progress board: does the team's programme run this activity (a switched-off one is not
 * part of its day), has the team data in it, has it done it (every required field answered:
 * src/shared/activity-done.ts), and is it where the team is now?
 */
export type BoardCell = {
  phase: number;
  runs: boolean;
  hasData: boolean;
  done: boolean;
  current: boolean;
  /** Where "now" comes from: the team's open page, or (none open) the furthest activity saved in. */
  now?: 'page' | 'saved';
};

type Where = Pick<AdminTeam, 'currentPhase' | 'phasesWithData'> &
  Partial<Pick<AdminTeam, 'openPhases'>> &
  Partial<{ programme: Pick<TeamProgramme, 'switchedOff'> }>;
type BoardTeam = Where & Partial<Pick<AdminTeam, 'activitiesDone'>>;

/** The activities a team's programme runs, in order (all eight for the standard, and without a programme). */
export function activitiesRun(team: Partial<{ programme: Pick<TeamProgramme, 'switchedOff'> }>): number[] {
  const off = new Set(team.programme?.switchedOff ?? []);
  return PHASE_NUMBERS.filter((phase) => !off.has(phase));
}

/**
 * The board's columns: the activities at least one of these teams runs, so a cohort whose programme switches
 * activity 7 off has no column 7. All eight while there is no team.
 */
export function boardColumns(teams: readonly Partial<{ programme: Pick<TeamProgramme, 'switchedOff'> }>[]) {
  if (teams.length === 0) return PHASE_NUMBERS;
  const run = new Set(teams.flatMap((team) => activitiesRun(team)));
  return PHASE_NUMBERS.filter((phase) => run.has(phase));
}

/**
 * Where a team is now: its current activity, or the furthest activity it has data in if that is further
 * (answers saved from a later activity's page). A team that submitted its website has finished. An activity
 * its programme switches off is not part of its day: the team is at the last one it runs before it (the
 * first it runs, if none comes before).
 */
export function furthestActivity(team: Where): number {
  const furthest = Math.min(Math.max(team.currentPhase, ...team.phasesWithData, 1), TOTAL_PHASES);
  const run = activitiesRun(team);
  return run.findLast((phase) => phase <= furthest) ?? run[0] ?? furthest;
}

/**
 * Where a team is now (docs/product.md, The live room): the activity its open pages show (the live layer
 * knows each page's activity), the one most of them show, the furthest of those when they split evenly.
 * With no page open, the furthest activity it has saved in (`furthestActivity`), said as such. A team's last
 * save is not where it is: a team that finished activity 1 and opened activity 4 has saved nothing there yet.
 */
export function whereNow(team: Where): { phase: number; from: 'page' | 'saved' } {
  const run = new Set(activitiesRun(team));
  const open = (team.openPhases ?? []).filter((phase) => run.has(phase));
  if (open.length === 0) return { phase: furthestActivity(team), from: 'saved' };
  const pages = new Map<number, number>();
  for (const phase of open) pages.set(phase, (pages.get(phase) ?? 0) + 1);
  let best = open[0]!;
  for (const [phase, count] of pages) {
    const bestCount = pages.get(best)!;
    if (count > bestCount || (count === bestCount && phase > best)) best = phase;
  }
  return { phase: best, from: 'page' };
}

/** A team's row of the board: one cell for each column (activities 1 to 8 unless told otherwise). */
export function boardRow(team: BoardTeam, columns: readonly number[] = PHASE_NUMBERS): BoardCell[] {
  const runs = new Set(activitiesRun(team));
  const withData = new Set(team.phasesWithData);
  const done = new Set(team.activitiesDone ?? []);
  const now = whereNow(team);
  return columns.map((phase) => ({
    phase,
    runs: runs.has(phase),
    hasData: runs.has(phase) && (withData.has(phase) || done.has(phase)),
    done: runs.has(phase) && done.has(phase),
    current: phase === now.phase,
    ...(phase === now.phase ? { now: now.from } : {}),
  }));
}

/** "Done": the activities done of those its programme runs (3 of 6 for a six-activity programme). */
export function doneCount(team: BoardTeam): { done: number; of: number } {
  const run = activitiesRun(team);
  const done = new Set(team.activitiesDone ?? []);
  return { done: run.filter((phase) => done.has(phase)).length, of: run.length };
}

/** How many teams are now at each activity (the board's column totals), at index activity - 1. */
export function teamsPerActivity(teams: readonly Where[]): number[] {
  const counts = Array.from({ length: TOTAL_PHASES }, () => 0);
  for (const team of teams) counts[whereNow(team).phase - 1]!++;
  return counts;
}

/**
 * The programme whose activity names head the columns: the one every shown team runs, or the standard's
 * names (null) when they run different ones or there is none to show.
 */
export function sharedProgramme(
  teams: readonly Partial<Pick<AdminTeam, 'programme'>>[],
): Pick<TeamProgramme, 'programmeId' | 'version'> | null {
  const first = teams[0]?.programme;
  if (!first || first.programmeId === STANDARD_PROGRAMME_ID) return null;
  const key = programmeKey(first);
  return teams.every((team) => team.programme && programmeKey(team.programme) === key) ? first : null;
}
