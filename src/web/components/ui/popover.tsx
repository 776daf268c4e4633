import { Popover as PopoverPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/cn';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent(props: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <OpenPopoverContent {...props} />
    </PopoverPrimitive.Portal>
  );
}

// Merging classes (tailwind-merge, which builds its tables on first use) happens in the part the portal
// mounts only while open: a page whose popovers stay closed pays nothing for them on load.
function OpenPopoverContent({
  className,
  sideOffset = 6,
  align = 'start',
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Content
      sideOffset={sideOffset}
      align={align}
      className={cn(
        'z-50 rounded-xl border border-border bg-surface p-3 shadow-lg data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}
