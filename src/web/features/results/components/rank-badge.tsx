import { Award, Medal, Trophy } from 'lucide-react';
import { cn } from '@/lib/cn';

const MEDALS = {
  1: { Icon: Trophy, className: 'bg-gold text-foreground' },
  2: { Icon: Medal, className: 'bg-silver text-foreground' },
  3: { Icon: Award, className: 'bg-bronze text-black' },
} as const;

/**
 * Gold, silver and bronze icons for ranks 1 to 3; a numbered circle (#n) from 4, and for a team without
 * `medal` (nobody ranked it) whatever its rank.
 */
export function RankBadge({
  rank,
  medal: medalled = true,
  className,
}: {
  rank: number;
  medal?: boolean;
  className?: string;
}) {
  const medal = medalled ? MEDALS[rank as 1 | 2 | 3] : undefined;
  if (medal) {
    return (
      <span
        role="img"
        aria-label={`#${rank}`}
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
      #{rank}
    </span>
  );
}
