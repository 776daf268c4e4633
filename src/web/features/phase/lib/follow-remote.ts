/**
 * The rules by which an open form follows remote values (a teammate's save, another practice tab, later
 * the team's facts), free of React so they can be tested on their own (hooks/use-follow-remote.ts applies
 * them). For each field whose remote value changed since last seen:
 * - equal to what the form shows: nothing to do (and any note on it is settled);
 * - not being edited here: the form takes the new value;
 * - being edited here (focused, or an unsaved change): left alone, with a note offering the other value,
 *   unless the value is the echo of one this page sent itself (the person typed on since).
 */
export type FollowInput = {
  fields: readonly string[];
  /** The remote values now. */
  remote: Readonly<Record<string, string>>;
  /** The remote values last seen; updated in place. */
  seen: Record<string, string>;
  shown(field: string): string;
  sentHere(field: string, value: string): boolean;
  editing(field: string): boolean;
};

export type FollowPlan = {
  /** Values to set in the form, as not edited. */
  set: Record<string, string>;
  /** Notes to show (the other value) or to drop (null). */
  notes: Record<string, string | null>;
};

export function planFollow({ fields, remote, seen, shown, sentHere, editing }: FollowInput): FollowPlan {
  const plan: FollowPlan = { set: {}, notes: {} };
  for (const field of fields) {
    const value = remote[field] ?? '';
    if (value === (seen[field] ?? '')) continue;
    seen[field] = value;
    if (value === shown(field)) plan.notes[field] = null;
    else if (!editing(field)) {
      plan.set[field] = value;
      plan.notes[field] = null;
    } else if (!sentHere(field, value)) plan.notes[field] = value;
  }
  return plan;
}
