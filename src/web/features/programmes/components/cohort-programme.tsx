import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STANDARD_PROGRAMME_ID } from '@shared/schemas/programmes';
import { ArrowRightLeft } from 'lucide-react';
import * as React from 'react';
import { ConfirmDialogFooter, ConfirmDialogHeader, failureMessageOf } from '@/components/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys, programmeKeys, teamKeys } from '@/lib/query-keys';
import { assignProgramme } from '../api/assign-programme';
import { programmesQueryOptions } from '../api/list-programmes';
import { teamsText } from '../lib/teams-changed';

/**
 * The programme a cohort runs, on its card: any programme published at least once. Its teams switch to it
 * at once, live, keeping what they typed; so when the cohort has teams, the switch asks first, naming the
 * cohort, both programmes and how many teams' open pages change.
 */
export function CohortProgramme({ cohort }: { cohort: { tag: string; name: string; teamCount: number } }) {
  const list = useQuery(programmesQueryOptions);
  const queryClient = useQueryClient();
  const id = React.useId();
  const programmes = list.data?.programmes ?? [];
  const current =
    programmes.find((p) => p.cohorts.some((c) => c.tag === cohort.tag))?.id ?? STANDARD_PROGRAMME_ID;
  const choices = programmes.filter((p) => p.publishedVersion !== null || p.id === current);

  // The programme chosen, waiting for the instructor's confirmation.
  const [asked, setAsked] = React.useState<string | null>(null);
  const nameOf = (programmeId: string) => programmes.find((p) => p.id === programmeId)?.name ?? '';
  const assigning = useMutation({
    mutationFn: (programmeId: string) => assignProgramme(cohort.tag, programmeId),
    onSuccess: (_result, programmeId) => {
      setAsked(null);
      toast({ variant: 'success', ...messages.programmeAssigned(nameOf(programmeId), cohort.name) });
    },
    onError: (error) => {
      // Asked first: the dialog shows the refusal; otherwise a toast does.
      if (asked === null) {
        toast({ variant: 'destructive', ...messages.assignProgrammeFailed(serverMessageOf(error)) });
      }
    },
    // Pending until the lists are read again: the board's columns and "Done" follow what each team runs, and
    // the cohort list carries what each cohort runs (the pace's activities and names).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: programmeKeys.list() }),
        queryClient.invalidateQueries({ queryKey: teamKeys.adminList() }),
        queryClient.invalidateQueries({ queryKey: cohortKeys.active() }),
      ]),
  });
  const busy = assigning.isPending;
  const assign = (programmeId: string) => {
    if (programmeId === current) return;
    if (cohort.teamCount > 0) {
      assigning.reset();
      setAsked(programmeId);
    } else assigning.mutate(programmeId);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        Programme<span className="sr-only"> of {cohort.name}</span>
        {busy && <Spinner className="size-3.5 text-primary" label="Assigning" />}
      </label>
      <Select value={current} onValueChange={assign} disabled={busy || !list.data}>
        <SelectTrigger id={id} data-testid={`cohort-programme-${cohort.tag}`}>
          <SelectValue placeholder={list.isError ? 'Programmes could not be loaded' : 'Loading…'} />
        </SelectTrigger>
        <SelectContent>
          {choices.map((programme) => (
            <SelectItem key={programme.id} value={programme.id}>
              {programme.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Dialog open={asked !== null} onOpenChange={(open) => !open && !busy && setAsked(null)}>
        <DialogContent width="narrow" role="alertdialog" data-testid="cohort-programme-confirm">
          <ConfirmDialogHeader icon={ArrowRightLeft} tone="warning" title="Switch the programme?">
            <p>
              <span className="font-semibold text-foreground">{cohort.name}</span> runs{' '}
              <span className="font-semibold text-foreground">{nameOf(current)}</span>. Switching it to{' '}
              <span className="font-semibold text-foreground">{asked ? nameOf(asked) : ''}</span> changes the
              open pages of its {teamsText(cohort.teamCount)} at once.
            </p>
            <p>What teams typed stays; answers to fields the new programme does not have are kept.</p>
          </ConfirmDialogHeader>
          <ConfirmDialogFooter
            error={failureMessageOf(assigning, 'The programme could not be switched. Please try again.')}
            pending={busy}
            pendingLabel="Switching"
            icon={ArrowRightLeft}
            confirmLabel="Switch programme"
            onConfirm={() => asked && assigning.mutate(asked)}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
