import { TOTAL_PHASES } from './phases.ts';

/*
 * How a template names another activity, written once for the renderer, the programme checks, the field-id
 * rule and the page's list of facts a prompt reads: `phaseN`, N written plainly (`phase1` ... `phase8`), or in
 * upper case as the engine reads any upper-case segment (`PHASE1`), never in mixed case (`Phase1`). Any
 * `phase` followed by digits has the shape (`phase0`, `phase01`, `phase9`): it is reserved, so no field can
 * take it, but only a plain activity number names an activity.
 */
const ACTIVITY_SHAPED = /^phase([0-9]+)$/;

/** The key under which an activity's answers sit in a template's data: `phase1` ... `phase8`. */
export function activityKey(phase: number): string {
  return `phase${phase}`;
}

/** Whether `segment` has the shape of an activity's name (`phase` and digits): no field id may take it. */
export function isActivityShaped(segment: string): boolean {
  return ACTIVITY_SHAPED.test(asWritten(segment));
}

/** The engine reads an upper-case segment as its lower-case key (`PHASE1` as `phase1`). */
function asWritten(segment: string): string {
  return segment === segment.toUpperCase() ? segment.toLowerCase() : segment;
}

/** The activity `segment` names (`phase3`, `PHASE3` -> 3), or undefined when it names none (`phase01`, `phase9`, `Phase3`). */
export function activityNamed(segment: string): number | undefined {
  const name = asWritten(segment);
  const digits = ACTIVITY_SHAPED.exec(name)?.[1];
  if (digits === undefined) return undefined;
  const phase = Number(digits);
  return activityKey(phase) === name && phase >= 1 && phase <= TOTAL_PHASES ? phase : undefined;
}

/**
 * What a path written `phaseN.<id>` reads: `{ activity, id }` when it names an activity and one answer of it;
 * `{ activity: undefined, written }` when its first segment has the shape but names no activity (the checks say
 * so); undefined for any other path (the template's own answers and shared facts).
 */
export function activityReference(
  path: readonly string[],
): { activity: number; id: string } | { activity: undefined; written: string } | undefined {
  const [first, id, ...rest] = path;
  if (first === undefined || id === undefined || rest.length > 0 || !isActivityShaped(first))
    return undefined;
  const activity = activityNamed(first);
  return activity === undefined
    ? { activity, written: asWritten(first).slice('phase'.length) }
    : { activity, id };
}
