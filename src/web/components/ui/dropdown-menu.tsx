import { DropdownMenu as Menu } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/cn';

/**
 * Menus are not modal: a modal menu hides the rest of the page with aria-hidden while its links and buttons
 * stay focusable (axe aria-hidden-focus). Escape, Tab and a click outside still close it, and focus returns
 * to the trigger.
 */
export function DropdownMenu({ modal = false, ...props }: React.ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

export function DropdownMenuContent(props: React.ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <OpenMenuContent {...props} />
    </Menu.Portal>
  );
}

// Merging classes (tailwind-merge, which builds its tables on first use) happens in the part the portal
// mounts only while open: a page whose menus stay closed pays nothing for them on load.
function OpenMenuContent({ className, sideOffset = 6, ...props }: React.ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Content
      sideOffset={sideOffset}
      className={cn(
        'z-50 min-w-48 overflow-hidden rounded-lg border border-border bg-surface p-1 shadow-lg data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:outline-2 data-[highlighted]:outline-solid data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-ring data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof Menu.Label>) {
  return (
    <Menu.Label
      className={cn('px-2.5 py-1.5 text-xs font-semibold text-muted-foreground', className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
