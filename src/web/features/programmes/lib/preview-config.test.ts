import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { previewConfig } from './preview-config.ts';

const standard = JSON.parse(readFileSync('content/phases/phase-3.json', 'utf8')) as Record<string, unknown>;

describe('previewConfig', () => {
  it('uses a config the schema accepts as parsed', () => {
    expect(previewConfig(standard, 3).fields.length).toBe((standard.fields as unknown[]).length);
  });

  it('reads a config being written as far as it goes, never throwing', () => {
    const half = {
      ...standard,
      title: '',
      fields: [
        {
          id: 'ok_field',
          label: 'OK',
          type: 'select',
          options: [
            { value: 'a', label: 'A' },
            { value: '', label: 'blank' },
          ],
        },
        { id: '', label: 'No id yet' },
        { id: 'ok_field', label: 'Repeated' },
        { id: 'Bad Id', label: 'Malformed' },
        // The shared field-id rule: the preview's own copy of it used to take \`phase3\`.
        { id: 'phase3', label: 'Reserved' },
        'not an object',
      ],
      stepByStepFlow: [{ step: 9, action: 'Only one' }],
      decisionBoxContent: { title: 'T', sections: 'nope', action: null },
    };
    const config = previewConfig(half, 3);
    expect(config.title).toBe('');
    expect(config.fields.map((f) => f.id)).toEqual(['ok_field']);
    expect(config.fields[0]!.options).toEqual([
      { value: 'a', label: 'A', description: undefined, exclusive: undefined },
    ]);
    expect(config.stepByStepFlow?.[0]?.step).toBe(1);
    expect(config.decisionBoxContent?.sections).toEqual([]);
    expect(previewConfig(null, 5).phase).toBe(5);
    expect(previewConfig(undefined, 5).fields).toEqual([]);
  });

  it('reads what the schema describes, so a change to the schema needs no change here', () => {
    const config = previewConfig(
      { fields: [{ id: 'pick', label: 'Pick', type: 'bogus', display: 'list' }] },
      2,
    );
    expect(config.fields[0]).toMatchObject({ id: 'pick', type: 'text', required: false });
    expect(config.fields[0]!.display).toBeUndefined();
    expect(config.expectedOutput).toMatchObject({ whyItMatters: '', nextSteps: [] });
    expect(config.names).toEqual({ activity: '', header: '', page: '' });
  });
});
