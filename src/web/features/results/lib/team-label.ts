import type { ResultRow } from '@shared/schemas/showcase';

/** A result's team name; 'Unknown Team' when it has none (a team missing from both lists). */
export function teamLabel(row: Pick<ResultRow, 'teamName'>): string {
  return row.teamName?.trim() || 'Unknown Team';
}

/** How many ballots put the team at `rank`. */
export function votesAt(row: Pick<ResultRow, 'votes'>, rank: 1 | 2 | 3): number {
  return row.votes.find((v) => v.rank === rank)?.count ?? 0;
}
