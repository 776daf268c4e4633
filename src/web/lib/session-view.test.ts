import { describe, expect, it } from 'vitest';
import { activityNames, type SessionView, visiblePhases } from './session-view.ts';

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
