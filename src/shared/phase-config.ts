import { z } from 'zod';
import { isActivityShaped } from './activity-reference.ts';
import { TOTAL_PHASES } from './phases.ts';
import { formatMinutes, parseDuration, stepsDuration } from './programme-time.ts';
import { parseTemplateCondition } from './prompt-template.ts';
import { sharedFactMismatches } from './shared-facts.ts';

export { TOTAL_PHASES };
export const PhaseNumberSchema = z.number().int().min(1).max(TOTAL_PHASES);

const nonBlank = z.string().trim().min(1);

export const FieldOptionSchema = z.object({
  value: nonBlank,
  label: nonBlank,
  /** Shown under the label on option cards (phase 6 visual styles). */
  description: z.string().optional(),
  /** A checkbox that excludes the others ("None of these"): ticking it clears them, ticking another clears it. */
  exclusive: z.literal(true).optional(),
});

/**
 * `checkboxes`: several options may be ticked, stored as their values joined with ", " ("children, food").
 * `number`: a whole number, from `min` (0 unless given) to `max` when given, stored as its digits ("25").
 */
export const FieldTypeSchema = z.enum(['text', 'textarea', 'select', 'checkboxes', 'color', 'number']);

/**
 * Why `value` is not an answer a number field takes ("Enter a whole number from 0 to 100."), or undefined
 * when it is one, or blank. The one rule: the form says it under the field, the server refuses a save with it.
 */
export function wholeNumberProblem(
  field: { min?: number; max?: number },
  value: unknown,
): string | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === '') return undefined;
  const min = field.min ?? 0;
  const range = field.max === undefined ? `of ${min} or more` : `from ${min} to ${field.max}`;
  if (text === null || !/^-?\d{1,9}$/.test(text)) return `Enter a whole number ${range}.`;
  const number = Number(text);
  return number < min || (field.max !== undefined && number > field.max)
    ? `Enter a whole number ${range}.`
    : undefined;
}

/**
 * What the number fields of a form that share a `total` add up to, counting those answered with a whole
 * number, and the total they should make; null when the form has none.
 */
export function numbersTotal(
  fields: readonly { id: string; type?: string; total?: number; min?: number; max?: number }[],
  answers: Readonly<Record<string, unknown>>,
): { sum: number; total: number; last: string } | null {
  const counted = fields.filter((field) => field.type === 'number' && field.total !== undefined);
  const last = counted.at(-1);
  if (!last) return null;
  let sum = 0;
  for (const field of counted) {
    const value = answers[field.id];
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (text !== '' && wholeNumberProblem(field, text) === undefined) sum += Number(text);
  }
  return { sum, total: last.total!, last: last.id };
}

/**
 * The fields whose answer is text typed freely: devices typing into one at once merge their words
 * (docs/decisions/051-text-typed-together-merges.md). A choice, a colour or a number is one value, the
 * later save's.
 */
export function isTypedTextField(field: { type?: string }): boolean {
  return field.type === undefined || field.type === 'text' || field.type === 'textarea';
}

/** The field types whose answer is one or more of the options' values. */
export function isChoiceField(field: { type?: string }): boolean {
  return field.type === 'select' || field.type === 'checkboxes';
}

/**
 * The field-id rule, written once: snake_case starting with a letter (`target_customer`), and never `phaseN`
 * (templates read other activities' answers as `phaseN.<id>`, so `phaseN` cannot be a field). The schema,
 * the editor's ids made from labels, its preview and the prompt lint's markers all apply it.
 */
const FIELD_ID_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Whether `id` may be a field's id (`FormFieldSchema` accepts exactly these). */
export function isFieldId(id: string): boolean {
  return FIELD_ID_PATTERN.test(id) && !isActivityShaped(id);
}

export const FormFieldSchema = z
  .object({
    id: z
      .string()
      .regex(FIELD_ID_PATTERN, 'field ids are snake_case')
      .refine((id) => !isActivityShaped(id), 'phase1 ... phase8 are reserved for other activities'),
    label: nonBlank,
    type: FieldTypeSchema.default('text'),
    placeholder: z.string().optional(),
    options: z.array(FieldOptionSchema).optional(),
    required: z.boolean().default(false),
    help: z.string().optional(),
    tooltip: z.string().optional(),
    /** Rendered as selectable option cards instead of a drop-down (phase 6). */
    display: z.enum(['cards']).optional(),
    /**
     * The activity's handoff: where the team pastes the key result of the AI's answer, for later
     * activities' prompts to build on (`{{phaseN.<id>}}`). At most one per activity, an optional textarea.
     */
    handoff: z.literal(true).optional(),
    /** A number field's smallest and largest answers (whole numbers; `min` 0 unless given). */
    min: z.number().int('min is a whole number').optional(),
    max: z.number().int('max is a whole number').optional(),
    /**
     * What the form's number fields with a total should add up to (the competitor matrix's weights: 100):
     * the form shows what they add up to beside it.
     */
    total: z.number().int('total is a whole number').optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type !== 'number') {
      for (const key of ['min', 'max', 'total'] as const) {
        if (field[key] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `"${field.label}" has a ${key}, which only a number field may have.`,
          });
        }
      }
    } else if (field.max !== undefined && field.max < (field.min ?? 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: `"${field.label}" takes numbers up to ${field.max}, below its smallest (${field.min ?? 0}).`,
      });
    }
    if (isChoiceField(field) && (!field.options || field.options.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `"${field.label}" is a choice: give it at least one option.`,
      });
    }
    if (field.type !== 'checkboxes' && field.options?.some((option) => option.exclusive)) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `"${field.label}" has an option that excludes the others, which only a field of several choices (checkboxes) may have.`,
      });
    }
    if (field.handoff && (field.type !== 'textarea' || field.required)) {
      ctx.addIssue({
        code: 'custom',
        path: ['handoff'],
        message: `"${field.label}" is a handoff: make it a long text, not required.`,
      });
    }
    for (const { key, message } of sharedFactMismatches(field)) {
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  });

/** "10 min", "5-10 min", "15-30 min (mostly waiting)": whole minutes, so they can be added up. */
const DurationSchema = z
  .string()
  .refine((text) => parseDuration(text) !== null, 'a time like "10 min", "5-10 min" or "50-70 minutes"');

export const DecisionBoxSchema = z.object({
  title: nonBlank,
  subtitle: z.string().optional(),
  sections: z.array(
    z.object({
      number: z.number().int().positive(),
      title: nonBlank,
      items: z.array(z.object({ label: nonBlank, content: nonBlank })).min(1),
    }),
  ),
  action: z.object({ title: nonBlank, items: z.array(nonBlank).min(1) }),
});

export const WorkflowStepSchema = z.object({
  step: z.number().int().positive(),
  action: nonBlank,
  time: DurationSchema.optional(),
  /** Done after class: shown as homework, and not counted in the activity's estimated (class) time. */
  homework: z.literal(true).optional(),
  details: z
    .object({
      title: nonBlank,
      steps: z.array(z.object({ number: z.number().int().positive(), action: nonBlank })).min(1),
    })
    .optional(),
});

export const ExpectedOutputSchema = z
  .object({
    marketInformedProductConcepts: z.array(nonBlank).optional(),
    fileCreated: z.string().optional(),
    whyItMatters: nonBlank,
    nextSteps: z.array(nonBlank).min(1),
  })
  .refine((o) => o.marketInformedProductConcepts || o.fileCreated, {
    message: 'expectedOutput needs marketInformedProductConcepts or fileCreated',
  });

/** A condition of the template language (`field`, `field == "x"`, `phaseN.field`, `field has "x"`). */
const ConditionSchema = z
  .string()
  .refine(
    (text) => parseTemplateCondition(text) !== null,
    'a condition like field, field == "x" or phase1.field',
  );

/**
 * Something the prompt cannot start from nothing without: it is there when any of `anyOf` holds (an answer of
 * this form, another activity's answer as `phaseN.<id>`, or a choice that gives the prompt another path).
 * While none holds, the page says what is missing, how to fix it and links to activity `from`, the template
 * shows the marker `[MISSING: <what>]` where the start would be (the programme checks see it does exactly
 * then), and the form is not complete.
 */
export const NeedSchema = z.object({
  what: nonBlank,
  fix: nonBlank,
  /** The activity that produces it (the link on the page); none when the fix is on this form. */
  from: PhaseNumberSchema.optional(),
  anyOf: z.array(ConditionSchema).min(1),
});

export const PhaseConfigSchema = z
  .object({
    phase: PhaseNumberSchema,
    title: nonBlank,
    /** The activity's three names: activities grid, header nav, phase page. */
    names: z.object({ activity: nonBlank, header: nonBlank, page: nonBlank }),
    /** The class time: the sum of the times of the steps that are not homework (checked below), e.g. "40-50 minutes". */
    estimatedTime: DurationSchema,
    intro: nonBlank,
    decisionBoxContent: DecisionBoxSchema.optional(),
    stepByStepFlow: z.array(WorkflowStepSchema).min(3).max(7).optional(),
    fields: z.array(FormFieldSchema).min(4).max(17),
    needs: z.array(NeedSchema).optional(),
    promptTemplate: nonBlank,
    expectedOutput: ExpectedOutputSchema,
    instructions: z.array(nonBlank).min(1),
    /**
     * Files offered for download on the page, each a button (phase 4: the worked example's market report and
     * the market report template built from it).
     */
    downloads: z
      .array(z.object({ label: nonBlank, href: z.string().startsWith('/') }))
      .min(1)
      .max(3)
      .optional(),
  })
  .superRefine((config, ctx) => {
    // Each issue names where it is (`fields[3].id`), so start-up and the programme checks can say it.
    const ids = new Set<string>();
    for (const [i, field] of config.fields.entries()) {
      if (ids.has(field.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'id'],
          message: `"${field.label}" has the same id as another field of this activity: give it an id of its own.`,
        });
      }
      ids.add(field.id);
    }
    const totals = config.fields.flatMap((field, i) =>
      field.total === undefined ? [] : [[i, field.total] as const],
    );
    for (const [i, total] of totals) {
      if (total !== totals[0]![1]) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'total'],
          message: `the number fields with a total add up together: give them all the same total (${totals[0]![1]})`,
        });
      }
    }
    const handoffs = config.fields.flatMap((field, i) => (field.handoff ? [i] : []));
    if (handoffs.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['fields', handoffs[1]!, 'handoff'],
        message: 'at most one handoff field',
      });
    }
    for (const [n, need] of (config.needs ?? []).entries()) {
      for (const [c, condition] of need.anyOf.entries()) {
        const path = parseTemplateCondition(condition)?.path ?? [];
        if (path.length === 1 && !ids.has(path[0]!)) {
          ctx.addIssue({
            code: 'custom',
            path: ['needs', n, 'anyOf', c],
            message: `need "${need.what}": "${condition}" reads no field of this form`,
          });
        }
      }
    }
    if (config.stepByStepFlow) {
      if (config.stepByStepFlow.every((step) => step.homework)) {
        ctx.addIssue({
          code: 'custom',
          path: ['stepByStepFlow'],
          message: 'at least one step is done in class',
        });
      }
      const classSteps = config.stepByStepFlow.filter((step) => !step.homework);
      const total = stepsDuration(classSteps);
      const estimated = parseDuration(config.estimatedTime);
      if (!total) {
        const untimed = config.stepByStepFlow.findIndex((step) => !step.homework && step.time === undefined);
        ctx.addIssue({
          code: 'custom',
          path: untimed === -1 ? ['stepByStepFlow'] : ['stepByStepFlow', untimed, 'time'],
          message: 'every step needs a time for estimatedTime to add up',
        });
      } else if (estimated && (total.min !== estimated.min || total.max !== estimated.max)) {
        ctx.addIssue({
          code: 'custom',
          path: ['estimatedTime'],
          message: `The estimated time "${config.estimatedTime}" is not the sum of the class steps' times (${formatMinutes(total)})`,
        });
      }
    }
  });

export type FormField = z.infer<typeof FormFieldSchema>;
export type PhaseConfig = z.infer<typeof PhaseConfigSchema>;
export type Need = z.infer<typeof NeedSchema>;

/**
 * `GET /api/configs/fields`: each activity's field ids and whether each is required, all eight at once:
 * what the done rule (`activity-done.ts`) reads for the header, the landing grid and the way on, without
 * loading every activity's whole config.
 */
export const ActivityFieldsSchema = z.object({
  activities: z.array(
    z.object({
      phase: PhaseNumberSchema,
      fields: z.array(z.object({ id: z.string(), required: z.boolean() })),
    }),
  ),
});
export type ActivityFields = z.infer<typeof ActivityFieldsSchema>;
