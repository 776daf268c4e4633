import { Spinner } from '@/components/ui/spinner';

/** The form's place while its code or its answers load. */
export function AnswersLoading() {
  return (
    <div className="flex min-h-64 items-center justify-center rounded-xl border border-border bg-surface">
      <Spinner className="size-8 text-primary" label="Loading your answers" />
    </div>
  );
}
