import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgrammeProblem } from '@shared/schemas/programmes';
import * as React from 'react';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys, programmeKeys, teamKeys } from '@/lib/query-keys';
import { programmesQueryOptions } from '../api/list-programmes';
import { type PublishResult, publishProgramme } from '../api/publish-programme';
import { republishVersion } from '../api/republish-version';
import { conflictIn } from '../api/save-draft';
import type { PendingPublish } from '../components/publish-confirm-dialog';
import type { Edit } from '../lib/draft-sync';
import { type CohortReached, teamsReached } from '../lib/teams-changed';
import type { DraftSync } from './use-draft-sync';

/** The checks' refusal of a publish: its words and problems, and the edit of the draft it refused. */
type Refusal = { edit: Edit; message: string; problems: ProgrammeProblem[] };

/** A publish waiting for the instructor's confirmation, and the cohorts (with teams) it reaches. */
type Confirming = { pending: PendingPublish; cohorts: CohortReached[]; teams: number };

/**
 * "Publish" and "Publish again": each pending until the lists are read again (so a double click sends one
 * request), a 409 opening the draft's conflict, a 422 the checks' problems. The refusal belongs to the draft
 * it refused: shown while the editor holds that very draft, gone with the next edit of any kind.
 *
 * A publish that reaches teams asks first: the cohorts running the programme are read again when "Publish" is
 * pressed (another instructor may have given it to a cohort since the editor opened; `cohorts` is what the
 * editor knows, when that read fails), and when any has teams, `confirming` names them until the instructor
 * confirms or cancels.
 */
export function usePublishing(programmeId: string, draft: DraftSync, cohorts: readonly CohortReached[]) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = React.useState<Refusal | null>(null);
  const { edit, conflicted } = draft;
  const name = draft.current.name;

  const settle = async (result: PublishResult, sent: Edit) => {
    if (result.kind === 'refused') {
      setRefusal({ edit: sent, message: result.message, problems: result.problems });
      return;
    }
    setRefusal(null);
    toast({ variant: 'success', ...messages.programmePublished(name, result.version) });
    // The cohorts running it run the new version: the dashboard's board follows, and the cohort list
    // carries the version each cohort runs (the pace's activities and names).
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: programmeKeys.all }),
      queryClient.invalidateQueries({ queryKey: teamKeys.adminList() }),
      queryClient.invalidateQueries({ queryKey: cohortKeys.active() }),
    ]);
  };
  const failed = (error: unknown) => {
    const conflict = conflictIn(error);
    if (conflict) conflicted(conflict.message, conflict.current);
    else toast({ variant: 'destructive', ...messages.publishFailed(serverMessageOf(error)) });
  };

  const publish = useMutation({
    mutationFn: ({ revision }: { revision: number; edit: Edit }) => publishProgramme(programmeId, revision),
    onSuccess: (result, { edit: sent }) => settle(result, sent),
    onError: failed,
  });
  const publishAgain = useMutation({
    mutationFn: ({ version }: { version: number; edit: Edit }) => republishVersion(programmeId, version),
    onSuccess: (result, { edit: sent }) => settle(result, sent),
    onError: failed,
  });

  const [confirming, setConfirming] = React.useState<Confirming | null>(null);
  const run = (pending: PendingPublish) => {
    if (pending.kind === 'draft') publish.mutate({ revision: draft.sync.revision, edit });
    else publishAgain.mutate({ version: pending.version, edit });
  };
  // The cohorts running it now, read when a publish is asked for.
  const reach = useMutation({
    mutationFn: async (_pending: PendingPublish) => {
      try {
        const list = await queryClient.fetchQuery({ ...programmesQueryOptions, staleTime: 0 });
        return list.programmes.find((p) => p.id === programmeId)?.cohorts ?? cohorts;
      } catch {
        return cohorts;
      }
    },
    onSuccess: (running, pending) => {
      const reached = teamsReached(running);
      if (reached.teams === 0) run(pending);
      else setConfirming({ pending, ...reached });
    },
  });

  return {
    /** Publishes the draft at its revision (saved: the blocker keeps "Publish" off until it is), asking first. */
    publish: () => reach.mutate({ kind: 'draft' }),
    publishAgain: (version: number) => reach.mutate({ kind: 'again', version }),
    /** The publish waiting for a confirmation, with the cohorts and teams it reaches; null when none. */
    confirming,
    confirm: () => {
      if (confirming) run(confirming.pending);
      setConfirming(null);
    },
    cancel: () => setConfirming(null),
    publishing: publish.isPending || (reach.isPending && reach.variables.kind === 'draft'),
    /** The version being published again, or null. */
    publishingAgain: publishAgain.isPending
      ? publishAgain.variables.version
      : reach.isPending && reach.variables.kind === 'again'
        ? reach.variables.version
        : null,
    busy: publish.isPending || publishAgain.isPending || reach.isPending || confirming !== null,
    refused: refusal?.edit === edit ? { message: refusal.message, problems: refusal.problems } : null,
  };
}

export type Publishing = ReturnType<typeof usePublishing>;
