import { X } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/cn';

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

/** A panel sliding from the right: the phone navigation. */
export function SheetContent(props: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-fade-in" />
      <OpenSheetContent {...props} />
    </SheetPrimitive.Portal>
  );
}

// Merging classes (tailwind-merge, which builds its tables on first use) happens in the part the portal
// mounts only while open: the phone menu's panel costs nothing on load while it stays closed.
function OpenSheetContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <SheetPrimitive.Content
      className={cn(
        'fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto border-l border-border bg-surface p-5 shadow-xl data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    >
      {children}
      <SheetPrimitive.Close className="absolute top-4 right-4 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground">
        <X className="size-5" aria-hidden />
        <span className="sr-only">Close</span>
      </SheetPrimitive.Close>
    </SheetPrimitive.Content>
  );
}
