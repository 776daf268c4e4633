import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PhaseConfigSchema } from '@shared/phase-config';
import { z } from 'zod';
import { lenient, previewConfig } from './preview-config.ts';

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

/**
 * The kinds of schema `lenient` reads part by part. A config the schema refuses is shown in the editor's preview
 * through `lenient`; a part of a kind it does not read (a union, a nullable, a record, a transform) would come
 * out as nothing, silently: the preview would lose that part while the server's checks still read it. So a kind
 * added to the activity schema fails here until `lenient` reads it (and this list names it).
 */
const READ_KINDS = [
  z.ZodOptional,
  z.ZodDefault,
  z.ZodObject,
  z.ZodArray,
  z.ZodString,
  z.ZodNumber,
  z.ZodBoolean,
  z.ZodEnum,
  z.ZodLiteral,
];

/** The paths of `schema` whose kind `lenient` does not read. */
function unreadParts(schema: z.ZodType, path = 'config'): string[] {
  if (!READ_KINDS.some((kind) => schema instanceof kind)) return [`${path} (${schema.def.type})`];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return unreadParts(schema.unwrap() as z.ZodType, path);
  }
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, part]) =>
      unreadParts(part, `${path}.${key}`),
    );
  }
  if (schema instanceof z.ZodArray) return unreadParts(schema.element as z.ZodType, `${path}[]`);
  return [];
}

describe("the preview's lenient reading", () => {
  it('reads every part of the activity schema: a new kind of part fails here, not silently in the preview', () => {
    expect(unreadParts(PhaseConfigSchema)).toEqual([]);
  });

  it('would name a union, a nullable or a record added to the schema', () => {
    const later = z.object({
      title: z.string(),
      fields: z.array(z.object({ default: z.union([z.string(), z.number()]), note: z.string().nullable() })),
      extra: z.record(z.string(), z.string()).optional(),
    });
    expect(unreadParts(later)).toEqual([
      'config.fields[].default (union)',
      'config.fields[].note (nullable)',
      'config.extra (record)',
    ]);
    // What the preview makes of such parts while the config has a problem: nothing, whatever they held.
    expect(lenient(later, { title: 'T', fields: [{ default: true, note: 3 }], extra: { a: 1 } })).toEqual({
      title: 'T',
      fields: [{ default: undefined, note: undefined }],
      extra: undefined,
    });
  });
});
