import { describe, expect, it } from 'vitest';
import { boardRow, furthestActivity, teamsPerActivity } from './board';

describe('progress board', () => {
  it('marks the activities with data and the one the team is at now', () => {
    const row = boardRow({ currentPhase: 4, phasesWithData: [1, 2, 3] });
    expect(row.map((c) => c.hasData)).toEqual([true, true, true, false, false, false, false, false]);
    expect(row.filter((c) => c.current).map((c) => c.phase)).toEqual([4]);
  });

  it('marks the activities done apart from those only started', () => {
    const row = boardRow({ currentPhase: 3, phasesWithData: [1, 2, 3], activitiesDone: [1, 3] });
    expect(row.map((c) => c.done)).toEqual([true, false, true, false, false, false, false, false]);
    expect(row.map((c) => c.hasData)).toEqual([true, true, true, false, false, false, false, false]);
  });

  it('takes the furthest activity with data when it lies past the current one', () => {
    expect(furthestActivity({ currentPhase: 2, phasesWithData: [1, 6] })).toBe(6);
    expect(boardRow({ currentPhase: 2, phasesWithData: [1, 6] }).find((c) => c.current)?.phase).toBe(6);
  });

  it('puts a new team at activity 1 and keeps every team within 1 to 8', () => {
    expect(furthestActivity({ currentPhase: 1, phasesWithData: [] })).toBe(1);
    expect(furthestActivity({ currentPhase: 0, phasesWithData: [] })).toBe(1);
    expect(furthestActivity({ currentPhase: 9, phasesWithData: [8] })).toBe(8);
  });

  it('counts the teams at each activity', () => {
    expect(
      teamsPerActivity([
        { currentPhase: 1, phasesWithData: [] },
        { currentPhase: 3, phasesWithData: [1, 2] },
        { currentPhase: 3, phasesWithData: [1, 2, 3] },
        { currentPhase: 8, phasesWithData: [8] },
      ]),
    ).toEqual([1, 0, 2, 0, 0, 0, 0, 1]);
  });
});
