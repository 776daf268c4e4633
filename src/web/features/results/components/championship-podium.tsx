import type { ResultRow } from '@shared/schemas/showcase';
import { toSafeHref } from '@shared/website-url';
import { Crown, ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TeamAvatar } from '@/components/team-avatar';
import { cn } from '@/lib/cn';
import { useCountUp } from '../hooks/use-count-up';
import { isPlaceRevealed, type RevealStep } from '../lib/reveal-choreography';
import { teamLabel } from '../lib/team-label';

type Place = 1 | 2 | 3;

const PLACE = {
  1: { label: '1st Place', plinth: 'h-36 bg-gold text-foreground sm:h-48', order: 'order-2' },
  2: { label: '2nd Place', plinth: 'h-24 bg-silver text-foreground sm:h-36', order: 'order-1' },
  3: { label: '3rd Place', plinth: 'h-16 bg-bronze text-black sm:h-28', order: 'order-3' },
} as const;

function PodiumPlace({
  row,
  place,
  step,
  instant,
}: {
  row: ResultRow;
  place: Place;
  step: RevealStep;
  instant: boolean;
}) {
  const revealed = isPlaceRevealed(place, step);
  const points = useCountUp(row.totalPoints, { running: revealed, instant });
  const name = teamLabel(row);
  const config = PLACE[place];
  return (
    <li
      className={cn('flex min-w-0 flex-1 flex-col items-center justify-end', config.order)}
      aria-hidden={!revealed}
      data-testid={`podium-place-${place}`}
      data-revealed={revealed}
    >
      <div
        className={cn(
          'flex w-full flex-col items-center gap-2 px-1 pb-3 text-center',
          revealed ? 'animate-rise' : 'invisible',
        )}
      >
        {place === 1 && <Crown className="size-8 text-gold sm:size-12" aria-label="Champion's crown" />}
        <TeamAvatar
          name={name}
          avatarIcon={row.avatarIcon}
          className={cn(place === 1 ? 'size-16 sm:size-24' : 'size-14 sm:size-20', 'text-lg sm:text-2xl')}
        />
        <p className="w-full text-base leading-tight font-bold break-words sm:text-2xl">{name}</p>
        <p className="text-muted-foreground">
          <span
            className="text-2xl font-extrabold text-foreground tabular-nums sm:text-4xl"
            data-testid="podium-points"
          >
            {points}
          </span>{' '}
          <span className="text-sm sm:text-base">{row.totalPoints === 1 ? 'point' : 'points'}</span>
        </p>
      </div>
      <div
        className={cn(
          'flex w-full items-start justify-center rounded-t-lg pt-2 text-sm font-bold shadow-inner sm:pt-4 sm:text-xl',
          config.plinth,
          !revealed && 'opacity-30',
        )}
      >
        {config.label}
      </div>
    </li>
  );
}

/** The 'Championship Podium': 3rd, then 2nd, then 1st with a crown, each counting its points up. */
export function ChampionshipPodium({
  rows,
  step,
  instant,
}: {
  rows: ResultRow[];
  step: RevealStep;
  instant: boolean;
}) {
  const top = rows.slice(0, 3);
  const withSites = step >= 3 ? top.filter((row) => toSafeHref(row.websiteUrl) !== '#') : [];
  return (
    <Card className="overflow-hidden">
      <CardHeader className="items-center text-center">
        <CardTitle className="text-2xl sm:text-4xl">Championship Podium</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ol className="mx-auto flex w-full max-w-4xl items-end gap-2 sm:gap-6" aria-label="Podium">
          {top.map((row, i) => (
            <PodiumPlace key={row.teamId} row={row} place={(i + 1) as Place} step={step} instant={instant} />
          ))}
        </ol>
        {withSites.length > 0 && (
          <div className="flex flex-wrap justify-center gap-3 animate-fade-in">
            {withSites.map((row) => (
              <a
                key={row.teamId}
                href={toSafeHref(row.websiteUrl)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline', size: 'lg', className: 'max-w-full' })}
              >
                <ExternalLink aria-hidden="true" />
                <span className="truncate">Visit {teamLabel(row)}</span>
              </a>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
