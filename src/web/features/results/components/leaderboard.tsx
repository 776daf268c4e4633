import type { ResultRow } from '@shared/schemas/showcase';
import { barPercent } from '@shared/scoring';
import { toSafeHref } from '@shared/website-url';
import { ExternalLink } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { useCountUp } from '../hooks/use-count-up';
import { isRanked, type PlacedRow, placedRows } from '../lib/results-state';
import { teamLabel, votesAt } from '../lib/team-label';
import { RankBadge, SharedPlaceTag } from './rank-badge';

const TOP_ROW = {
  1: 'border-gold/60 bg-accent-soft',
  2: 'border-silver/70 bg-muted',
  3: 'border-bronze/50 bg-accent-soft/60',
} as const;

function LeaderboardRow({
  row,
  topPoints,
  running,
  instant,
}: {
  row: PlacedRow;
  topPoints: number;
  running: boolean;
  instant: boolean;
}) {
  const points = useCountUp(row.totalPoints, { running, instant });
  const name = teamLabel(row);
  const href = toSafeHref(row.websiteUrl);
  const ranked = isRanked(row);
  const top = ranked ? TOP_ROW[row.place as 1 | 2 | 3] : undefined;
  return (
    <li
      data-testid="leaderboard-row"
      className={cn(
        'grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-2 rounded-xl border p-3 sm:gap-x-5 sm:p-4',
        top ?? 'border-border bg-surface',
      )}
    >
      <RankBadge place={row.place} shared={row.shared} medal={ranked} className="row-span-2" />
      <div className="min-w-0">
        <p className="text-lg leading-tight font-semibold break-normal sm:text-2xl">{name}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground sm:text-base">
          {row.shared && ranked && <SharedPlaceTag place={row.place} />}
          <span>1st: {votesAt(row, 1)}</span>
          <span>2nd: {votesAt(row, 2)}</span>
          <span>3rd: {votesAt(row, 3)}</span>
        </p>
      </div>
      <p className="text-right">
        <span className="text-2xl font-extrabold tabular-nums sm:text-4xl" data-testid="leaderboard-points">
          {points}
        </span>{' '}
        <span className="text-sm text-muted-foreground sm:text-base">pts</span>
      </p>
      <div className="col-span-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Progress
          value={barPercent(points, topPoints)}
          aria-label={`${name}: ${row.totalPoints} of ${topPoints} points`}
          className="h-3 min-w-40 flex-1 sm:h-4"
          indicatorClassName={cn(ranked && row.place === 1 ? 'bg-gold' : 'bg-primary', 'transition-none')}
        />
        {href !== '#' && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline sm:text-base"
          >
            Visit Website
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">of {name} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}

/**
 * The 'Complete Leaderboard': every team of the cohort (those nobody ranked last, at 0 points) in the
 * ranking's order, its place (shared places say so), its points against the top score, and its votes per
 * rank.
 */
export function Leaderboard({
  rows,
  running,
  instant,
}: {
  rows: ResultRow[];
  running: boolean;
  instant: boolean;
}) {
  const topPoints = rows[0]?.totalPoints ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl sm:text-3xl">Complete Leaderboard</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3" aria-label="Leaderboard">
          {placedRows(rows).map((row) => (
            <LeaderboardRow
              key={row.teamId}
              row={row}
              topPoints={topPoints}
              running={running}
              instant={instant}
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
