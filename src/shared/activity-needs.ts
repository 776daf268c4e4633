import type { Need } from './phase-config.ts';
import { conditionHolds, parseTemplateCondition } from './prompt-template.ts';

/**
 * What an activity's prompt cannot start from nothing without (the config's `needs`, docs/product.md, The
 * activities and the prompt engine): each is there when any of its conditions holds for the prompt's data
 * (this form's answers, the shared facts, `phaseN` for other activities). Never throws; an unreadable
 * condition (the schema refuses one) never holds.
 */
export function unmetNeeds(needs: readonly Need[] | undefined, data: Record<string, unknown>): Need[] {
  return (needs ?? []).filter(
    (need) =>
      !need.anyOf.some((text) => {
        const condition = parseTemplateCondition(text);
        return condition !== null && conditionHolds(condition, data);
      }),
  );
}

/** The marker a prompt shows in place of a missing start: `[MISSING: the competitors to score]`. */
export function missingMarker(need: Pick<Need, 'what'>): string {
  return `[MISSING: ${need.what}]`;
}
