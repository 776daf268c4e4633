/** Ranked voting in a cohort showcase (docs/product.md, Cohorts, showcase and voting). */

import { nameKey } from './plain-text.ts';

export const POINTS_BY_RANK = { 1: 3, 2: 2, 3: 1 } as const satisfies Record<1 | 2 | 3, number>;
export const MAX_RANKS = 3;

type BallotVote = { voted_for_team_id: string; rank: number };
type BallotResult = { ok: true } | { ok: false; message: string };

export const BALLOT_MESSAGES = {
  ownTeam: 'Cannot vote for your own team',
  noOtherTeams: 'There are no other teams to vote for yet.',
  notEligible: 'You can only vote for other teams in this showcase.',
  teamTwice: 'Each team can be ranked only once.',
  rankTwice: 'Each rank can be used only once.',
  rankOutOfRange: (required: number) =>
    required === 1 ? 'The rank must be 1.' : `Ranks must be whole numbers from 1 to ${required}.`,
  incomplete: (required: number) =>
    required === 1 ? 'Please rank 1 team.' : `Please rank ${required} teams.`,
} as const;

/** A team ranks its top 3, or every other team when fewer than 3 can be voted for. */
export function requiredRankCount(eligibleOtherTeams: number): number {
  if (!Number.isFinite(eligibleOtherTeams) || eligibleOtherTeams <= 0) return 0;
  return Math.min(MAX_RANKS, Math.floor(eligibleOtherTeams));
}

/** A leaderboard bar's width: points as a percentage of the top score. */
export function barPercent(points: number, topPoints: number): number {
  if (!(topPoints > 0) || !Number.isFinite(points)) return 0;
  return (points / topPoints) * 100;
}

/**
 * Checks a ballot before it is sent and when it arrives. `eligibleTeamIds` are the cohort teams that may be
 * voted for (the voter's own id is ignored if included). An empty ballot is refused even when there is no
 * one to vote for, because a team has one ballot and an empty one would use it up.
 */
export function validateBallot(
  votes: readonly BallotVote[],
  opts: { voterTeamId: string; eligibleTeamIds: readonly string[] },
): BallotResult {
  const fail = (message: string): BallotResult => ({ ok: false, message });
  const eligible = new Set(opts.eligibleTeamIds.filter((id) => id !== opts.voterTeamId));
  const required = requiredRankCount(eligible.size);

  if (votes.some((vote) => vote.voted_for_team_id === opts.voterTeamId)) return fail(BALLOT_MESSAGES.ownTeam);
  if (required === 0) return fail(BALLOT_MESSAGES.noOtherTeams);
  if (votes.some((vote) => !eligible.has(vote.voted_for_team_id))) return fail(BALLOT_MESSAGES.notEligible);
  if (new Set(votes.map((vote) => vote.voted_for_team_id)).size !== votes.length) {
    return fail(BALLOT_MESSAGES.teamTwice);
  }
  if (votes.some((vote) => !Number.isInteger(vote.rank) || vote.rank < 1 || vote.rank > required)) {
    return fail(BALLOT_MESSAGES.rankOutOfRange(required));
  }
  if (new Set(votes.map((vote) => vote.rank)).size !== votes.length) return fail(BALLOT_MESSAGES.rankTwice);
  // Distinct ranks within 1..required: having exactly `required` of them means every rank is filled.
  if (votes.length !== required) return fail(BALLOT_MESSAGES.incomplete(required));
  return { ok: true };
}

/** What the ranking reads of a result row. */
export type Standing = {
  teamId: string;
  teamName: string | null;
  totalPoints: number;
  votes: readonly { rank: number; count: number }[];
};

/** A row's place: 1 + how many rows are ahead of it; `shared` when another row has the same place. */
export type Place = { place: number; shared: boolean };

function votesAtRank(row: Standing, rank: number): number {
  return row.votes.find((vote) => vote.rank === rank)?.count ?? 0;
}

/**
 * The tie-break the Scoring System card states: more points first; on equal points, more 1st-place votes,
 * then more 2nd-place votes. Negative when `a` is ahead, positive when `b` is, 0 when they share a place
 * (equal points, 1st- and 2nd-place votes make the 3rd-place votes equal too).
 */
export function compareStandings(a: Standing, b: Standing): number {
  return (
    b.totalPoints - a.totalPoints ||
    votesAtRank(b, 1) - votesAtRank(a, 1) ||
    votesAtRank(b, 2) - votesAtRank(a, 2)
  );
}

/**
 * The results in order: by the ranking, then, within a shared place only, by name as it looks (`nameKey`:
 * case and invisible characters aside) and id, so the order holds still from one load to the next. The name
 * never decides a place.
 */
export function orderResults<T extends Standing>(rows: readonly T[]): T[] {
  const keys = new Map(rows.map((row) => [row, nameKey(row.teamName ?? '')]));
  return [...rows].sort((a, b) => {
    const [keyA, keyB] = [keys.get(a)!, keys.get(b)!];
    return (
      compareStandings(a, b) ||
      (keyA < keyB ? -1 : keyA > keyB ? 1 : 0) ||
      (a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0)
    );
  });
}

/**
 * The results in order, each with its place, the way sports count: two teams sharing 2nd are both "=2nd"
 * and the next team is 4th (no 3rd).
 */
export function rankResults<T extends Standing>(rows: readonly T[]): (T & Place)[] {
  const ordered = orderResults(rows);
  const places: number[] = [];
  ordered.forEach((row, i) => {
    places.push(i > 0 && compareStandings(ordered[i - 1]!, row) === 0 ? places[i - 1]! : i + 1);
  });
  return ordered.map((row, i) => ({
    ...row,
    place: places[i]!,
    shared: places[i - 1] === places[i] || places[i + 1] === places[i],
  }));
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A place as a short mark: "2nd", or "=2nd" when shared. */
export function placeMark({ place, shared }: Place): string {
  return `${shared ? '=' : ''}${ordinal(place)}`;
}

/** A place in words: "2nd place", or "Shared 2nd place". */
export function placeWords({ place, shared }: Place): string {
  return shared ? `Shared ${ordinal(place)} place` : `${ordinal(place)} place`;
}
