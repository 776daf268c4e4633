import { describe, expect, it } from 'vitest';
import { activityKey, activityNamed, activityReference, isActivityShaped } from './activity-reference.ts';
import { isFieldId } from './phase-config.ts';
import { renderPromptTemplate } from './prompt-template.ts';

describe('how a template names another activity', () => {
  it('names activities 1 to 8 written plainly, and in upper case as the engine reads any upper-case name', () => {
    expect(activityNamed('phase1')).toBe(1);
    expect(activityNamed('phase8')).toBe(8);
    expect(activityNamed('PHASE3')).toBe(3);
    expect(activityKey(4)).toBe('phase4');
  });

  // The cases where the five copies of this rule disagreed: the renderer read `Phase1` (any case) and not
  // `phase01`; the checks read `phase01` as activity 1 and not `PHASE1`; the page stripped `phase9.`.
  it.each([
    ['Phase1', undefined, false],
    ['phase01', undefined, true],
    ['phase0', undefined, true],
    ['phase9', undefined, true],
    ['phase', undefined, false],
    ['phase1a', undefined, false],
    ['company_name', undefined, false],
  ])('%s names activity %s (shaped like one: %s)', (segment, activity, shaped) => {
    expect(activityNamed(segment)).toBe(activity);
    expect(isActivityShaped(segment)).toBe(shaped);
  });

  it('keeps every activity-shaped name from being a field id, and only those', () => {
    for (const id of ['phase1', 'phase01', 'phase0', 'phase9', 'phase12']) expect(isFieldId(id)).toBe(false);
    for (const id of ['phase', 'phase1_notes', 'phases', 'phase_one']) expect(isFieldId(id)).toBe(true);
  });

  it('reads a path as one answer of one activity, or says the activity it names does not exist', () => {
    expect(activityReference(['phase2', 'weights'])).toEqual({ activity: 2, id: 'weights' });
    expect(activityReference(['PHASE2', 'weights'])).toEqual({ activity: 2, id: 'weights' });
    expect(activityReference(['phase9', 'goal'])).toEqual({ activity: undefined, written: '9' });
    expect(activityReference(['phase01', 'goal'])).toEqual({ activity: undefined, written: '01' });
    expect(activityReference(['phase2'])).toBeUndefined();
    expect(activityReference(['phase2', 'a', 'b'])).toBeUndefined();
    expect(activityReference(['company_name'])).toBeUndefined();
    expect(activityReference(['Phase2', 'weights'])).toBeUndefined();
  });

  it('is how the renderer reads a blank answer of another activity: a note for an activity, the tag otherwise', () => {
    expect(
      renderPromptTemplate(
        '{{phase1.goal}} {{PHASE1.goal}} {{phase01.goal}} {{Phase1.goal}} {{phase9.goal}}',
        {},
      ),
    ).toBe(
      '[not yet answered in Activity 1: goal] [not yet answered in Activity 1: goal] {{phase01.goal}} {{Phase1.goal}} {{phase9.goal}}',
    );
  });
});
