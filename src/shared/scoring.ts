/** Ranked voting in a cohort showcase (docs/product.md, Cohorts, showcase and voting). */

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
