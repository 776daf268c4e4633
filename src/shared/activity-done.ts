import { isAnswered } from './answers.ts';
import type { FormField } from './phase-config.ts';
import { PHASE_NUMBERS } from './phases.ts';
import { isSharedFactId } from './shared-facts.ts';

/**
 * When an activity is done (docs/product.md, The activities and the prompt engine): every required field of
 * its form is answered, a shared fact by the team's one copy of it, any other field by the activity's saved
 * answers. An activity with no required field is done once it holds any answer. The one rule: the activity
 * page, the header and the landing grid, the instructor's progress board and the export read it. It sits
 * beside, and does not replace, the progress figure (`progress.ts`).
 */
export function isActivityDone(
  fields: readonly Pick<FormField, 'id' | 'required'>[],
  answers: Readonly<Record<string, unknown>> | null | undefined,
  facts: Readonly<Record<string, unknown>>,
): boolean {
  const answerOf = (id: string) =>
    isSharedFactId(id) && Object.hasOwn(facts, id) ? facts[id] : answers?.[id];
  const required = fields.filter((field) => field.required);
  if (required.length === 0) return fields.some((field) => isAnswered(answerOf(field.id)));
  return required.every((field) => isAnswered(answerOf(field.id)));
}

/**
 * The way on from an activity (docs/product.md, Activity page, "The way on"): the next activity of the
 * programme that is not done, counting on from the open one and wrapping past 8 to 1; the open activity
 * itself when it is the only one left; the end of the programme when all its activities are done. Only
 * the activities the team's programme runs count: one it switches off is never the way on, nor left to do.
 */
export type WayOn = { kind: 'activity'; phase: number } | { kind: 'this-one-left' } | { kind: 'all-done' };

export function wayOn(open: number, done: ReadonlySet<number>, switchedOff: readonly number[] = []): WayOn {
  const total = PHASE_NUMBERS.length;
  for (let step = 1; step < total; step++) {
    const phase = ((open - 1 + step) % total) + 1;
    if (!done.has(phase) && !switchedOff.includes(phase)) return { kind: 'activity', phase };
  }
  return done.has(open) ? { kind: 'all-done' } : { kind: 'this-one-left' };
}
