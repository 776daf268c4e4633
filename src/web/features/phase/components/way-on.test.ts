import { describe, expect, it } from 'vitest';
import { allDoneTitle } from './way-on';

describe("the end of the team's programme", () => {
  it('says "All eight activities are done" for the whole programme, in words for a shorter one', () => {
    expect(allDoneTitle(8)).toBe('All eight activities are done');
    expect(allDoneTitle(6)).toBe('All six activities are done');
    expect(allDoneTitle(2)).toBe('Both activities are done');
    expect(allDoneTitle(1)).toBe('The activity is done');
  });
});
