import { describe, expect, it } from 'vitest';
import type { BallotFacts } from './queries.ts';
import { MESSAGES } from '../lib/messages.ts';
import { ballotRefusal } from './ballot-rules.ts';

const ballot = {
  tag: 'demo',
  voterTeamId: 'v',
  votes: [
    { voted_for_team_id: 'a', rank: 1 },
    { voted_for_team_id: 'b', rank: 2 },
    { voted_for_team_id: 'c', rank: 3 },
  ],
};
const open: BallotFacts = {
  cohort: { competitionEnabled: true, votingOpen: true, archived: false },
  voter: { cohortTag: 'demo', submitted: true },
  eligibleTeamIds: ['a', 'b', 'c'],
};
const facts = (
  change: Partial<BallotFacts['cohort'] & object>,
  voter?: Partial<BallotFacts['voter'] & object>,
) => ({
  ...open,
  cohort: { ...open.cohort!, ...change },
  voter: { ...open.voter!, ...voter },
});

describe('ballotRefusal', () => {
  it('takes a valid ballot of a submitted team while voting is open', () => {
    expect(ballotRefusal(open, ballot)).toBeUndefined();
  });

  it('refuses when the cohort takes no ballots: no competition, archived, voting closed', () => {
    expect(ballotRefusal({ ...open, cohort: undefined }, ballot)).toEqual({
      reason: 'closed',
      message: MESSAGES.voting.competitionDisabled,
    });
    expect(ballotRefusal(facts({ competitionEnabled: false }), ballot)?.message).toBe(
      MESSAGES.voting.competitionDisabled,
    );
    expect(ballotRefusal(facts({ archived: true }), ballot)).toEqual({
      reason: 'closed',
      message: MESSAGES.voting.cohortArchived,
    });
    expect(ballotRefusal(facts({ votingOpen: false }), ballot)?.message).toBe(MESSAGES.voting.votingClosed);
  });

  it('refuses a voter outside the cohort or without a submitted site', () => {
    expect(ballotRefusal(facts({}, { cohortTag: 'other' }), ballot)).toEqual({
      reason: 'not-voter',
      message: MESSAGES.voting.notInCohort,
    });
    expect(ballotRefusal(facts({}, { submitted: false }), ballot)?.message).toBe(
      MESSAGES.voting.notSubmitted,
    );
  });

  it("refuses a ballot that breaks the shared ranking rules, with the rule's message", () => {
    const twice = { ...ballot, votes: [...ballot.votes.slice(0, 2), { voted_for_team_id: 'a', rank: 3 }] };
    expect(ballotRefusal(open, twice)).toEqual({
      reason: 'invalid',
      message: 'Each team can be ranked only once.',
    });
  });
});
