import { missingMarker, unmetNeeds } from './activity-needs.ts';
import { isChoiceField, type PhaseConfig } from './phase-config.ts';
import { PROGRAMME_LIMITS } from './programme-limits.ts';
import { lintRenderedPrompt } from './prompt-lint.ts';
import {
  listTemplatePlaceholders,
  parsePromptTemplate,
  renderParsedTemplateWithin,
  scanTemplate,
} from './prompt-template.ts';
import { SHARED_FACTS } from './shared-facts.ts';
import { buildTemplateContext, type TeamAnswers } from './template-context.ts';
import { sharedFactsIn, workedExampleAnswers, workedExampleTeam } from './worked-example.ts';

import type { Add } from './programme-template-checks.ts';
import { formatCount as count } from './programme-limits.ts';

/*
 * The programme checks of the rendered prompt (programme-checks.ts runs them): every activity's prompt is
 * rendered at several stages of filling in, and for every option of each choice it reads, and must read
 * cleanly (prompt-lint.ts) each time.
 */

/** Problems the lint lists for one rendered prompt: enough to fix, not one per line of a broken one. */
const PROBLEMS_PER_PROMPT = 100;

/** A stage of filling in that a prompt must read cleanly at. */
export type FillingStage = { name: string; team: TeamAnswers; facts: Record<string, unknown> };

/**
 * The stages of filling in an activity's prompt is read at, with the worked example's answers: a new team,
 * only the required answers, every answer, every other activity done, the worked example everywhere.
 */
export function fillingStages(config: PhaseConfig, programme: readonly PhaseConfig[]): FillingStage[] {
  const phase = config.phase;
  const required = workedExampleAnswers(config, (f) => f.required);
  const all = workedExampleAnswers(config);
  const everyone = workedExampleTeam(programme);
  const others: Record<number, unknown> = { ...everyone.team };
  delete others[phase];
  return [
    { name: 'a new team with no answers anywhere', team: {}, facts: {} },
    {
      name: 'only the required answers, no other activity',
      team: { [phase]: required },
      facts: sharedFactsIn(required),
    },
    { name: 'every answer, no other activity', team: { [phase]: all }, facts: sharedFactsIn(all) },
    {
      name: 'no answers here, every other activity done',
      team: others as TeamAnswers,
      facts: everyone.facts,
    },
    { name: 'the worked example everywhere', team: everyone.team, facts: everyone.facts },
  ];
}

/** A choice a prompt reads: a choice of its own form, or a shared fact with options given on another. */
export type ChoiceRead = {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  onForm: boolean;
};

/** Every choice an activity's prompt reads, each of whose options must give a prompt that reads cleanly. */
export function choicesRead(config: PhaseConfig): ChoiceRead[] {
  const read = new Set(listTemplatePlaceholders(config.promptTemplate));
  const own = config.fields
    .filter(isChoiceField)
    .map((f) => ({ id: f.id, label: f.label, options: f.options ?? [], onForm: true }));
  const profile = SHARED_FACTS.flatMap((fact) => {
    const options = (fact.field as { options?: ChoiceRead['options'] }).options;
    return options && read.has(fact.id) && !config.fields.some((f) => f.id === fact.id)
      ? [{ id: fact.id, label: fact.label, options, onForm: false }]
      : [];
  });
  return [...own, ...profile];
}

/**
 * Renders an activity's prompt for a team and reads it (src/shared/prompt-lint.ts); `{{id}}` markers are
 * allowed for this activity's blank fields. `own` is laid over the activity's data.
 */
export function renderAndLint(
  config: PhaseConfig,
  team: TeamAnswers,
  facts: Record<string, unknown>,
  own?: object,
): RenderedPrompt {
  // Without a limit on its length, a prompt is always read.
  return promptReader(config)({ ...buildTemplateContext(config.phase, team, facts), ...own })!;
}

type RenderedPrompt = { text: string; problems: string[]; context: Record<string, unknown> };

/** Prompts read and kept by one reader: a cache, so only its speed depends on it. */
const READINGS_KEPT = 64;

/**
 * `renderAndLint` for one activity read many times, given the template's data: the template is parsed once,
 * and a text already read with the same markers is not read again (options that do not concern this prompt
 * render it unchanged), nor a line already read. Null when the prompt would pass `maxLength` characters.
 */
function promptReader(
  config: PhaseConfig,
  maxLength = Number.POSITIVE_INFINITY,
  maxProblems = Number.POSITIVE_INFINITY,
) {
  const nodes = parsePromptTemplate(config.promptTemplate);
  const readings = new Map<string, string[]>();
  const lineFindings = new Map<string, readonly string[]>();
  return (context: Record<string, unknown>): RenderedPrompt | null => {
    const text = renderParsedTemplateWithin(nodes, context, maxLength);
    if (text === null) return null;
    const blank = (id: string) => {
      const value = context[id];
      return typeof value !== 'string' || value.trim() === '';
    };
    const markers = config.fields.filter((f) => blank(f.id)).map((f) => f.id);
    const key = `${markers.join(' ')}\n${text}`;
    let problems = readings.get(key);
    if (!problems) {
      problems = lintRenderedPrompt(text, { markers: new Set(markers), lineFindings, maxProblems });
      if (readings.size >= READINGS_KEPT) readings.delete(readings.keys().next().value!);
      readings.set(key, problems);
    }
    return { text, problems: [...problems], context };
  };
}

/** The answers a template reads by their own id (`{{tone}}`, `{{#if TONE}}`): what an option can change. */
function idsRead(template: string): Set<string> {
  const ids = new Set<string>();
  for (const token of scanTemplate(template)) {
    const path =
      token.type === 'placeholder'
        ? token.path
        : token.type === 'if-open' || token.type === 'else-if'
          ? token.condition.path
          : undefined;
    const first = path?.[0];
    if (first !== undefined) ids.add(first).add(first.toLowerCase());
  }
  return ids;
}

export function renderingProblems(
  config: PhaseConfig,
  programme: readonly PhaseConfig[],
  unknown: ReadonlySet<string>,
  add: Add,
): void {
  const reader = promptReader(config, PROGRAMME_LIMITS.promptCharacters, PROBLEMS_PER_PROMPT);
  const reported = new Set<string>();
  // Null when the prompt is too long: one problem, and the caller renders this prompt no more (the later
  // stages and options would be as long).
  const read = (stage: string, context: Record<string, unknown>) => {
    const rendered = reader(context);
    if (!rendered) {
      add(
        'promptTemplate',
        `The prompt for ${stage} would be over ${count(PROGRAMME_LIMITS.promptCharacters)} characters long, more than an AI tool reads at once: shorten the template, or what it repeats.`,
      );
      return null;
    }
    for (const finding of rendered.problems) {
      // The same line broken at several stages is one problem, named at the first stage it shows; an
      // unknown variable left in the prompt is already named as such.
      const line = finding.replace(/line \d+ /, '');
      const tag = /^raw template tag \{\{\s*([^{}]*?)\s*\}\}$/.exec(finding)?.[1];
      if (reported.has(line) || (tag !== undefined && unknown.has(tag))) continue;
      reported.add(line);
      add('promptTemplate', `The prompt for ${stage}: ${finding}.`);
    }
    return rendered;
  };

  for (const [s, stage] of fillingStages(config, programme).entries()) {
    const rendered = read(stage.name, buildTemplateContext(config.phase, stage.team, stage.facts));
    if (!rendered) return;
    const { text, context } = rendered;
    const unmet = new Set(unmetNeeds(config.needs, context));
    for (const [n, need] of (config.needs ?? []).entries()) {
      const shown = text.includes(missingMarker(need));
      if (shown !== unmet.has(need)) {
        add(
          `needs[${n}]`,
          shown
            ? `The prompt for ${stage.name} shows ${missingMarker(need)} although the need is met.`
            : `The prompt for ${stage.name} does not show ${missingMarker(need)} although nothing meets the need: write it where the missing start would be, under the opposite of the need's conditions.`,
        );
      }
    }
    if ((text.match(/\[MISSING: /g)?.length ?? 0) > unmet.size * 3) {
      add(
        'promptTemplate',
        `The prompt for ${stage.name} shows more [MISSING: ...] markers than its unmet needs.`,
      );
    }
    if (s === 0) {
      for (const [i, field] of config.fields.entries()) {
        if (isChoiceField(field) && field.required && !text.includes(`{{${field.id}}}`)) {
          add(
            `fields[${i}]`,
            `When the form is blank the prompt does not show {{${field.id}}}, so a team cannot see the choice is still to make: end its {{#if}} chain with {{else}}{{${field.id}}}.`,
          );
        }
      }
    }
  }

  const everyone = workedExampleTeam(programme);
  const example = buildTemplateContext(config.phase, everyone.team, everyone.facts);
  const ids = idsRead(config.promptTemplate);
  // A choice the template never reads gives the worked example's prompt, already read above.
  for (const choice of choicesRead(config).filter((c) => ids.has(c.id))) {
    // The worked example's own choice gives the prompt the worked example stage has just read.
    for (const option of choice.options.filter((o) => example[choice.id] !== o.value)) {
      const stage = `the worked example with "${choice.label}" set to "${option.label}"`;
      if (!read(stage, { ...example, [choice.id]: option.value })) return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The programme as a whole
