import { confirmsTeamName } from '@shared/data-deletion';
import { Trash2 } from 'lucide-react';
import * as React from 'react';
import { ConfirmDialogFooter, ConfirmDialogHeader } from '@/components/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team's name: typing it exactly (spaces at either end aside) enables the delete button. */
  teamName: string;
  /** "Delete team" (an instructor) or "Delete workspace" (the team itself). */
  title: string;
  confirmLabel: string;
  /** What goes, in the words of whoever deletes it. */
  children: React.ReactNode;
  onConfirm: (confirmName: string) => void;
  pending: boolean;
  /** The server's message after a refusal, shown in the dialog. */
  error?: string;
};

/**
 * Deleting a team, confirmed by typing its name: the dialog says what is deleted, and its destructive
 * button is enabled only once the typed text is the name (the same rule the server applies).
 */
export function DeleteTeamDialog({
  open,
  onOpenChange,
  teamName,
  title,
  confirmLabel,
  children,
  onConfirm,
  pending,
  error,
}: Props) {
  const [typed, setTyped] = React.useState('');
  const inputId = React.useId();
  const errorId = React.useId();
  React.useEffect(() => {
    if (!open) setTyped('');
  }, [open]);
  const matches = confirmsTeamName(typed, teamName);

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent width="narrow" data-testid="delete-team-dialog">
        <ConfirmDialogHeader
          icon={Trash2}
          tone="destructive"
          title={title}
          descriptionClassName="flex flex-col gap-2 pt-1 text-sm text-muted-foreground"
        >
          {children}
        </ConfirmDialogHeader>
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !pending) onConfirm(typed);
          }}
        >
          <Label htmlFor={inputId}>
            Type <span className="font-semibold break-all">{teamName}</span> to confirm
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            disabled={pending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <ConfirmDialogFooter
            error={error}
            errorId={errorId}
            pending={pending}
            pendingLabel="Deleting"
            icon={Trash2}
            confirmLabel={confirmLabel}
            variant="destructive"
            canConfirm={matches}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
