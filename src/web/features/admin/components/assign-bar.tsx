import type { AdminCohort } from '@shared/schemas/cohort';
import { UserMinus, UserPlus } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAssignTeams } from '../api/assign-teams';
import { useUnassignTeams } from '../api/unassign-teams';
import { useOpenState } from '../hooks/use-held-while-open';

type Props = {
  /** The active cohorts, to assign to. */
  cohorts: AdminCohort[];
  /** The teams ticked in the list. */
  selectedIds: string[];
  /** After a successful assign or unassign: the list's ticks are cleared. */
  onDone: () => void;
};

/** "Assign selected teams": how many are ticked, the cohort to assign them to, Assign and Unassign. */
export function AssignBar({ cohorts, selectedIds, onDone }: Props) {
  const [target, setTarget] = React.useState<string>('');
  const targetList = useOpenState();
  const assign = useAssignTeams();
  const unassign = useUnassignTeams();
  const busy = assign.isPending || unassign.isPending;

  return (
    <section
      aria-label="Assign selected teams"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3 shadow-sm sm:flex-row sm:items-center sm:p-4"
    >
      <p className="text-sm font-medium sm:min-w-28" aria-live="polite">
        {selectedIds.length === 0 ? (
          <span className="text-muted-foreground">Select teams to assign them</span>
        ) : (
          `${selectedIds.length} selected`
        )}
      </p>
      <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Select value={target} onValueChange={setTarget} disabled={cohorts.length === 0} {...targetList}>
          <SelectTrigger aria-label="Assign to cohort" className="sm:w-56">
            <SelectValue placeholder={cohorts.length === 0 ? 'Create a cohort first' : 'Choose a cohort'} />
          </SelectTrigger>
          <SelectContent>
            {cohorts.map((c) => (
              <SelectItem key={c.tag} value={c.tag}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            disabled={busy || !target || selectedIds.length === 0}
            onClick={() => assign.mutate({ tag: target, teamIds: selectedIds }, { onSuccess: onDone })}
          >
            {assign.isPending ? (
              <Spinner className="size-4 text-current" label="Assigning" />
            ) : (
              <UserPlus aria-hidden />
            )}
            Assign
          </Button>
          <Button
            variant="outline"
            disabled={busy || selectedIds.length === 0}
            onClick={() => unassign.mutate(selectedIds, { onSuccess: onDone })}
          >
            {unassign.isPending ? (
              <Spinner className="size-4 text-primary" label="Unassigning" />
            ) : (
              <UserMinus aria-hidden />
            )}
            Unassign
          </Button>
        </div>
      </div>
    </section>
  );
}
