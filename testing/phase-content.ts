import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FormField, type PhaseConfig, PhaseConfigSchema } from '../src/shared/phase-config.ts';
import { PHASE_NUMBERS } from '../src/shared/phases.ts';
import { workedExampleAnswer as exampleOrNothing } from '../src/shared/worked-example.ts';

/**
 * The eight activity configs in content/phases, for the content tests. The rules any programme must keep
 * are product code (src/shared/programme-checks.ts); the tests here call them on our configs.
 */

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

/** The worked example's answer to a field (src/shared/worked-example.ts); a field without one is a test failure. */
export function workedExampleAnswer(field: FormField): string {
  const answer = exampleOrNothing(field);
  if (answer === undefined) throw new Error(`${field.id} has no example (placeholder)`);
  return answer;
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
