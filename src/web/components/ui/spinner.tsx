import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';

/** `className` sets the spinner's size and colour (joined, not merged: it is in the first route, see Button). */
export function Spinner({
  className = 'size-5 text-primary',
  label = 'Loading',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={clsx('animate-spin', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    // Fills the viewport below the header, so the footer starts off-screen and nothing shifts when the page
    // arrives (layout shift).
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center">
      <Spinner className="size-10 text-primary" label={label} />
    </div>
  );
}
