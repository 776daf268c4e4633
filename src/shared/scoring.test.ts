import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BALLOT_MESSAGES, barPercent, POINTS_BY_RANK, requiredRankCount, validateBallot } from './scoring.ts';

describe('POINTS_BY_RANK', () => {
  it('gives 3, 2 and 1 points for 1st, 2nd and 3rd', () => {
    expect(POINTS_BY_RANK).toEqual({ 1: 3, 2: 2, 3: 1 });
  });
});

describe('requiredRankCount', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 3],
    [40, 3],
    [-1, 0],
    [Number.NaN, 0],
  ])('with %d eligible other teams requires %d ranks', (teams, ranks) => {
    expect(requiredRankCount(teams)).toBe(ranks);
  });
});

describe('barPercent', () => {
  it('is 0 when the top score is 0', () => {
    expect(barPercent(0, 0)).toBe(0);
    expect(barPercent(5, 0)).toBe(0);
  });

  it('scales points to the top score', () => {
    expect(barPercent(6, 6)).toBe(100);
    expect(barPercent(3, 6)).toBe(50);
    expect(barPercent(1, 3)).toBeCloseTo(33.333, 3);
    expect(barPercent(0, 9)).toBe(0);
  });
});

describe('validateBallot', () => {
  const voter = 'team-voter';
  const others = ['t1', 't2', 't3', 't4'];
  const opts = { voterTeamId: voter, eligibleTeamIds: [voter, ...others] };
  const ballot = (...ids: string[]) => ids.map((id, i) => ({ voted_for_team_id: id, rank: i + 1 }));

  it('accepts a full top-3 ballot in any order', () => {
    expect(validateBallot(ballot('t1', 't2', 't3'), opts)).toEqual({ ok: true });
    const shuffled = [
      { voted_for_team_id: 't4', rank: 3 },
      { voted_for_team_id: 't1', rank: 1 },
      { voted_for_team_id: 't2', rank: 2 },
    ];
    expect(validateBallot(shuffled, opts)).toEqual({ ok: true });
  });

  it('refuses a vote for the own team', () => {
    expect(validateBallot(ballot(voter, 't2', 't3'), opts)).toEqual({
      ok: false,
      message: BALLOT_MESSAGES.ownTeam,
    });
    expect(BALLOT_MESSAGES.ownTeam).toBe('Cannot vote for your own team');
  });

  it('refuses a team ranked twice', () => {
    expect(validateBallot(ballot('t1', 't1', 't3'), opts)).toEqual({
      ok: false,
      message: BALLOT_MESSAGES.teamTwice,
    });
  });

  it('refuses a rank used twice', () => {
    const votes = [
      { voted_for_team_id: 't1', rank: 1 },
      { voted_for_team_id: 't2', rank: 1 },
      { voted_for_team_id: 't3', rank: 3 },
    ];
    expect(validateBallot(votes, opts)).toEqual({ ok: false, message: BALLOT_MESSAGES.rankTwice });
  });

  it.each([0, 4, 1.5, -1, Number.NaN])('refuses rank %d', (rank) => {
    const votes = [...ballot('t1', 't2'), { voted_for_team_id: 't3', rank }];
    expect(validateBallot(votes, opts)).toEqual({
      ok: false,
      message: 'Ranks must be whole numbers from 1 to 3.',
    });
  });

  it('refuses an incomplete ballot', () => {
    expect(validateBallot(ballot('t1', 't2'), opts)).toEqual({ ok: false, message: 'Please rank 3 teams.' });
    expect(validateBallot([], opts)).toEqual({ ok: false, message: 'Please rank 3 teams.' });
  });

  it('refuses a ballot with more votes than ranks', () => {
    expect(validateBallot(ballot('t1', 't2', 't3', 't4'), opts).ok).toBe(false);
  });

  it('refuses a team outside the eligible ones', () => {
    expect(validateBallot(ballot('t1', 't2', 'stranger'), opts)).toEqual({
      ok: false,
      message: BALLOT_MESSAGES.notEligible,
    });
  });

  it('requires only as many ranks as there are other teams', () => {
    const two = { voterTeamId: voter, eligibleTeamIds: [voter, 't1', 't2'] };
    expect(validateBallot(ballot('t2', 't1'), two)).toEqual({ ok: true });
    expect(validateBallot(ballot('t2'), two)).toEqual({ ok: false, message: 'Please rank 2 teams.' });
    const one = { voterTeamId: voter, eligibleTeamIds: ['t1'] };
    expect(validateBallot(ballot('t1'), one)).toEqual({ ok: true });
    expect(validateBallot([{ voted_for_team_id: 't1', rank: 2 }], one)).toEqual({
      ok: false,
      message: 'The rank must be 1.',
    });
  });

  it('counts eligible teams once each and never counts the voter', () => {
    const dupes = { voterTeamId: voter, eligibleTeamIds: [voter, 't1', 't1', 't2', voter] };
    expect(validateBallot(ballot('t1', 't2'), dupes)).toEqual({ ok: true });
  });

  it('refuses an empty ballot when there is no other team', () => {
    const alone = { voterTeamId: voter, eligibleTeamIds: [voter] };
    expect(validateBallot([], alone)).toEqual({ ok: false, message: BALLOT_MESSAGES.noOtherTeams });
  });

  it('accepts exactly the ballots that rank k distinct eligible teams 1..k', () => {
    const teamIds = ['voter', 'a', 'b', 'c', 'd'];
    const vote = fc.record({
      voted_for_team_id: fc.constantFrom(...teamIds, 'x'),
      rank: fc.integer({ min: 0, max: 4 }),
    });
    fc.assert(
      fc.property(
        fc.array(vote, { maxLength: 5 }),
        fc.subarray(teamIds.slice(1)),
        (votes, eligibleOthers) => {
          const result = validateBallot(votes, {
            voterTeamId: 'voter',
            eligibleTeamIds: ['voter', ...eligibleOthers],
          });
          const k = Math.min(3, eligibleOthers.length);
          const ranks = votes.map((v) => v.rank).sort((a, b) => a - b);
          const expected =
            k > 0 &&
            votes.length === k &&
            new Set(votes.map((v) => v.voted_for_team_id)).size === k &&
            votes.every((v) => eligibleOthers.includes(v.voted_for_team_id)) &&
            ranks.every((rank, i) => rank === i + 1);
          expect(result.ok).toBe(expected);
        },
      ),
    );
  });
});
