import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden className={cn('size-5 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    // Fills the viewport below the header, so the footer starts off-screen and nothing shifts when the page
    // arrives (layout shift).
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
