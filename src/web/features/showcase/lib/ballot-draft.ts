import type { Vote } from '@shared/schemas/showcase';
import { requiredRankCount } from '@shared/scoring';

/** A ballot being filled in: which team holds each rank. */
export type BallotDraft = Partial<Record<1 | 2 | 3, string>>;
export type Rank = 1 | 2 | 3;

export const RANK_LABELS: Record<Rank, string> = { 1: '1st', 2: '2nd', 3: '3rd' };

/** The ranks a voter fills: min(3, eligible other teams). */
export function ranksToFill(eligibleTeamCount: number): Rank[] {
  return Array.from({ length: requiredRankCount(eligibleTeamCount) }, (_, i) => (i + 1) as Rank);
}

/**
 * Gives `rank` to `teamId`, keeping each team and each rank once: the team leaves any rank it held, the
 * rank leaves any team that held it. Choosing a team's current rank again clears it.
 */
export function assignRank(draft: BallotDraft, teamId: string, rank: Rank): BallotDraft {
  if (draft[rank] === teamId) {
    const { [rank]: _, ...rest } = draft;
    return rest;
  }
  const next: BallotDraft = {};
  for (const [key, holder] of Object.entries(draft) as [string, string][]) {
    if (holder !== teamId) next[Number(key) as Rank] = holder;
  }
  next[rank] = teamId;
  return next;
}

export function rankOf(draft: BallotDraft, teamId: string): Rank | undefined {
  const found = (Object.entries(draft) as [string, string][]).find(([, holder]) => holder === teamId);
  return found ? (Number(found[0]) as Rank) : undefined;
}

/** Complete when every rank to fill holds a team. */
export function isDraftComplete(draft: BallotDraft, ranks: readonly Rank[]): boolean {
  return ranks.length > 0 && ranks.every((rank) => draft[rank] !== undefined);
}

export function draftToVotes(draft: BallotDraft, ranks: readonly Rank[]): Vote[] {
  return ranks.flatMap((rank) => {
    const teamId = draft[rank];
    return teamId ? [{ voted_for_team_id: teamId, rank }] : [];
  });
}
