import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STANDARD_PROGRAMME_ID } from '@shared/schemas/programmes';
import * as React from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys, programmeKeys, teamKeys } from '@/lib/query-keys';
import { assignProgramme } from '../api/assign-programme';
import { programmesQueryOptions } from '../api/list-programmes';

/**
 * The programme a cohort runs, on its card: any programme published at least once. Its teams switch to it
 * at once, live, keeping what they typed.
 */
export function CohortProgramme({ cohort }: { cohort: { tag: string; name: string } }) {
  const list = useQuery(programmesQueryOptions);
  const queryClient = useQueryClient();
  const id = React.useId();
  const programmes = list.data?.programmes ?? [];
  const current =
    programmes.find((p) => p.cohorts.some((c) => c.tag === cohort.tag))?.id ?? STANDARD_PROGRAMME_ID;
  const choices = programmes.filter((p) => p.publishedVersion !== null || p.id === current);

  const assigning = useMutation({
    mutationFn: (programmeId: string) => assignProgramme(cohort.tag, programmeId),
    onSuccess: (_result, programmeId) => {
      const name = programmes.find((p) => p.id === programmeId)?.name ?? '';
      toast({ variant: 'success', ...messages.programmeAssigned(name, cohort.name) });
    },
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.assignProgrammeFailed(serverMessageOf(error)) }),
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
    if (programmeId !== current) assigning.mutate(programmeId);
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
    </div>
  );
}
