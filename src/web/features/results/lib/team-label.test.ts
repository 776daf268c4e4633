import { describe, expect, it } from 'vitest';
import { teamLabel, votesAt } from './team-label';

describe('result labels', () => {
  it("names a team, or 'Unknown Team' when it has no name", () => {
    expect(teamLabel({ teamName: 'Comet Crew' })).toBe('Comet Crew');
    expect(teamLabel({ teamName: '  ' })).toBe('Unknown Team');
    expect(teamLabel({ teamName: undefined as unknown as string })).toBe('Unknown Team');
  });

  it('reads the count of a rank, 0 when absent', () => {
    const row = { votes: [{ rank: 1, count: 3 }] };
    expect(votesAt(row, 1)).toBe(3);
    expect(votesAt(row, 2)).toBe(0);
  });
});
