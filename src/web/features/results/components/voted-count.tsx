import { cn } from '@/lib/cn';

/**
 * "N of M teams voted", live from the cohort's ballot events. A polite live region: a new count is read out
 * when the reader is idle, and focus stays where it is.
 */
export function VotedCount({
  ballotCount,
  teamCount,
  className,
}: {
  ballotCount: number;
  teamCount: number;
  className?: string;
}) {
  return (
    <p
      aria-live="polite"
      aria-atomic="true"
      data-testid="voted-count"
      className={cn('font-semibold tabular-nums text-foreground', className)}
    >
      {ballotCount} of {teamCount} teams voted
    </p>
  );
}
