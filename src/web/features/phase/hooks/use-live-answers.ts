import type { FormField } from '@shared/phase-config';
import { isSharedFactId } from '@shared/shared-facts';
import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Answers } from '../lib/answers';
import { type LocalChanges, type RemoteNote, useFollowRemote } from './use-follow-remote';
import type { usePhaseAutosave } from './use-phase-autosave';
import { useRemoteAnswers } from './use-remote-answers';

/**
 * The activity form's `fields` follow their stored answers as teammates (or another practice tab) change
 * them (hooks/use-follow-remote.ts); text typed together follows its copy instead (hooks/use-live-texts.ts).
 * Returns the notes for fields changed elsewhere while edited here.
 */
export function useLiveAnswers(
  form: UseFormReturn<Answers>,
  phase: number,
  fields: readonly FormField[],
  autosave: ReturnType<typeof usePhaseAutosave>,
): Record<string, RemoteNote> {
  const remote = useRemoteAnswers(phase, fields);
  // Shared facts follow the team's one copy instead (hooks/use-shared-answers.ts).
  const fieldIds = React.useMemo(
    () => fields.filter((field) => !isSharedFactId(field.id)).map((field) => field.id),
    [fields],
  );
  const { local: queue, update } = autosave;
  const local = React.useMemo<LocalChanges>(
    () => ({
      isUnsaved: queue.isUnsaved,
      wasSentHere: queue.wasSentHere,
      takeRemote: (field) => {
        queue.forget(field);
        if (queue.isSaving()) update(form.getValues(), [field]);
      },
      keep: (field) => update(form.getValues(), [field]),
    }),
    [queue, update, form],
  );
  return useFollowRemote(form, fieldIds, remote, local);
}
