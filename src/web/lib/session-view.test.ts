import { describe, expect, it } from 'vitest';
import { activityNames, type SessionView, teamActivitiesHref, visiblePhases } from './session-view.ts';

const session = (over: Partial<SessionView>): SessionView => ({
  team: null,
  isAdmin: false,
  phasesWithData: [],
  phasesDone: [],
  switchedOff: [],
  names: null,
  ...over,
});

describe("the frame's view of the team's programme", () => {
  it('leaves switched-off activities out of the header, even the open one', () => {
    const view = session({ phasesWithData: [1, 2, 3], switchedOff: [2, 5] });
    expect(visiblePhases(view, 5)).toEqual([1, 3]);
    expect(visiblePhases(view, 4)).toEqual([1, 3, 4]);
    expect(visiblePhases(session({ isAdmin: true, switchedOff: [2] }), undefined)).toHaveLength(8);
  });

  it("names activities as the team's programme does, the shipped names otherwise", () => {
    const names = Array.from({ length: 8 }, (_, i) => ({
      activity: `Grid ${i + 1}`,
      header: `Header ${i + 1}`,
      page: `Page ${i + 1}`,
    }));
    expect(activityNames(session({ names }), 3)).toEqual({
      activity: 'Grid 3',
      header: 'Header 3',
      page: 'Page 3',
    });
    expect(activityNames(session({}), 1).header).toBe('Market Research');
  });
});

describe("the way back to a team's activities", () => {
  it('goes to its current activity, in its workspace, never to the home page', () => {
    expect(teamActivitiesHref({ code: 'K7Q2', currentPhase: 3 }, [])).toBe('/phase/3?team_id=K7Q2');
    // A team that has saved nothing yet starts at the first activity.
    expect(teamActivitiesHref({ code: 'K7Q2' }, [])).toBe('/phase/1?team_id=K7Q2');
  });

  it('passes an activity its programme switched off for the first one it runs', () => {
    expect(teamActivitiesHref({ code: 'K7Q2', currentPhase: 3 }, [3, 7])).toBe('/phase/1?team_id=K7Q2');
    expect(teamActivitiesHref({ code: 'K7Q2', currentPhase: 1 }, [1, 2])).toBe('/phase/3?team_id=K7Q2');
  });
});
