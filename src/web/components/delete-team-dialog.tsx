import { confirmsTeamName } from '@shared/data-deletion';
import { AlertTriangle, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

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
      <DialogContent className="sm:max-w-md" data-testid="delete-team-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <Trash2 className="size-5" aria-hidden />
            </span>
            {title}
          </DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-col gap-2 pt-1 text-sm text-muted-foreground">{children}</div>
          </DialogDescription>
        </DialogHeader>
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
          {error && (
            <p
              id={errorId}
              role="alert"
              className="flex items-start gap-2 rounded-md bg-destructive-soft px-3 py-2 text-sm text-destructive"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!matches || pending}>
              {pending ? (
                <Spinner className="size-4 text-current" label="Deleting" />
              ) : (
                <Trash2 aria-hidden />
              )}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
