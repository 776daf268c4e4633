import { placeWords } from '@shared/scoring';
import { Award, Medal, Trophy } from 'lucide-react';
import { cn } from '@/lib/cn';

const MEDALS = {
  1: { Icon: Trophy, className: 'bg-gold text-foreground' },
  2: { Icon: Medal, className: 'bg-silver text-foreground' },
  3: { Icon: Award, className: 'bg-bronze text-black' },
} as const;

/**
 * Gold, silver and bronze icons for places 1 to 3 (every team sharing one gets its medal); a numbered circle
 * (#n) from 4, and for a team without `medal` (nobody ranked it) whatever its place. A medal is named by
 * its place in words ("2nd place", "Shared 2nd place").
 */
export function RankBadge({
  place,
  shared = false,
  medal: medalled = true,
  className,
}: {
  place: number;
  shared?: boolean;
  medal?: boolean;
  className?: string;
}) {
  const medal = medalled ? MEDALS[place as 1 | 2 | 3] : undefined;
  if (medal) {
    return (
      <span
        role="img"
        aria-label={placeWords({ place, shared })}
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-full shadow-sm sm:size-14',
          medal.className,
          className,
        )}
      >
        <medal.Icon className="size-5 sm:size-7" aria-hidden="true" />
      </span>
    );
  }
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full border border-border bg-muted text-sm font-bold text-muted-foreground sm:size-14 sm:text-lg',
        className,
      )}
    >
      #{place}
    </span>
  );
}

/** Beside a team whose place is shared: "Shared 2nd place", so equal places read as equal. */
export function SharedPlaceTag({ place, className }: { place: number; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border border-border bg-muted px-2 font-semibold text-foreground',
        className,
      )}
      data-testid="shared-place"
    >
      {placeWords({ place, shared: true })}
    </span>
  );
}
