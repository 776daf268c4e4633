import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FormField,
  isChoiceField,
  type PhaseConfig,
  PhaseConfigSchema,
} from '../src/shared/phase-config.ts';
import { PHASE_NUMBERS } from '../src/shared/phases.ts';
import {
  parsePromptTemplate,
  renderPromptTemplate,
  type TemplateCondition,
  type TemplateNode,
} from '../src/shared/prompt-template.ts';
import { isSharedFactId } from '../src/shared/shared-facts.ts';
import { buildTemplateContext, type TeamAnswers } from '../src/shared/template-context.ts';
import { lintRenderedPrompt } from '../src/shared/prompt-lint.ts';
import { WORKED_EXAMPLE_CHOICES } from './businesses.ts';

/** Helpers for the tests that read the eight activity configs in content/phases. */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const contentDir = path.join(root, 'content');

export function readConfig(phase: number): unknown {
  return JSON.parse(readFileSync(path.join(contentDir, 'phases', `phase-${phase}.json`), 'utf8'));
}

export const configs: PhaseConfig[] = PHASE_NUMBERS.map((phase) =>
  PhaseConfigSchema.parse(readConfig(phase)),
);

export function configOf(phase: number): PhaseConfig {
  const config = configs[phase - 1];
  if (!config) throw new Error(`no config for phase ${phase}`);
  return config;
}

export function fieldOf(phase: number, id: string): FormField {
  const field = configOf(phase).fields.find((f) => f.id === id);
  if (!field) throw new Error(`phase ${phase} has no field ${id}`);
  return field;
}

/** The worked example's answer to a field: its placeholder, its chosen option, or the brand colour. */
export function workedExampleAnswer(field: FormField): string {
  if (isChoiceField(field)) return WORKED_EXAMPLE_CHOICES[field.id] ?? field.options?.[0]?.value ?? '';
  if (field.type === 'color') return '#F5A623';
  if (!field.placeholder?.trim()) throw new Error(`${field.id} has no example (placeholder)`);
  return field.placeholder;
}

/** The shared facts among a set of answers. */
export function factsIn(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([id]) => isSharedFactId(id)));
}

/**
 * Renders an activity's prompt for a team and lints it (src/shared/prompt-lint.ts); `{{id}}` markers
 * are allowed for this activity's blank fields. `own` is laid over the activity's data.
 */
export function renderAndLint(
  phase: number,
  team: TeamAnswers,
  facts: Record<string, unknown>,
  own?: object,
): { text: string; problems: string[]; context: Record<string, unknown> } {
  const config = configOf(phase);
  const context = { ...buildTemplateContext(phase, team, facts), ...own };
  const text = renderPromptTemplate(config.promptTemplate, context);
  const blank = (id: string) => {
    const value = context[id];
    return typeof value !== 'string' || value.trim() === '';
  };
  const markers = new Set(config.fields.filter((f) => blank(f.id)).map((f) => f.id));
  return { text, problems: lintRenderedPrompt(text, { markers }), context };
}

type IfNode = Extract<TemplateNode, { kind: 'if' }>;

/** Every placeholder of a template with the conditions known true and known false where it stands. */
export function placeholdersWithConditions(template: string) {
  const found: { path: string; whenTrue: TemplateCondition[]; whenFalse: TemplateCondition[] }[] = [];
  const walk = (nodes: TemplateNode[], whenTrue: TemplateCondition[], whenFalse: TemplateCondition[]) => {
    for (const node of nodes) {
      if (node.kind === 'placeholder') found.push({ path: node.path.join('.'), whenTrue, whenFalse });
      if (node.kind === 'if') {
        const branch = node as IfNode;
        walk(branch.consequent, [...whenTrue, branch.condition], whenFalse);
        walk(branch.alternate, whenTrue, [...whenFalse, branch.condition]);
      }
    }
  };
  walk(parsePromptTemplate(template), [], []);
  return found;
}

/**
 * Every text of a config a team reads on the page (intro, decision box, steps, field labels, help and
 * tooltips, option labels, expected output, instructions), each with where it is; not the template and not
 * the placeholders (the worked example).
 */
export function pageTexts(config: PhaseConfig): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const add = (where: string, text: string | undefined) => {
    if (text) out.push({ where, text });
  };
  add('intro', config.intro);
  const box = config.decisionBoxContent;
  if (box) {
    add('decision box', box.title);
    add('decision box', box.subtitle);
    for (const section of box.sections) {
      for (const item of section.items) add(`decision box: ${item.label}`, `${item.label}: ${item.content}`);
    }
    for (const item of box.action.items) add('decision box: action', item);
  }
  for (const step of config.stepByStepFlow ?? []) {
    add(`step ${step.step}`, step.action);
    add(`step ${step.step}`, step.details?.title);
    for (const sub of step.details?.steps ?? []) add(`step ${step.step}.${sub.number}`, sub.action);
  }
  for (const field of config.fields) {
    add(`field ${field.id}`, field.label);
    add(`field ${field.id} help`, field.help);
    add(`field ${field.id} tooltip`, field.tooltip);
    for (const option of field.options ?? []) {
      add(`field ${field.id} option`, option.label);
      add(`field ${field.id} option`, option.description);
    }
  }
  for (const need of config.needs ?? []) add(`need ${need.what}`, need.fix);
  const output = config.expectedOutput;
  for (const concept of output.marketInformedProductConcepts ?? []) add('expected output', concept);
  add('expected output', output.fileCreated);
  add('expected output', output.whyItMatters);
  for (const step of output.nextSteps) add('next steps', step);
  for (const instruction of config.instructions) add('instructions', instruction);
  return out;
}
