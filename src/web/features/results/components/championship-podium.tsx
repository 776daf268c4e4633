import type { ResultRow } from '@shared/schemas/showcase';
import { placeWords } from '@shared/scoring';
import { toSafeHref } from '@shared/website-url';
import { Crown, ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TeamAvatar } from '@/components/team-avatar';
import { cn } from '@/lib/cn';
import { useCountUp } from '../hooks/use-count-up';
import { isPlaceRevealed, type RevealStep } from '../lib/reveal-choreography';
import { type PlacedRow, type PodiumPlace, podiumPlaces } from '../lib/results-state';
import { teamLabel } from '../lib/team-label';

type Place = 1 | 2 | 3;

const PLACE = {
  1: { label: '1st Place', colour: 'bg-gold text-foreground', height: 'h-36 sm:h-48', order: 'order-2' },
  2: { label: '2nd Place', colour: 'bg-silver text-foreground', height: 'h-24 sm:h-36', order: 'order-1' },
  3: { label: '3rd Place', colour: 'bg-bronze text-black', height: 'h-16 sm:h-28', order: 'order-3' },
} as const;

/**
 * On a projector (presentation mode) the podium is sized by the screen: names at 2.5vw (48 px at 1920, 32 px
 * at 1280 wide), heights in vh so the podium and the leaderboard's top share a 16:9 screen without scrolling.
 */
const PRESENT_PLINTH = { 1: 'h-[28vh]', 2: 'h-[20vh]', 3: 'h-[14vh]' } as const;

const SIZES = {
  page: {
    crown: 'size-8 text-gold sm:size-12',
    avatar: (place: Place) =>
      cn(place === 1 ? 'size-16 sm:size-24' : 'size-14 sm:size-20', 'text-lg sm:text-2xl'),
    // Names wrap between words, never inside one nor cut (a phone's stand is about 100 px wide).
    name: 'w-full text-sm leading-tight font-bold text-balance break-normal hyphens-none sm:text-2xl',
    points: 'text-2xl font-extrabold text-foreground tabular-nums sm:text-4xl',
    pointsUnit: 'text-sm sm:text-base',
    plinth: (place: Place) => cn('pt-2 text-sm sm:pt-4 sm:text-xl', PLACE[place].colour, PLACE[place].height),
  },
  present: {
    crown: 'size-[7vh] text-gold',
    avatar: (place: Place) => cn(place === 1 ? 'size-[15vh]' : 'size-[11vh]', 'text-[clamp(1rem,2vw,3rem)]'),
    name: 'w-full text-[clamp(1.75rem,2.5vw,4rem)] leading-[1.1] font-extrabold text-balance break-normal hyphens-none',
    points: 'text-[clamp(1.75rem,3vw,5rem)] font-extrabold text-foreground tabular-nums',
    pointsUnit: 'text-[clamp(1rem,1.4vw,2rem)]',
    plinth: (place: Place) =>
      cn('pt-[1.2vh] text-[clamp(1rem,1.8vw,2.75rem)]', PLACE[place].colour, PRESENT_PLINTH[place]),
  },
} as const;

/**
 * One team standing on a place: its crown (1st), avatar, name and points counting up. Until its place is
 * revealed nothing of it is on the page, not even hidden: an empty stand of the same size holds its room, so
 * no name or avatar can be read, selected or found before its moment (reduced motion too: it only skips the
 * animation).
 */
function PodiumTeam(props: {
  row: PlacedRow;
  place: Place;
  revealed: boolean;
  instant: boolean;
  size: keyof typeof SIZES;
}) {
  return props.revealed ? <RevealedTeam {...props} /> : <EmptyStand place={props.place} size={props.size} />;
}

const STAND = 'flex min-w-0 flex-1 basis-0 flex-col items-center gap-2 px-1 pb-3 text-center';

function EmptyStand({ place, size }: { place: Place; size: keyof typeof SIZES }) {
  const sizes = SIZES[size];
  return (
    <div className={cn(STAND, 'invisible')} aria-hidden="true" data-testid="podium-empty-stand">
      {place === 1 && <span className={cn('block', sizes.crown)} />}
      <span className={cn('block rounded-full', sizes.avatar(place))} />
      <p className={sizes.name}>&nbsp;</p>
      <p>
        <span className={sizes.points}>&nbsp;</span>
      </p>
    </div>
  );
}

function RevealedTeam({
  row,
  place,
  instant,
  size,
}: {
  row: PlacedRow;
  place: Place;
  instant: boolean;
  size: keyof typeof SIZES;
}) {
  const sizes = SIZES[size];
  const points = useCountUp(row.totalPoints, { running: true, instant });
  const name = teamLabel(row);
  return (
    <div className={cn(STAND, !instant && 'animate-rise')}>
      {place === 1 && <Crown className={sizes.crown} aria-label="Champion's crown" />}
      <TeamAvatar
        team={{ id: row.teamId, name, avatarIcon: row.avatarIcon }}
        className={sizes.avatar(place)}
      />
      <p className={sizes.name} data-testid="podium-name">
        {name}
      </p>
      <p className="text-muted-foreground">
        <span className={sizes.points} data-testid="podium-points">
          {points}
        </span>{' '}
        <span className={sizes.pointsUnit}>{row.totalPoints === 1 ? 'point' : 'points'}</span>
      </p>
    </div>
  );
}

/**
 * One place of the podium: the teams standing on it side by side (more than one when they share it), over
 * one plinth that says the place, "=2nd Place" when shared. A shared place is as wide as its teams.
 */
function PodiumStep({
  place,
  step,
  instant: reducedMotion,
  settledStep,
  size,
}: {
  place: PodiumPlace;
  step: RevealStep;
  instant: boolean;
  settledStep: RevealStep;
  size: keyof typeof SIZES;
}) {
  const revealed = isPlaceRevealed(place.place, step);
  // A place already out when the page opened stands still; one revealed since rises and counts up.
  const instant = reducedMotion || isPlaceRevealed(place.place, settledStep);
  const config = PLACE[place.place];
  const label = place.shared ? `=${config.label}` : config.label;
  return (
    <li
      className={cn('flex min-w-0 flex-col items-center justify-end', config.order)}
      style={{ flexGrow: place.rows.length, flexBasis: 0 }}
      aria-hidden={!revealed}
      data-testid={`podium-place-${place.place}`}
      data-shared={place.shared}
      data-revealed={revealed}
    >
      <div className="flex w-full items-end">
        {place.rows.map((row) => (
          <PodiumTeam
            key={row.teamId}
            row={row}
            place={place.place}
            revealed={revealed}
            instant={instant}
            size={size}
          />
        ))}
      </div>
      <div
        className={cn(
          'flex w-full items-start justify-center rounded-t-lg font-bold shadow-inner',
          SIZES[size].plinth(place.place),
          !revealed && 'opacity-30',
        )}
        data-testid="podium-plinth"
      >
        <span aria-hidden="true">{label}</span>
        <span className="sr-only">{placeWords({ place: place.place, shared: place.shared })}</span>
      </div>
    </li>
  );
}

/**
 * The podium's places alone (presentation mode lays them out on the screen itself): 2nd, 1st, 3rd from the
 * left, each with every team placed there; a place a tie above leaves empty is not drawn.
 */
export function PodiumPlaces({
  rows,
  step,
  instant,
  settledStep = 0,
  size = 'page',
  className,
}: {
  rows: ResultRow[];
  step: RevealStep;
  /** Reduced motion: every place at once, no rise, no count-up. */
  instant: boolean;
  /** The places shown at once when the page opened (a reveal under way or done). */
  settledStep?: RevealStep;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <ol className={cn('mx-auto flex w-full items-end', className)} aria-label="Podium">
      {podiumPlaces(rows).map((place) => (
        <PodiumStep
          key={place.place}
          place={place}
          step={step}
          instant={instant}
          settledStep={settledStep}
          size={size}
        />
      ))}
    </ol>
  );
}

/**
 * The 'Championship Podium': 3rd, then 2nd, then 1st with a crown, each counting its points up; a 'Visit
 * {team}' button for each team on it with a website.
 */
export function ChampionshipPodium({
  rows,
  step,
  instant,
  settledStep = 0,
}: {
  rows: ResultRow[];
  step: RevealStep;
  instant: boolean;
  settledStep?: RevealStep;
}) {
  const top = podiumPlaces(rows).flatMap((place) => place.rows);
  const withSites = step >= 3 ? top.filter((row) => toSafeHref(row.websiteUrl) !== '#') : [];
  return (
    <Card className="overflow-hidden">
      <CardHeader className="items-center text-center">
        <CardTitle className="text-2xl sm:text-4xl">Championship Podium</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <PodiumPlaces
          rows={rows}
          step={step}
          instant={instant}
          settledStep={settledStep}
          className="max-w-4xl gap-2 sm:gap-6"
        />
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
