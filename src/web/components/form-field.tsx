import type * as React from 'react';
import { Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A form field: its label over its control (and any hint under it), in one column. */
export function FormField({
  id,
  label,
  className,
  children,
}: {
  /** The control's id, which the label points at. */
  id: string;
  label: React.ReactNode;
  /** Layout only (a wider gap, a grid span). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
