import { isChoiceField, type FormField, type PhaseConfig } from './phase-config.ts';
import { isSharedFactId } from './shared-facts.ts';
import type { TeamAnswers } from './template-context.ts';

/**
 * The worked example (BrightSpark Labs, a solar robot kit for children) as a team's answers: the configs'
 * placeholders for what is typed, the choices below for what is chosen. The programme checks fill every
 * prompt with it (docs/product.md, The activities and the prompt engine).
 */

/** The worked example's choices where it is not a choice's first option (BrightSpark Labs, SunBot Grow). */
export const WORKED_EXAMPLE_CHOICES: Readonly<Record<string, string>> = {
  customer_type: 'consumers',
  sensitive_areas: 'children',
  rule_regions: 'us, canada',
  research_depth: 'standard',
  tone: 'parent_friendly',
  statistic_style: 'human_scale',
  concept_count: '5',
  price_tier: 'mid',
  visual_style: 'playful_vibrant',
};

/** The worked example's brand colour (a colour field has no placeholder). */
export const WORKED_EXAMPLE_COLOUR = '#F5A623';

/**
 * The worked example's answer to a field: its placeholder, its choice (a choice's first option when the
 * worked example does not name one), or the brand colour; undefined for a text field that gives no example.
 */
export function workedExampleAnswer(field: Pick<FormField, 'id' | 'type' | 'placeholder' | 'options'>) {
  if (isChoiceField(field)) return WORKED_EXAMPLE_CHOICES[field.id] ?? field.options?.[0]?.value;
  if (field.type === 'color') return WORKED_EXAMPLE_COLOUR;
  return field.placeholder?.trim() ? field.placeholder : undefined;
}

/** An activity's answers in the worked example, for the fields `only` keeps (all of them by default). */
export function workedExampleAnswers(
  config: Pick<PhaseConfig, 'fields'>,
  only: (field: FormField) => boolean = () => true,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of config.fields.filter(only)) {
    const answer = workedExampleAnswer(field);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

/** The shared facts among a set of answers. */
export function sharedFactsIn(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([id]) => isSharedFactId(id)));
}

/** A team that has done every activity as the worked example: its answers and its shared facts. */
export function workedExampleTeam(configs: readonly Pick<PhaseConfig, 'phase' | 'fields'>[]): {
  team: TeamAnswers;
  facts: Record<string, unknown>;
} {
  const team: Record<number, Record<string, string>> = {};
  const facts: Record<string, unknown> = {};
  for (const config of configs) {
    team[config.phase] = workedExampleAnswers(config);
    Object.assign(facts, sharedFactsIn(team[config.phase]!));
  }
  return { team, facts };
}
