import type { FormField } from '@shared/phase-config';
import { PAGE_NAMES } from '@shared/phases';
import { isSharedFactId, sharedFact } from '@shared/shared-facts';
import type { Fact } from '@shared/schemas/facts';

export { formValues as formAnswers } from '@shared/activity-prompt';

/**
 * "First given in Activity N · <title>" for each shared fact of activity `phase` first given elsewhere: N
 * is where the team gave it, or the fact's home while it has not; the title as the team's programme gives
 * it (`pageName`; none while unknown: "First given in Activity N").
 */
export function factOrigins(
  phase: number,
  fields: readonly FormField[],
  facts: readonly Fact[],
  pageName: (phase: number) => string | null = (n) => PAGE_NAMES[n - 1] ?? null,
): Map<string, string> {
  const origins = new Map<string, string>();
  for (const field of fields) {
    const fact = sharedFact(field.id);
    if (!fact) continue;
    const given = facts.find((f) => f.id === field.id && f.value.trim() !== '')?.givenIn ?? fact.home;
    if (given === phase) continue;
    const name = pageName(given);
    origins.set(field.id, `First given in Activity ${given}${name ? ` · ${name}` : ''}`);
  }
  return origins;
}

export { promptContext } from '@shared/activity-prompt';

/** The heading over an activity's answers to fields its programme no longer has (the report, "View work"). */
export const REMOVED_FIELDS_HEADING = 'Answers to fields no longer in this activity';

/**
 * The answers an activity's saved record holds for fields its programme no longer has (a field removed by
 * a later version: docs/product.md, Programmes), by field id in the record's order: kept, never deleted,
 * and shown by the team report and the instructor's view of the work until the field returns. Shared facts
 * are not among them (they live in the team's one copy), nor blank answers or values that are not text.
 */
export function removedFieldAnswers(
  fields: readonly FormField[],
  own: Record<string, unknown> | null | undefined,
): { id: string; value: string }[] {
  const current = new Set(fields.map((field) => field.id));
  const removed: { id: string; value: string }[] = [];
  for (const [id, stored] of Object.entries(own ?? {})) {
    if (current.has(id) || isSharedFactId(id)) continue;
    const value =
      typeof stored === 'string'
        ? stored
        : typeof stored === 'number' || typeof stored === 'boolean'
          ? String(stored)
          : '';
    if (value.trim() !== '') removed.push({ id, value });
  }
  return removed;
}
