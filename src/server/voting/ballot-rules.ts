import type { Vote } from '../../shared/schemas/showcase.ts';
import { validateBallot } from '../../shared/scoring.ts';
import type { Database } from '../db/client.ts';
import { type BallotFacts, recordBallot } from './queries.ts';
import { MESSAGES } from '../lib/messages.ts';

/**
 * Who may vote, and what a ballot must be (docs/product.md, "Cohorts, showcase and voting"): the cohort
 * runs a competition, its voting is open and it is not archived; the voter is a team of the cohort that has
 * submitted its site; the ballot ranks other submitted teams of the cohort (the shared rules in
 * `src/shared/scoring.ts`); one ballot per team.
 */

type BallotRefusal = {
  /** closed: the cohort takes no ballots; not-voter: this team may not vote; invalid: the ballot breaks a rule. */
  reason: 'closed' | 'not-voter' | 'invalid';
  message: string;
};

type CastBallotOutcome =
  | { ok: true; votes: Vote[] }
  | { ok: false; reason: BallotRefusal['reason'] | 'already-voted'; message: string };

/** The first rule the ballot breaks, in the order a voter would want to hear them; undefined when none. */
export function ballotRefusal(
  facts: BallotFacts,
  ballot: { tag: string; voterTeamId: string; votes: readonly Vote[] },
): BallotRefusal | undefined {
  const { cohort, voter } = facts;
  if (!cohort?.competitionEnabled) return { reason: 'closed', message: MESSAGES.voting.competitionDisabled };
  if (cohort.archived) return { reason: 'closed', message: MESSAGES.voting.cohortArchived };
  if (!cohort.votingOpen) return { reason: 'closed', message: MESSAGES.voting.votingClosed };
  if (voter?.cohortTag !== ballot.tag) return { reason: 'not-voter', message: MESSAGES.voting.notInCohort };
  if (!voter.submitted) return { reason: 'not-voter', message: MESSAGES.voting.notSubmitted };
  const checked = validateBallot(ballot.votes, {
    voterTeamId: ballot.voterTeamId,
    eligibleTeamIds: facts.eligibleTeamIds,
  });
  return checked.ok ? undefined : { reason: 'invalid', message: checked.message };
}

/** Casts a team's ballot: the rules above are checked inside the transaction that records it. */
export async function castBallot(
  db: Database,
  ballot: { tag: string; voterTeamId: string; votes: readonly Vote[] },
): Promise<CastBallotOutcome> {
  const result = await recordBallot(db, ballot, (facts) => ballotRefusal(facts, ballot));
  if (result.recorded) return { ok: true, votes: [...ballot.votes].sort((a, b) => a.rank - b.rank) };
  if ('alreadyVoted' in result)
    return { ok: false, reason: 'already-voted', message: MESSAGES.voting.alreadyVoted };
  return { ok: false, ...result.refusal };
}
