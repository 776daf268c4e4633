import { describe, expect, it } from 'vitest';
import { assignRank, draftToVotes, isDraftComplete, rankOf, ranksToFill } from './ballot-draft';

describe('ballot draft', () => {
  it('asks for min(3, eligible) ranks', () => {
    expect(ranksToFill(0)).toEqual([]);
    expect(ranksToFill(1)).toEqual([1]);
    expect(ranksToFill(2)).toEqual([1, 2]);
    expect(ranksToFill(7)).toEqual([1, 2, 3]);
  });

  it('keeps each team and each rank once, and clears a rank chosen again', () => {
    let draft = assignRank({}, 'a', 1);
    draft = assignRank(draft, 'b', 2);
    expect(draft).toEqual({ 1: 'a', 2: 'b' });
    draft = assignRank(draft, 'a', 2);
    expect(draft).toEqual({ 2: 'a' });
    draft = assignRank(draft, 'c', 2);
    expect(draft).toEqual({ 2: 'c' });
    expect(rankOf(draft, 'c')).toBe(2);
    expect(rankOf(draft, 'a')).toBeUndefined();
    draft = assignRank(draft, 'c', 2);
    expect(draft).toEqual({});
  });

  it('is complete only when every rank holds a team, and becomes the votes in rank order', () => {
    const ranks = ranksToFill(5);
    const partial = { 1: 'a', 3: 'c' };
    expect(isDraftComplete(partial, ranks)).toBe(false);
    const full = { 3: 'c', 1: 'a', 2: 'b' };
    expect(isDraftComplete(full, ranks)).toBe(true);
    expect(draftToVotes(full, ranks)).toEqual([
      { voted_for_team_id: 'a', rank: 1 },
      { voted_for_team_id: 'b', rank: 2 },
      { voted_for_team_id: 'c', rank: 3 },
    ]);
    expect(isDraftComplete({}, [])).toBe(false);
  });
});
