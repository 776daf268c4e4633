import { isFieldId, type PhaseConfig, PhaseConfigSchema } from '@shared/phase-config';
import { z } from 'zod';
import { isPlainObject } from '@/lib/browser-storage';

/**
 * An activity's config as the draft holds it, in the shape the activity page renders, whatever state it is
 * in: the preview follows every keystroke, problems included (an empty title, a field without options). A
 * config the schema accepts is used as parsed; otherwise the schema itself is read leniently (`lenient`), so
 * a change to the schema reaches the preview with nothing to change here. On top, the preview's own rules:
 * numbered lists are numbered by position (as the editor numbers them), and fields whose ids a form cannot
 * hold (blank, not a field id, repeated) and options without a value of their own are left out: the checks
 * list them.
 */
export function previewConfig(raw: unknown, phase: number): PhaseConfig {
  const parsed = PhaseConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const config = lenient(PhaseConfigSchema, raw) as PhaseConfig;
  const box = config.decisionBoxContent;
  return {
    ...config,
    phase,
    decisionBoxContent: box && {
      ...box,
      sections: box.sections.map((section, i) => ({ ...section, number: i + 1 })),
    },
    stepByStepFlow: config.stepByStepFlow?.map((step, i) => ({
      ...step,
      step: i + 1,
      details: step.details && {
        ...step.details,
        steps: step.details.steps.map((sub, j) => ({ ...sub, number: j + 1 })),
      },
    })),
    fields: formFields(config.fields),
  };
}

/** The fields a form can hold: ids by the field-id rule, each once; options with distinct, non-blank values. */
function formFields(fields: PhaseConfig['fields']): PhaseConfig['fields'] {
  const seen = new Set<string>();
  return fields.flatMap((field) => {
    if (!isFieldId(field.id) || seen.has(field.id)) return [];
    seen.add(field.id);
    const values = new Set<string>();
    const options = field.options?.flatMap((option) => {
      if (!option.value.trim() || values.has(option.value)) return [];
      values.add(option.value);
      return [{ ...option, label: option.label || option.value }];
    });
    return [{ ...field, options }];
  });
}

/**
 * `value` read by `schema` as far as it goes, never throwing: a part the schema accepts as it is, parsed;
 * otherwise an object's keys each read by their own schema, an array's items that are of the item's kind,
 * a string, number or boolean of the wrong kind as blank ('', 0, false), a literal or an enum of no allowed
 * value as left out (or the enum's first value, or the default, where one is required); an optional part
 * that is missing, of the wrong kind or a blank string is left out.
 */
export function lenient(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (schema instanceof z.ZodOptional) {
    const inner = schema.unwrap() as z.ZodType;
    if (!sameKind(inner, value) || (typeof value === 'string' && value.trim() === '')) return undefined;
    return lenient(inner, value);
  }
  if (schema instanceof z.ZodDefault) {
    const inner = schema.unwrap() as z.ZodType;
    return value === undefined || !sameKind(inner, value) ? schema.def.defaultValue : lenient(inner, value);
  }
  if (schema instanceof z.ZodObject) {
    const object = isPlainObject(value) ? value : {};
    return Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, part]) => [
        key,
        lenient(part, object[key]),
      ]),
    );
  }
  if (schema instanceof z.ZodArray) {
    const item = schema.element as z.ZodType;
    if (!Array.isArray(value)) return [];
    return value
      .filter((entry) => !(item instanceof z.ZodObject) || isPlainObject(entry))
      .map((entry) => lenient(item, entry));
  }
  if (schema instanceof z.ZodString) return typeof value === 'string' ? value : '';
  if (schema instanceof z.ZodNumber) return typeof value === 'number' ? value : 0;
  if (schema instanceof z.ZodBoolean) return typeof value === 'boolean' ? value : false;
  if (schema instanceof z.ZodEnum) return schema.options.includes(value as never) ? value : schema.options[0];
  if (schema instanceof z.ZodLiteral) return schema.values.has(value as never) ? value : undefined;
  return undefined;
}

/** Whether `value` is of the kind `schema` reads (an object for an object, a list for an array, ...). */
function sameKind(schema: z.ZodType, value: unknown): boolean {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return sameKind(schema.unwrap() as z.ZodType, value);
  }
  if (schema instanceof z.ZodObject) return isPlainObject(value);
  if (schema instanceof z.ZodArray) return Array.isArray(value);
  if (schema instanceof z.ZodString) return typeof value === 'string';
  if (schema instanceof z.ZodNumber) return typeof value === 'number';
  if (schema instanceof z.ZodBoolean) return typeof value === 'boolean';
  if (schema instanceof z.ZodEnum) return schema.options.includes(value as never);
  if (schema instanceof z.ZodLiteral) return schema.values.has(value as never);
  return false;
}

/** The activities' configs through the lenient reading of the preview, one object per draft object. */
const previewCache = new WeakMap<object, PhaseConfig>();

/**
 * `previewConfig`, read once per draft object: an edit copies only the objects on its path, so after a
 * keystroke only the activity it changed is read again.
 */
export function previewOf(raw: Record<string, unknown>, phase: number): PhaseConfig {
  let config = previewCache.get(raw);
  if (!config) {
    config = previewConfig(raw, phase);
    previewCache.set(raw, config);
  }
  return config;
}
