import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names; later Tailwind utilities win over earlier ones. Only classes joined with others are
 * merged: a component's own classes never conflict among themselves, and tailwind-merge builds its tables on
 * first use (15-20 ms), which should fall on an override, not on every page's first render.
 */
export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  return given.length < 2 ? clsx(given) : twMerge(clsx(given));
}
