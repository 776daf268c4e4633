import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Radix portals wait for a layout effect before they render into `document.body` (for server rendering),
 * so an opening dialog's content would be rendered a second time, synchronously, inside the commit: a long
 * task when the workspace dialog opens on a first visit. Given the container up front, the content renders
 * in the opening render itself. A closed dialog renders nothing, on the server too.
 */
function portalContainer(): HTMLElement | undefined {
  return typeof document === 'undefined' ? undefined : document.body;
}

/** How wide a dialog may grow: a new width is a new entry here, not a class to override. */
const DIALOG_WIDTHS = {
  default: 'max-w-lg',
  narrow: 'max-w-lg sm:max-w-md',
  wide: 'max-w-2xl',
  wider: 'max-w-3xl',
  widest: 'max-w-5xl',
} as const;

type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  hideClose?: boolean;
  width?: keyof typeof DIALOG_WIDTHS;
};

export function DialogContent(props: DialogContentProps) {
  return (
    <DialogPrimitive.Portal container={portalContainer()}>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <OpenDialogContent {...props} />
    </DialogPrimitive.Portal>
  );
}

// Merging classes (tailwind-merge, which builds its tables on first use) happens in the part the portal
// mounts only while open: a page whose dialogs stay closed pays nothing for them on load.
function OpenDialogContent({
  className,
  children,
  hideClose = false,
  width = 'default',
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Content
      className={cn(
        // The width is a variant, joined without merging: nothing in the base sets one.
        clsx(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-5 shadow-xl data-[state=open]:animate-fade-in sm:p-6',
          DIALOG_WIDTHS[width],
        ),
        className,
      )}
      {...props}
    >
      {children}
      {!hideClose && (
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground">
          <X className="size-5" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      )}
    </DialogPrimitive.Content>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mb-4 flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-xl font-semibold tracking-tight', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
