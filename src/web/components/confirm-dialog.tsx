import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOf } from '@/lib/api-client';

// Literal class names, so that Tailwind sees each one.
const iconTones = {
  destructive: 'bg-destructive-soft text-destructive',
  warning: 'bg-warning-soft text-warning',
  primary: 'bg-primary-soft text-primary',
} as const;

/**
 * A confirm dialog's header: the action's icon in a tinted circle, then the question; under it, what the
 * action does (the dialog's description, in a column of paragraphs or a list).
 */
export function ConfirmDialogHeader({
  icon: Icon,
  tone,
  title,
  descriptionClassName = 'flex flex-col gap-2 pt-1',
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof iconTones;
  title: React.ReactNode;
  descriptionClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <DialogHeader>
      <DialogTitle className="flex items-center gap-2">
        <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${iconTones[tone]}`}>
          <Icon className="size-5" aria-hidden />
        </span>
        {title}
      </DialogTitle>
      <DialogDescription asChild>
        <div className={descriptionClassName}>{children}</div>
      </DialogDescription>
    </DialogHeader>
  );
}

/** A failed action's message for the footer's alert: the server's words, else `fallback`; none before a failure. */
export function failureMessageOf(
  action: { isError: boolean; error: unknown },
  fallback: string,
): string | undefined {
  return action.isError ? (serverMessageOf(action.error) ?? fallback) : undefined;
}

type FooterProps = {
  /** The message after a refusal, shown as an alert above the buttons; nothing when absent. */
  error?: string | null;
  /** The alert's id, for a field that points at it with `aria-describedby`. */
  errorId?: string;
  /** While the action runs, both buttons are disabled and the icon turns into a spinner. */
  pending: boolean;
  /** What the spinner says to a screen reader while the action runs ("Deleting"). */
  pendingLabel: string;
  icon: LucideIcon;
  confirmLabel: React.ReactNode;
  variant?: 'default' | 'destructive';
  /** Runs the action; without it the confirm button submits the form the footer stands in. */
  onConfirm?: () => void;
  /** The confirm button is also disabled while this is false (a name not typed yet). */
  canConfirm?: boolean;
  /** The dismiss button's text; "Cancel" unless told. */
  cancelLabel?: React.ReactNode;
  /** What dismissing does; without it the dismiss button closes the dialog. */
  onCancel?: () => void;
};

/**
 * A confirm dialog's last rows: the error alert (if any), then the dismiss button and the action button with
 * its pending spinner. Every confirm dialog ends the same way, so each says only its words and its action.
 */
export function ConfirmDialogFooter({
  error,
  errorId,
  pending,
  pendingLabel,
  icon: Icon,
  confirmLabel,
  variant = 'default',
  onConfirm,
  canConfirm = true,
  cancelLabel = 'Cancel',
  onCancel,
}: FooterProps) {
  const cancel = (
    <Button variant="outline" onClick={onCancel} disabled={pending} className="max-w-full">
      {cancelLabel}
    </Button>
  );
  return (
    <>
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
        {onCancel ? cancel : <DialogClose asChild>{cancel}</DialogClose>}
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={variant}
          onClick={onConfirm}
          disabled={!canConfirm || pending}
        >
          {pending ? <Spinner className="size-4 text-current" label={pendingLabel} /> : <Icon aria-hidden />}
          {confirmLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
