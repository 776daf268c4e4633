import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormField, isTypedTextField } from '@shared/phase-config';
import { isSharedFactId } from '@shared/shared-facts';
import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Answers } from '../lib/answers';
import type { RemovedText, StoredText, TextScope } from '../lib/text-replica';
import { type AnswerStore, savedActivity, useAnswerStore } from '../store/answer-store';
import type { RemoteNote } from './use-follow-remote';

/** Where a field's text lives: the team's shared facts, or this activity's answers. */
export const textScope = (id: string, phase: number): TextScope =>
  isSharedFactId(id) ? 'facts' : `phase:${phase}`;

/** The text fields of a form that merge what several devices type (none where the store does not merge). */
export function mergedTextIds(store: AnswerStore, fields: readonly FormField[]): string[] {
  return store.texts ? fields.filter(isTypedTextField).map((field) => field.id) : [];
}

/** The field's element, and its caret, while the person is in it. */
function focusedField(id: string): HTMLInputElement | HTMLTextAreaElement | null {
  const element = document.getElementById(`field-${id}`);
  if (element !== document.activeElement) return null;
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
}

/** Where the caret of field `id` stands, while the person is in it (an edit happens where it stands). */
export function caretIn(id: string): number | undefined {
  return focusedField(id)?.selectionStart ?? undefined;
}

/** The removed text as the note quotes it: its pieces with words in them (a lone "." or line break goes unsaid). */
const quotedRuns = (runs: readonly RemovedText[]) =>
  runs
    .map((run) => run.text.trim())
    .filter((text) => /[\p{L}\p{N}]/u.test(text))
    .join(' … ');

/**
 * The form's text fields follow their copies on this page (lib/text-replica.ts), which follow what the store
 * holds: whenever a teammate's save (or this page's own answer) changes a text, the copy merges it with
 * what is typed here, and the field shows the merged text in place, caret kept where it was: nothing to
 * choose, nothing to confirm. When a teammate's change takes text out of a field this page is typing in, or
 * out of words typed here, a note says what went, with "Undo" to put it back. Returns those notes.
 */
export function useLiveTexts(
  form: UseFormReturn<Answers>,
  fields: readonly FormField[],
  phase: number,
  local: { isUnsaved(id: string): boolean; update(answers: Answers, changed: string[]): void },
): Record<string, RemoteNote> {
  const store = useAnswerStore();
  const queryClient = useQueryClient();
  const ids = React.useMemo(() => mergedTextIds(store, fields), [store, fields]);
  const record = useQuery({ ...store.activities, select: savedActivity(phase) });
  const facts = useQuery(store.facts);

  const stored = React.useCallback(
    (id: string): StoredText => {
      if (isSharedFactId(id)) {
        const fact = facts.data?.facts.find((f) => f.id === id);
        return { value: fact?.value ?? '', state: fact?.text };
      }
      const value = record.data?.data[id];
      return { value: typeof value === 'string' ? value : '', state: record.data?.text?.[id] };
    },
    [record.data, facts.data],
  );
  const copyOf = React.useCallback(
    (id: string) => store.texts!.get(textScope(id, phase), id, () => stored(id)),
    [store, phase, stored],
  );
  // Every text field has its copy from the first render, before anything is typed into it.
  for (const id of ids) copyOf(id);

  const [removed, setRemoved] = React.useState<Record<string, RemovedText[]>>({});
  const heard = React.useRef(new Map<string, StoredText>());
  React.useEffect(() => {
    let missing = false;
    for (const id of ids) {
      const now = stored(id);
      const last = heard.current.get(id);
      if (last && last.state === now.state && last.value === now.value) continue;
      heard.current.set(id, now);
      const element = focusedField(id);
      const outcome = copyOf(id).hear(now, {
        selection: element
          ? { start: element.selectionStart ?? 0, end: element.selectionEnd ?? element.selectionStart ?? 0 }
          : undefined,
        editing: element !== null || local.isUnsaved(id),
      });
      missing ||= outcome.missing;
      if (outcome.value !== form.getValues(id)) {
        if (element) {
          // Set in place first, so the caret stays where the person was typing; React then finds it done.
          element.value = outcome.value;
          if (outcome.selection) element.setSelectionRange(outcome.selection.start, outcome.selection.end);
        }
        form.setValue(id, outcome.value, { shouldDirty: false, shouldTouch: false });
      }
      if (quotedRuns(outcome.removed) !== '') {
        setRemoved((old) => ({ ...old, [id]: [...(old[id] ?? []), ...outcome.removed] }));
      }
    }
    // A save this page never heard: what the store holds is read again, and the copies catch up from it.
    if (missing) {
      void queryClient.invalidateQueries({ queryKey: store.activities.queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: store.facts.queryKey, exact: true });
    }
  }, [ids, stored, copyOf, form, local, queryClient, store]);

  const { update } = local;
  return React.useMemo(
    () =>
      Object.fromEntries(
        Object.entries(removed).map(([id, runs]): [string, RemoteNote] => {
          const dismiss = () => setRemoved(({ [id]: _, ...rest }) => rest);
          return [
            id,
            {
              kind: 'removed',
              removed: quotedRuns(runs),
              undo: () => {
                const copy = copyOf(id);
                for (const run of runs) {
                  const { value, caret } = copy.withRestored(run);
                  copy.type(value, caret);
                }
                form.setValue(id, copy.value, { shouldDirty: true });
                update(form.getValues(), [id]);
                dismiss();
              },
              dismiss,
            },
          ];
        }),
      ),
    [removed, copyOf, form, update],
  );
}
