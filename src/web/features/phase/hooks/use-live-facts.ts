import type { FormField } from '@shared/phase-config';
import type { Fact } from '@shared/schemas/facts';
import { isSharedFactId } from '@shared/shared-facts';
import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Answers } from '../lib/answers';
import { forgetUnsavedFact, unsavedFacts } from './use-facts-autosave';
import { useAnswerStore } from '../store/answer-store';
import { type LocalChanges, type RemoteNote, useFollowRemote } from './use-follow-remote';

/**
 * The form's shared facts follow the team's one copy (hooks/use-follow-remote.ts), as its own answers
 * follow the activity's record: a fact changed elsewhere (another activity of this page, a teammate's
 * device) shows in place unless it is being edited here, where it gets the "Changed on another device"
 * note instead. Returns those notes.
 */
export function useLiveFacts(
  form: UseFormReturn<Answers>,
  fields: readonly FormField[],
  phase: number,
  facts: readonly Fact[],
  update: (answers: Answers, changed?: string[]) => void,
): Record<string, RemoteNote> {
  const fieldIds = React.useMemo(
    () => fields.filter((field) => isSharedFactId(field.id)).map((field) => field.id),
    [fields],
  );
  const remote = React.useMemo(() => Object.fromEntries(facts.map((fact) => [fact.id, fact.value])), [facts]);
  const store = useAnswerStore();
  const local = React.useMemo<LocalChanges>(
    () => ({
      isUnsaved: (field) => Object.hasOwn(unsavedFacts(store), field),
      // A fact this page saved is never echoed back to it (its events carry this page's id).
      wasSentHere: () => false,
      takeRemote: (field) => forgetUnsavedFact(store, field, String(form.getValues(field) ?? ''), phase),
      keep: (field) => update(form.getValues(), [field]),
    }),
    [store, phase, form, update],
  );
  return useFollowRemote(form, fieldIds, remote, local);
}
