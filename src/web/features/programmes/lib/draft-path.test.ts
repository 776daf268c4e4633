import { describe, expect, it } from 'vitest';
import { controlId, getIn, problemTargets, sectionId, setIn } from './draft-path.ts';

describe('getIn and setIn', () => {
  const config = { title: 'A', fields: [{ id: 'x', options: [{ value: 'a' }] }] };

  it('reads and writes deep, copying only the way there', () => {
    const next = setIn(config, ['fields', 0, 'options', 0, 'value'], 'b');
    expect(getIn(next, ['fields', 0, 'options', 0, 'value'])).toBe('b');
    expect(getIn(config, ['fields', 0, 'options', 0, 'value'])).toBe('a');
    expect(next.title).toBe('A');
    expect(next.fields).not.toBe(config.fields);
    expect(Array.isArray(next.fields)).toBe(true);
  });

  it('removes an optional key given undefined, and creates missing objects', () => {
    const withHelp = setIn(config, ['fields', 0, 'help'], 'Say more');
    expect(getIn(withHelp, ['fields', 0, 'help'])).toBe('Say more');
    expect(Object.hasOwn(setIn(withHelp, ['fields', 0, 'help'], undefined).fields[0]!, 'help')).toBe(false);
    expect(setIn({}, ['download', 'label'], 'PDF')).toEqual({ download: { label: 'PDF' } });
    expect(getIn(config, ['missing', 3, 'deep'])).toBeUndefined();
  });
});

describe('paths', () => {
  it("names a problem's control first, then each part around it, then the activity", () => {
    expect(problemTargets({ activity: 2, path: 'fields[1].label' })).toEqual([
      controlId(2, ['fields', 1, 'label']),
      sectionId(2, ['fields', 1, 'label']),
      controlId(2, ['fields', 1]),
      sectionId(2, ['fields', 1]),
      controlId(2, ['fields']),
      sectionId(2, ['fields']),
      controlId(2, []),
      sectionId(2, []),
    ]);
    expect(problemTargets({ activity: null, path: '' })).toEqual([]);
  });
});
