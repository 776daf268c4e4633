import { activityKey } from './activity-reference.ts';
import { PHASE_NUMBERS } from './phases.ts';
import { SHARED_FACT_IDS } from './shared-facts.ts';

/** One activity's answers as stored: field id -> value. */
type ActivityAnswers = Readonly<Record<string, unknown>>;

/** A team's answers by activity number (1-8); an activity the team has not opened is simply absent. */
export type TeamAnswers = Readonly<Partial<Record<number, ActivityAnswers | null | undefined>>>;

/**
 * The data a template of activity `phase` renders with (see the engine's header in prompt-template.ts):
 * - this activity's own answers, and every shared fact, under their plain ids (`company_name`);
 * - every activity's answers under `phaseN` (`phase1.research_findings`), each with the shared facts too, so
 *   `phase2.company_name` is the team's one company name; an activity with no answers is an empty object.
 *
 * `facts` is the team's one copy of the shared facts. A fact present there (even blank) is the value
 * everywhere; a fact absent there falls back to the activity's own stored answer, which is where answers
 * saved before facts were shared keep it.
 */
export function buildTemplateContext(
  phase: number,
  answers: TeamAnswers,
  facts: ActivityAnswers = {},
): Record<string, unknown> {
  const withFacts = (own: ActivityAnswers | null | undefined): Record<string, unknown> => {
    const merged: Record<string, unknown> = { ...own };
    for (const id of SHARED_FACT_IDS) {
      if (Object.hasOwn(facts, id) && facts[id] !== undefined) merged[id] = facts[id];
    }
    return merged;
  };
  const context = withFacts(answers[phase]);
  for (const n of PHASE_NUMBERS) context[activityKey(n)] = withFacts(answers[n]);
  return context;
}
