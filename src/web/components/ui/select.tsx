import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './input';

export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;
export const SelectGroup = SelectPrimitive.Group;

export function SelectTrigger({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        fieldClasses,
        'flex h-auto min-h-10 items-center justify-between gap-2 py-2 text-left data-[placeholder]:text-slate-500 [&>span]:line-clamp-2',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/** The list scrolls once it reaches max-h-60 (docs/product.md, Limits and constants). */
export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          'relative z-50 max-h-60 min-w-[8rem] overflow-hidden rounded-md border border-border bg-surface text-foreground shadow-lg data-[state=open]:animate-fade-in',
          position === 'popper' &&
            'w-[var(--radix-select-trigger-width)] max-w-[calc(100vw-1.5rem)] data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        {/* A long list scrolls as any box does, with a visible scrollbar, and no scroll buttons: Radix adds
            the upper one once the list has scrolled, which pushes every option down under a pointer about
            to click one (the click then chose nothing). */}
        <SelectPrimitive.Viewport
          className={cn(
            'p-1 ![scrollbar-width:thin]',
            position === 'popper' && 'max-h-[min(15rem,var(--radix-select-content-available-height))]',
          )}
        >
          {children}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default select-none items-start rounded-sm py-2 pr-2 pl-8 text-sm outline-none data-[highlighted]:outline-2 data-[highlighted]:outline-solid data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-ring data-[disabled]:pointer-events-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-foreground data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute top-2.5 left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4 text-primary" aria-hidden />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
