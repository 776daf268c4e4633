/**
 * The rules by which an open form follows remote values (a teammate's save, another practice tab, the
 * team's facts), free of React so they can be tested on their own (hooks/use-follow-remote.ts applies
 * them). For each field whose remote value changed since last seen:
 * - equal to what the form shows: nothing to do (and any note on it is settled);
 * - being edited here (focused, or an unsaved change): left alone, with a note offering the other value,
 *   unless the value is the echo of one this page sent itself (the person typed on since);
 * - not being edited, but showing text typed on this page: the form takes the new value (every screen shows
 *   what is stored) and a note keeps this page's text one click away, so two devices typing in one field
 *   always leave a note on the one whose text was replaced, however their saves were ordered;
 * - otherwise: the form takes the new value.
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
  /** The field shows text typed on this page (not a value it took from elsewhere). */
  typedHere(field: string): boolean;
};

/** A note under a field: another value offered while this page edits it, or this page's text replaced. */
export type FollowNote =
  | { kind: 'offered'; value: string }
  | { kind: 'replaced'; value: string; mine: string };

export type FollowPlan = {
  /** Values to set in the form, as not edited. */
  set: Record<string, string>;
  /** Notes to show, or to drop (null). */
  notes: Record<string, FollowNote | null>;
};

export function planFollow(input: FollowInput): FollowPlan {
  const { fields, remote, seen, shown, sentHere, editing, typedHere } = input;
  const plan: FollowPlan = { set: {}, notes: {} };
  for (const field of fields) {
    const value = remote[field] ?? '';
    if (value === (seen[field] ?? '')) continue;
    seen[field] = value;
    const mine = shown(field);
    if (value === mine) plan.notes[field] = null;
    else if (editing(field)) {
      if (!sentHere(field, value)) plan.notes[field] = { kind: 'offered', value };
    } else {
      plan.set[field] = value;
      plan.notes[field] =
        typedHere(field) && !sentHere(field, value) ? { kind: 'replaced', value, mine } : null;
    }
  }
  return plan;
}
