import { FieldTypeSchema, type FormField, type PhaseConfig, PhaseConfigSchema } from '@shared/phase-config';
import { isPlainObject } from '@/lib/browser-storage';

type Loose = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const objects = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : []);

/**
 * An activity's config as the draft holds it, in the shape the activity page renders, whatever state it is
 * in: the preview follows every keystroke, problems included (an empty title, a field without options). A
 * config the schema accepts is used as parsed; otherwise each part is read as far as it goes. Fields whose
 * ids a form cannot hold (blank, malformed, repeated) are left out of the preview: the checks list them.
 */
export function previewConfig(raw: unknown, phase: number): PhaseConfig {
  const parsed = PhaseConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const config: Loose = isPlainObject(raw) ? raw : {};
  const names = isPlainObject(config.names) ? config.names : {};
  const box = isPlainObject(config.decisionBoxContent) ? config.decisionBoxContent : null;
  const output = isPlainObject(config.expectedOutput) ? config.expectedOutput : {};
  return {
    phase,
    title: text(config.title),
    names: { activity: text(names.activity), header: text(names.header), page: text(names.page) },
    estimatedTime: text(config.estimatedTime),
    intro: text(config.intro),
    decisionBoxContent: box
      ? {
          title: text(box.title),
          subtitle: optionalText(box.subtitle),
          sections: objects(box.sections).map((section, i) => ({
            number: i + 1,
            title: text(section.title),
            items: objects(section.items).map((item) => ({
              label: text(item.label),
              content: text(item.content),
            })),
          })),
          action: {
            title: text(isPlainObject(box.action) ? box.action.title : ''),
            items: texts(isPlainObject(box.action) ? box.action.items : []),
          },
        }
      : undefined,
    stepByStepFlow: Array.isArray(config.stepByStepFlow)
      ? objects(config.stepByStepFlow).map((step, i) => ({
          step: i + 1,
          action: text(step.action),
          time: optionalText(step.time) || undefined,
          homework: step.homework === true ? true : undefined,
          details: isPlainObject(step.details)
            ? {
                title: text(step.details.title),
                steps: objects(step.details.steps).map((sub, j) => ({
                  number: j + 1,
                  action: text(sub.action),
                })),
              }
            : undefined,
        }))
      : undefined,
    fields: previewFields(config.fields),
    needs: objects(config.needs).map((need) => ({
      what: text(need.what),
      fix: text(need.fix),
      from: typeof need.from === 'number' ? need.from : undefined,
      anyOf: texts(need.anyOf),
    })),
    promptTemplate: text(config.promptTemplate),
    expectedOutput: {
      marketInformedProductConcepts: Array.isArray(output.marketInformedProductConcepts)
        ? texts(output.marketInformedProductConcepts)
        : undefined,
      fileCreated: optionalText(output.fileCreated),
      whyItMatters: text(output.whyItMatters),
      nextSteps: texts(output.nextSteps),
    },
    instructions: texts(config.instructions),
    downloads: Array.isArray(config.downloads)
      ? objects(config.downloads).map((download) => ({
          label: text(download.label),
          href: text(download.href),
        }))
      : undefined,
  };
}

function previewFields(value: unknown): FormField[] {
  const seen = new Set<string>();
  const fields: FormField[] = [];
  for (const field of objects(value)) {
    const id = text(field.id);
    if (!/^[a-z][a-z0-9_]*$/.test(id) || seen.has(id)) continue;
    seen.add(id);
    const values = new Set<string>();
    const options = Array.isArray(field.options)
      ? objects(field.options).flatMap((option) => {
          const optionValue = text(option.value);
          if (!optionValue.trim() || values.has(optionValue)) return [];
          values.add(optionValue);
          return [
            {
              value: optionValue,
              label: text(option.label) || optionValue,
              description: optionalText(option.description),
              exclusive: option.exclusive === true ? (true as const) : undefined,
            },
          ];
        })
      : undefined;
    fields.push({
      id,
      label: text(field.label),
      type: FieldTypeSchema.safeParse(field.type).data ?? 'text',
      placeholder: optionalText(field.placeholder),
      options,
      required: field.required === true,
      help: optionalText(field.help),
      tooltip: optionalText(field.tooltip),
      display: field.display === 'cards' ? 'cards' : undefined,
      handoff: field.handoff === true ? true : undefined,
    });
  }
  return fields;
}
