import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BALLOT_MESSAGES,
  barPercent,
  compareStandings,
  ordinal,
  placeMark,
  placeWords,
  POINTS_BY_RANK,
  rankResults,
  requiredRankCount,
  type Standing,
  validateBallot,
} from './scoring.ts';

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

/** A result row with `first`, `second` and `third` votes, its points as the ballots give them. */
function team(name: string, first: number, second = 0, third = 0): Standing {
  return {
    teamId: `id-${name}`,
    teamName: name,
    totalPoints: first * POINTS_BY_RANK[1] + second * POINTS_BY_RANK[2] + third * POINTS_BY_RANK[3],
    votes: [
      { rank: 1, count: first },
      { rank: 2, count: second },
      { rank: 3, count: third },
    ],
  };
}

const placesOf = (rows: Standing[]) => rankResults(rows).map((row) => [row.teamName, row.place, row.shared]);

describe('rankResults: places and the tie-break', () => {
  it('orders by points, each team its own place', () => {
    expect(placesOf([team('Cobalt', 1), team('Amber', 3), team('Birch', 2)])).toEqual([
      ['Amber', 1, false],
      ['Birch', 2, false],
      ['Cobalt', 3, false],
    ]);
  });

  it('breaks equal points by more 1st-place votes, whatever the names', () => {
    // Both 6 points: Zephyr with two 1st places, Aster with one 1st, one 2nd and one 3rd.
    const zephyr = team('Zephyr', 2);
    const aster = team('Aster', 1, 1, 1);
    expect(zephyr.totalPoints).toBe(aster.totalPoints);
    expect(placesOf([aster, zephyr])).toEqual([
      ['Zephyr', 1, false],
      ['Aster', 2, false],
    ]);
    expect(compareStandings(zephyr, aster)).toBeLessThan(0);
  });

  it('then by more 2nd-place votes', () => {
    // Both 7 points and one 1st place: Yarrow with two 2nd places, Alder with one 2nd and two 3rd.
    const yarrow = team('Yarrow', 1, 2, 0);
    const alder = team('Alder', 1, 1, 2);
    expect(yarrow.totalPoints).toBe(alder.totalPoints);
    expect(placesOf([alder, yarrow])).toEqual([
      ['Yarrow', 1, false],
      ['Alder', 2, false],
    ]);
  });

  it('teams still equal share a place, listed by name, and the next place counts them both', () => {
    expect(
      placesOf([team('delta', 1, 1), team('Gamma', 3), team('Beta', 1, 1), team('Epsilon', 0, 1)]),
    ).toEqual([
      ['Gamma', 1, false],
      ['Beta', 2, true],
      ['delta', 2, true],
      ['Epsilon', 4, false],
    ]);
  });

  it('a three-way tie shares one place; the next team is three places on', () => {
    expect(
      placesOf([team('Kite', 0, 1), team('Oak', 1), team('Lark', 1), team('Moss', 1), team('Ivy', 2)]),
    ).toEqual([
      ['Ivy', 1, false],
      ['Lark', 2, true],
      ['Moss', 2, true],
      ['Oak', 2, true],
      ['Kite', 5, false],
    ]);
  });

  it('two teams sharing 1st leave no 2nd place', () => {
    expect(placesOf([team('Reed', 1, 1), team('Pine', 1, 1), team('Sage', 1)])).toEqual([
      ['Pine', 1, true],
      ['Reed', 1, true],
      ['Sage', 3, false],
    ]);
  });

  it('teams nobody ranked share the last place', () => {
    expect(placesOf([team('Wren', 0), team('Vale', 1), team('Umber', 0)])).toEqual([
      ['Vale', 1, false],
      ['Umber', 2, true],
      ['Wren', 2, true],
    ]);
  });

  it('the order the rows come in and the names never change a place', () => {
    const votes = fc.array(
      fc.record({ first: fc.nat(4), second: fc.nat(4), third: fc.nat(4), name: fc.string({ maxLength: 6 }) }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(votes, fc.string({ maxLength: 6 }), (list, prefix) => {
        const rows = list.map((v, i) => ({ ...team(v.name, v.first, v.second, v.third), teamId: `t${i}` }));
        const placeById = (ranked: Standing[]) =>
          Object.fromEntries(rankResults(ranked).map((row) => [row.teamId, [row.place, row.shared]]));
        const renamed = rows.map((row) => ({ ...row, teamName: `${prefix}${row.teamId}` })).reverse();
        expect(placeById(renamed)).toEqual(placeById(rows));
        // Places never go down the list, and a shared place has at least two teams.
        const ranked = rankResults(rows);
        ranked.forEach((row, i) => {
          if (i > 0) expect(row.place).toBeGreaterThanOrEqual(ranked[i - 1]!.place);
          expect(row.shared).toBe(ranked.filter((other) => other.place === row.place).length > 1);
          expect(row.place).toBe(1 + ranked.filter((other) => compareStandings(other, row) < 0).length);
        });
      }),
    );
  });
});

describe('place texts', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [111, '111th'],
  ])('ordinal(%i) is %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it('marks a shared place with "=" and says "Shared" in words', () => {
    expect(placeMark({ place: 2, shared: true })).toBe('=2nd');
    expect(placeMark({ place: 2, shared: false })).toBe('2nd');
    expect(placeWords({ place: 3, shared: true })).toBe('Shared 3rd place');
    expect(placeWords({ place: 1, shared: false })).toBe('1st place');
  });
});
