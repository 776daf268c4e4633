import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type FollowNote, planFollow } from '../lib/follow-remote';

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

/**
 * A field whose value changed elsewhere: while it was being edited here, the other value, offered ("use
 * theirs" or "keep mine"); or, once this page's text was replaced, that text, one click away.
 */
export type RemoteNote =
  | { kind: 'offered'; value: string; useTheirs(): void; keepMine(): void }
  | { kind: 'replaced'; value: string; mine: string; restoreMine(): void; dismiss(): void }
  /** Text typed together (hooks/use-live-texts.ts): what a teammate's change took out of it, to put back. */
  | { kind: 'removed'; removed: string; undo(): void; dismiss(): void };

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
 * - a field showing text typed here, and no longer being edited, takes the new value with a note that
 *   keeps the text typed here one click away ("restore mine" puts it back and saves it);
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
  const [pending, setPending] = React.useState<Record<string, FollowNote>>({});
  /** Fields whose shown text was typed on this page (a value taken from elsewhere clears the mark). */
  const typed = React.useRef(new Set<string>());

  React.useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) typed.current.add(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

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
      typedHere: (field) => typed.current.has(field),
    });
    for (const [field, value] of Object.entries(set)) {
      form.setValue(field as never, value as never, { shouldDirty: false, shouldTouch: false });
      typed.current.delete(field);
    }
    if (Object.keys(notes).length === 0) return;
    setPending((old) => {
      const next = { ...old };
      for (const [field, note] of Object.entries(notes)) {
        const held = old[field];
        // Text of this page that was replaced stays one click away when the field changes again elsewhere.
        if (note === null && held?.kind === 'replaced' && Object.hasOwn(set, field)) {
          next[field] = { ...held, value: set[field] as string };
        } else if (note === null) delete next[field];
        else next[field] = note;
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
        Object.entries(pending).map(([field, note]): [string, RemoteNote] => [
          field,
          note.kind === 'offered'
            ? {
                kind: 'offered',
                value: note.value,
                useTheirs: () => {
                  form.setValue(field as never, note.value as never, { shouldDirty: false });
                  typed.current.delete(field);
                  local.takeRemote(field);
                  form.clearErrors(field as never);
                  dismiss(field);
                },
                keepMine: () => {
                  local.keep(field);
                  dismiss(field);
                },
              }
            : {
                kind: 'replaced',
                value: note.value,
                mine: note.mine,
                restoreMine: () => {
                  form.setValue(field as never, note.mine as never, { shouldDirty: true });
                  typed.current.add(field);
                  local.keep(field);
                  form.clearErrors(field as never);
                  dismiss(field);
                },
                dismiss: () => dismiss(field),
              },
        ]),
      ),
    [pending, local, form, dismiss],
  );
}
