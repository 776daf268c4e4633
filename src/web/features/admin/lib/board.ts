import { TOTAL_PHASES } from '@shared/phases';
import type { AdminTeam } from '@shared/schemas/team';

/**
 * One cell of the progress board: has the team data in this activity, has it done it (every required field
 * answered: src/shared/activity-done.ts), and is it where the team is now?
 */
export type BoardCell = { phase: number; hasData: boolean; done: boolean; current: boolean };

type BoardTeam = Pick<AdminTeam, 'currentPhase' | 'phasesWithData'> &
  Partial<Pick<AdminTeam, 'activitiesDone'>>;

/**
 * Where a team is now: its current activity, or the furthest activity it has data in if that is further
 * (answers saved from a later activity's page). A team that submitted its website has finished.
 */
export function furthestActivity(team: Pick<AdminTeam, 'currentPhase' | 'phasesWithData'>): number {
  const furthest = Math.max(team.currentPhase, ...team.phasesWithData);
  return Math.min(Math.max(furthest, 1), TOTAL_PHASES);
}

/** A team's row of the board: activities 1 to 8. */
export function boardRow(team: BoardTeam): BoardCell[] {
  const withData = new Set(team.phasesWithData);
  const done = new Set(team.activitiesDone ?? []);
  const now = furthestActivity(team);
  return Array.from({ length: TOTAL_PHASES }, (_, i) => ({
    phase: i + 1,
    hasData: withData.has(i + 1) || done.has(i + 1),
    done: done.has(i + 1),
    current: i + 1 === now,
  }));
}

/** How many teams are now at each activity (the board's column totals). */
export function teamsPerActivity(teams: Pick<AdminTeam, 'currentPhase' | 'phasesWithData'>[]): number[] {
  const counts = Array.from({ length: TOTAL_PHASES }, () => 0);
  for (const team of teams) counts[furthestActivity(team) - 1]!++;
  return counts;
}
