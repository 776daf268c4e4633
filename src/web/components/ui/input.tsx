import type * as React from 'react';
import { cn } from '@/lib/cn';

export const fieldClasses =
  'w-full rounded-md border border-input bg-surface px-3 text-base text-foreground shadow-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:text-sm';

// Built once: a field with no classes of its own (most of them) renders without merging class lists.
const inputClasses = `${fieldClasses} h-10 py-2`;
const textareaClasses = `${fieldClasses} min-h-24 py-2 leading-relaxed`;

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} className={className ? cn(inputClasses, className) : inputClasses} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={className ? cn(textareaClasses, className) : textareaClasses} {...props} />;
}

export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor.
  return <label className={cn('text-sm font-medium leading-none text-foreground', className)} {...props} />;
}
