import { describe, expect, it } from 'vitest';
import { groupProblems, problemCounts, problemPlace, publishBlocker } from './problems.ts';

const problem = (activity: number | null, path = '') => ({ activity, path, message: 'x' });

describe('the problems shown', () => {
  it('are grouped by activity, the programme last', () => {
    const groups = groupProblems([problem(null), problem(3, 'intro'), problem(1), problem(3, 'title')]);
    expect(groups.map((g) => g.activity)).toEqual([1, 3, null]);
    expect(groups[1]!.problems.map((p) => p.path)).toEqual(['intro', 'title']);
  });

  it('are counted by activity for the picker', () => {
    expect([...problemCounts([problem(2), problem(2), problem(null), problem(5)])]).toEqual([
      [2, 2],
      [5, 1],
    ]);
  });
});

describe('publishBlocker', () => {
  const ready = { problems: [], checking: false, status: 'saved' as const, nameBlank: false };

  it('lets a checked, saved draft without problems be published', () => {
    expect(publishBlocker(ready)).toBeNull();
  });

  it('says why not otherwise', () => {
    expect(publishBlocker({ ...ready, problems: [problem(1), problem(2)] })).toBe(
      'Fix the 2 problems listed under Checks to publish.',
    );
    expect(publishBlocker({ ...ready, problems: [problem(1)] })).toBe(
      'Fix the problem listed under Checks to publish.',
    );
    expect(publishBlocker({ ...ready, problems: null })).toBe('Checking the draft…');
    expect(publishBlocker({ ...ready, checking: true })).toBe('Checking the draft…');
    expect(publishBlocker({ ...ready, status: 'saving' })).toBe('Saving the draft…');
    expect(publishBlocker({ ...ready, status: 'unsaved' })).toBe('Saving the draft…');
    expect(publishBlocker({ ...ready, status: 'conflict' })).toBe('Choose whose draft to keep first.');
    expect(publishBlocker({ ...ready, nameBlank: true })).toBe('Give the programme a name first.');
  });
});

describe('where a problem is, in words', () => {
  const config = {
    fields: [
      { id: 'sector', label: 'Sector' },
      {
        id: 'research_depth',
        label: 'How deep should the research go',
        options: [{ value: 'consumers', label: 'Households' }],
      },
    ],
    stepByStepFlow: [{ step: 1, details: { steps: [{ number: 1 }, { number: 3 }] } }],
    instructions: ['Read it.'],
  };

  it('names fields and options by their labels and positions, never by id or key', () => {
    expect(problemPlace(config, 'fields[1].options[0].value')).toBe(
      'Field 2 "How deep should the research go" › Option 1 "Households" › Value',
    );
    expect(problemPlace(config, 'fields[0].id')).toBe('Field 1 "Sector" › Id');
    expect(problemPlace(config, 'promptTemplate')).toBe('Prompt template');
    expect(problemPlace(config, 'stepByStepFlow[0].details.steps[1].number')).toBe(
      'Step 1 › Sub-step 2 › Number',
    );
    expect(problemPlace(config, 'instructions[0]')).toBe('Instruction 1');
    expect(problemPlace(config, 'needs[0].anyOf[2]')).toBe('Need 1 › Condition 3');
    expect(problemPlace(config, 'someNewKey')).toBe('Some new key');
    expect(problemPlace(config, '')).toBe('');
    expect(problemPlace(undefined, 'fields[4].label')).toBe('Field 5 › Label');
  });
});
