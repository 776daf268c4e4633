import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { planFollow } from '../lib/follow-remote';

/** What the follower needs to know about this page's own unsaved work. */
export type LocalChanges = {
  /** The field was changed here and that change is not saved yet. */
  isUnsaved(field: string): boolean;
  /**
   * The field now shows the other version: its unsaved change here is dropped (and, should a save of it
   * already be under way, the other version is saved after it, so the store ends with what is shown).
   */
  takeRemote(field: string): void;
  /** Saves the field's value as shown here (it was kept over the other version). */
  keep(field: string): void;
  /** This page itself sent `value` for the field: its arrival in the store is no teammate's change. */
  wasSentHere(field: string, value: unknown): boolean;
};

/** A field whose value changed elsewhere while it was being edited here: the other value, offered. */
export type RemoteNote = { value: string; useTheirs(): void; keepMine(): void };

const isFocusedHere = (field: string) => {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return Boolean(active?.closest(`[data-field="${CSS.escape(field)}"]`));
};

/**
 * Keeps an open form in step with a source of remote values (field id -> value: the activity's stored
 * answers, which a teammate's save or another tab changes; the same works for any other source, such as
 * the team's facts). Whenever a field's remote value changes:
 * - a field nobody is editing here (not focused, no unsaved change) takes the new value in place, without
 *   counting as edited (nothing is saved for it);
 * - a field focused here or holding an unsaved change is left alone and gets a note offering the other
 *   value; "use theirs" takes it and forgets the local change, "keep mine" dismisses it and saves the
 *   local value, which then wins, being later;
 * - the echo of this page's own save changes nothing.
 * The remote values known when the form opened are its baseline: only later changes count.
 */
export function useFollowRemote<T extends Record<string, string>>(
  form: UseFormReturn<T>,
  fields: readonly string[],
  remote: Record<string, string> | undefined,
  local: LocalChanges,
): Record<string, RemoteNote> {
  const seen = React.useRef<Record<string, string> | undefined>(undefined);
  const [pending, setPending] = React.useState<Record<string, string>>({});

  React.useEffect(() => {
    if (!remote) return;
    if (!seen.current) {
      seen.current = { ...remote };
      return;
    }
    const { set, notes } = planFollow({
      fields,
      remote,
      seen: seen.current,
      shown: (field) => String(form.getValues(field as never) ?? ''),
      sentHere: local.wasSentHere,
      editing: (field) => isFocusedHere(field) || local.isUnsaved(field),
    });
    for (const [field, value] of Object.entries(set)) {
      form.setValue(field as never, value as never, { shouldDirty: false, shouldTouch: false });
    }
    if (Object.keys(notes).length === 0) return;
    setPending((old) => {
      const next = { ...old };
      for (const [field, value] of Object.entries(notes)) {
        if (value === null) delete next[field];
        else next[field] = value;
      }
      return next;
    });
  }, [remote, fields, form, local]);

  const dismiss = React.useCallback((field: string) => {
    setPending(({ [field]: _, ...rest }) => rest);
  }, []);

  return React.useMemo(
    () =>
      Object.fromEntries(
        Object.entries(pending).map(([field, value]) => [
          field,
          {
            value,
            useTheirs: () => {
              form.setValue(field as never, value as never, { shouldDirty: false });
              local.takeRemote(field);
              form.clearErrors(field as never);
              dismiss(field);
            },
            keepMine: () => {
              local.keep(field);
              dismiss(field);
            },
          },
        ]),
      ),
    [pending, local, form, dismiss],
  );
}
