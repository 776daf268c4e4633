import type { AdminCohort } from '@shared/schemas/cohort';
import { Trash2 } from 'lucide-react';
import * as React from 'react';
import { ConfirmDialogFooter, ConfirmDialogHeader, failureMessageOf } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { useDeleteCohort } from '../api/delete-cohort';

/**
 * "Delete cohort" on an archived cohort's card, confirmed in a dialog: the cohort and its ballots go, its
 * teams stay (in no cohort).
 */
export function DeleteCohortButton({ cohort }: { cohort: AdminCohort }) {
  const [open, setOpen] = React.useState(false);
  const remove = useDeleteCohort();
  const teams = cohort.teamCount;
  const ballots = cohort.ballotCount;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive-soft">
          <Trash2 aria-hidden />
          Delete<span className="sr-only"> {cohort.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent width="narrow" data-testid="delete-cohort-dialog">
        <ConfirmDialogHeader icon={Trash2} tone="destructive" title="Delete cohort?">
          <p>
            <span className="font-semibold text-foreground">{cohort.name}</span> (
            <span className="font-mono">{cohort.tag}</span>) is deleted for good:
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              {teams === 0
                ? 'It has no teams.'
                : `Its ${teams} ${teams === 1 ? 'team stays' : 'teams stay'}, with their answers, in no cohort.`}
            </li>
            <li>
              {ballots === 0
                ? 'It has no ballots.'
                : `Its ${ballots} ${ballots === 1 ? 'ballot is' : 'ballots are'} deleted.`}{' '}
              Its showcase and results are gone.
            </li>
          </ul>
          <p>This cannot be undone.</p>
        </ConfirmDialogHeader>
        <ConfirmDialogFooter
          error={failureMessageOf(remove, 'The cohort could not be deleted.')}
          pending={remove.isPending}
          pendingLabel="Deleting"
          icon={Trash2}
          confirmLabel="Delete cohort"
          variant="destructive"
          onConfirm={() => remove.mutate(cohort.tag, { onSuccess: () => setOpen(false) })}
        />
      </DialogContent>
    </Dialog>
  );
}
