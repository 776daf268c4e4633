import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';
import type * as React from 'react';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        destructive: 'bg-destructive text-white shadow-sm hover:bg-destructive-hover',
        outline: 'border border-input bg-surface shadow-sm hover:bg-muted',
        secondary: 'bg-primary-soft text-primary hover:bg-indigo-100',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-amber-400',
        /** An outlined button on a dark (hero) background. */
        'outline-inverse': 'border border-white/30 bg-white/10 text-white shadow-sm hover:bg-white/20',
      },
      size: {
        default: 'h-10 rounded-md px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-11 rounded-md px-6 text-base',
        xl: 'h-14 rounded-md px-8 text-lg sm:text-xl',
        icon: 'size-10 rounded-md',
        /** A round button around a team's avatar (the header's, while its picker loads). */
        avatar: 'size-9 rounded-full p-0',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/** A link that looks like a button takes `buttonVariants(...)` as its className instead. */
export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

/**
 * The button of every page, the landing page's included, so it joins classes without tailwind-merge (which
 * would add 8 KB gzipped to the first route, decision 008): a `className` may add classes (margins,
 * widths, responsive display) but must not restyle what the variants set (height, padding, colours,
 * display); a new look is a new variant.
 */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      className={clsx(buttonVariants({ variant, size }), className)}
      type={type ?? 'button'}
      {...props}
    />
  );
}
