import type { FormField, PhaseConfig } from './phase-config.ts';
import { renderPromptTemplate } from './prompt-template.ts';
import { isSharedFactId } from './shared-facts.ts';
import { buildTemplateContext, type TeamAnswers } from './template-context.ts';

/**
 * An activity's prompt as the team's preview shows it, from what is stored: one rule for the page (which
 * renders it as the team types) and the server (which renders what a run sends, from the saved answers:
 * the page names the activity, never the text).
 */

/** Stored answers (any JSON object) as form values: strings kept, numbers and booleans as text. */
export function fieldValues(
  fields: readonly FormField[],
  data: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of fields) {
    const value = data?.[field.id];
    answers[field.id] =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : '';
  }
  return answers;
}

/**
 * An activity's form values: its own answers, and each shared fact it shows from the team's one copy
 * (with values typed and not yet saved on top).
 */
export function formValues(
  fields: readonly FormField[],
  own: Readonly<Record<string, unknown>> | null | undefined,
  facts: Readonly<Record<string, string>>,
): Record<string, string> {
  const answers = fieldValues(fields, own);
  for (const field of fields) {
    if (isSharedFactId(field.id) && Object.hasOwn(facts, field.id)) answers[field.id] = facts[field.id]!;
  }
  return answers;
}

/**
 * What activity `phase`'s prompt renders with: every activity's answers (this one's as typed now), and the
 * shared facts (this activity's typed values over the team's copy), so `{{phaseN.<id>}}` and the facts read
 * the latest of everything.
 */
export function promptContext(
  phase: number,
  answersByPhase: TeamAnswers,
  facts: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const typedFacts = Object.fromEntries(Object.entries(current).filter(([id]) => isSharedFactId(id)));
  return buildTemplateContext(phase, { ...answersByPhase, [phase]: current }, { ...facts, ...typedFacts });
}

/** The prompt of activity `config` from the team's saved answers (by activity) and its shared facts. */
export function savedActivityPrompt(
  config: Pick<PhaseConfig, 'phase' | 'fields' | 'promptTemplate'>,
  answersByPhase: TeamAnswers,
  facts: Readonly<Record<string, string>>,
): string {
  const current = formValues(config.fields, answersByPhase[config.phase], facts);
  return renderPromptTemplate(
    config.promptTemplate,
    promptContext(config.phase, answersByPhase, facts, current),
  );
}
