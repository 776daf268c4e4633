import type { PhaseConfig } from '@shared/phase-config';
import { buildTemplateContext, type TeamAnswers } from '@shared/template-context';
import { sharedFactsIn, workedExampleAnswers, workedExampleTeam } from '@shared/worked-example';

/** The teams "Preview as a team" can be: the worked example's, a blank team's, or only the required answers. */
export const SAMPLES = {
  example: 'Worked example',
  blank: 'Blank team',
  required: 'Required only',
} as const;
export type Sample = keyof typeof SAMPLES;

/**
 * The sample team's answers for activity `config`, as the programme checks fill prompts with them
 * (src/shared/programme-checks.ts, fillingStages): the worked example everywhere, nothing anywhere, or this
 * activity's required answers alone. `programme` is every activity the preview can read (for `phaseN.<id>`).
 */
export function sampleTeam(
  sample: Sample,
  config: PhaseConfig,
  programme: readonly PhaseConfig[],
): { own: Record<string, string>; team: TeamAnswers; facts: Record<string, unknown> } {
  if (sample === 'blank') return { own: {}, team: {}, facts: {} };
  if (sample === 'required') {
    const own = workedExampleAnswers(config, (field) => field.required);
    return { own, team: { [config.phase]: own }, facts: sharedFactsIn(own) };
  }
  const everyone = workedExampleTeam([...programme.filter((c) => c.phase !== config.phase), config]);
  return { own: everyone.team[config.phase] as Record<string, string>, ...everyone };
}

/** The data the activity's prompt renders with: the sample team, with this activity's answers as typed. */
export function previewContext(
  config: PhaseConfig,
  sample: ReturnType<typeof sampleTeam>,
  answers: Record<string, string>,
): Record<string, unknown> {
  return buildTemplateContext(
    config.phase,
    { ...sample.team, [config.phase]: answers },
    { ...sample.facts, ...sharedFactsIn(answers) },
  );
}
