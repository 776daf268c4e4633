import { describe, expect, it } from 'vitest';
import {
  activitiesRun,
  boardColumns,
  boardRow,
  doneCount,
  furthestActivity,
  sharedProgramme,
  teamsPerActivity,
  whereNow,
} from './board';

const standard = { programmeId: 'standard', version: 1, switchedOff: [] };
const halfDay = { programmeId: '5b0e6c52-6f5f-4a43-a5a0-4c3c9b0c8a11', version: 2, switchedOff: [7, 8] };
const noSeven = { programmeId: '7c1d2e3f-0000-4000-8000-000000000007', version: 1, switchedOff: [7] };

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

  describe('following each team’s programme', () => {
    it('draws a column only for an activity some shown team runs', () => {
      expect(boardColumns([{ programme: noSeven }])).toEqual([1, 2, 3, 4, 5, 6, 8]);
      expect(boardColumns([{ programme: noSeven }, { programme: halfDay }])).toEqual([1, 2, 3, 4, 5, 6, 8]);
      expect(boardColumns([{ programme: halfDay }])).toEqual([1, 2, 3, 4, 5, 6]);
      expect(boardColumns([{ programme: halfDay }, { programme: standard }])).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      // A team from an older server (no programme) runs the standard; no team at all: every activity.
      expect(boardColumns([{ programme: halfDay }, {}])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(boardColumns([])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('marks the activities a team’s programme switches off, never as done or started', () => {
      const team = { currentPhase: 8, phasesWithData: [6, 7], activitiesDone: [6, 7], programme: noSeven };
      const row = boardRow(team, [5, 6, 7, 8]);
      expect(row.map((c) => c.runs)).toEqual([true, true, false, true]);
      expect(row.find((c) => c.phase === 7)).toMatchObject({ hasData: false, done: false, current: false });
      expect(row.find((c) => c.phase === 6)).toMatchObject({ hasData: true, done: true });
      expect(row.filter((c) => c.current).map((c) => c.phase)).toEqual([8]);
    });

    it('counts "Done" of the activities the programme runs', () => {
      expect(
        doneCount({ currentPhase: 3, phasesWithData: [], activitiesDone: [1, 2, 7], programme: halfDay }),
      ).toEqual({
        done: 2,
        of: 6,
      });
      expect(doneCount({ currentPhase: 3, phasesWithData: [], activitiesDone: [1, 2, 7] })).toEqual({
        done: 3,
        of: 8,
      });
      expect(activitiesRun({ programme: halfDay })).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('puts a team at a switched-off activity at the last one it runs before it', () => {
      expect(furthestActivity({ currentPhase: 7, phasesWithData: [6], programme: noSeven })).toBe(6);
      expect(furthestActivity({ currentPhase: 8, phasesWithData: [], programme: halfDay })).toBe(6);
      const first = { programmeId: 'x', version: 1, switchedOff: [1, 2] };
      expect(furthestActivity({ currentPhase: 1, phasesWithData: [], programme: first })).toBe(3);
      expect(
        teamsPerActivity([
          { currentPhase: 7, phasesWithData: [], programme: noSeven },
          { currentPhase: 7, phasesWithData: [], programme: standard },
        ]),
      ).toEqual([0, 0, 0, 0, 0, 1, 1, 0]);
    });

    it('names the columns after the programme every shown team runs, else the standard', () => {
      expect(sharedProgramme([{ programme: halfDay }, { programme: { ...halfDay } }])).toEqual(halfDay);
      expect(sharedProgramme([{ programme: halfDay }, { programme: { ...halfDay, version: 1 } }])).toBeNull();
      expect(sharedProgramme([{ programme: halfDay }, { programme: standard }])).toBeNull();
      expect(sharedProgramme([{ programme: standard }])).toBeNull();
      expect(sharedProgramme([])).toBeNull();
    });
  });
});

describe('where a team is now', () => {
  it('is the activity its open page shows, not the furthest it saved in', () => {
    // Saved in activity 1 only, the page open on activity 4: the team is at 4.
    expect(whereNow({ currentPhase: 1, phasesWithData: [1], openPhases: [4] })).toEqual({
      phase: 4,
      from: 'page',
    });
    // Saved as far as 6, gone back to 2.
    expect(whereNow({ currentPhase: 6, phasesWithData: [6], openPhases: [2] })).toEqual({
      phase: 2,
      from: 'page',
    });
  });

  it('is where most of its pages are, the furthest of them on a tie', () => {
    expect(whereNow({ currentPhase: 1, phasesWithData: [], openPhases: [3, 3, 5] }).phase).toBe(3);
    expect(whereNow({ currentPhase: 1, phasesWithData: [], openPhases: [2, 5] }).phase).toBe(5);
  });

  it('falls back to the furthest saved when no page is open, and says so', () => {
    expect(whereNow({ currentPhase: 3, phasesWithData: [3], openPhases: [] })).toEqual({
      phase: 3,
      from: 'saved',
    });
    expect(whereNow({ currentPhase: 3, phasesWithData: [3] })).toEqual({ phase: 3, from: 'saved' });
  });

  it('ignores an open page on an activity the programme switches off', () => {
    const noSeven = { switchedOff: [7] };
    expect(whereNow({ currentPhase: 2, phasesWithData: [2], openPhases: [7], programme: noSeven })).toEqual({
      phase: 2,
      from: 'saved',
    });
  });

  it('marks that one cell as now on the board row, and counts the team there', () => {
    const team = { currentPhase: 1, phasesWithData: [1], openPhases: [4], activitiesDone: [1] };
    const row = boardRow(team);
    expect(row.filter((cell) => cell.current).map((cell) => [cell.phase, cell.now])).toEqual([[4, 'page']]);
    expect(teamsPerActivity([team])[3]).toBe(1);
  });
});
