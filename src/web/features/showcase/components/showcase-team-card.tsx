import type { ShowcaseTeam } from '@shared/schemas/showcase';
import { toSafeHref } from '@shared/website-url';
import { ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { TeamAvatar } from '@/components/team-avatar';
import { cn } from '@/lib/cn';
import { RANK_LABELS, type Rank } from '../lib/ballot-draft';

export const RANK_RING: Record<Rank, string> = {
  1: 'ring-gold',
  2: 'ring-silver',
  3: 'ring-bronze',
};

/** Dark text on the medal colours: white on gold or bronze falls short of 4.5:1 contrast. */
export const RANK_FILL: Record<Rank, string> = {
  1: 'bg-gold text-foreground',
  2: 'bg-silver text-foreground',
  3: 'bg-bronze text-black',
};

/** What a visitor reads of a site's address: no scheme, no trailing slash. */
export function displayUrl(href: string): string {
  return href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** A website link: a new tab, no opener, https:// added; '#' (and no new tab) when there is none. */
export function WebsiteLink({ url, className }: { url: string | null; className?: string }) {
  const href = toSafeHref(url);
  if (href === '#') {
    return (
      // biome-ignore lint/a11y/useValidAnchor: an empty URL becomes '#', marked disabled; it goes nowhere.
      <a
        href="#"
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
        className={cn('text-sm text-muted-foreground italic', className)}
      >
        No website yet
      </a>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      <span className="truncate">{displayUrl(href)}</span>
      <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * One team in the showcase: avatar, name, website. While a ballot is being filled, rank buttons (1st,
 * 2nd, 3rd as toggle buttons) let the voter place the team; the voter's own team refuses them.
 */
export function ShowcaseTeamCard({
  team,
  isOwnTeam,
  ranks,
  selectedRank,
  onRank,
  className,
}: {
  className?: string;
  team: ShowcaseTeam;
  isOwnTeam: boolean;
  /** The ranks to fill; empty when there is no ballot (or the team cannot be voted for). */
  ranks: readonly Rank[];
  selectedRank?: Rank;
  onRank?: (rank: Rank) => void;
}) {
  return (
    <Card
      data-testid="showcase-team"
      className={cn(
        'flex flex-col gap-4 p-4 transition-shadow sm:p-5',
        selectedRank && ['ring-2 ring-offset-2 ring-offset-background', RANK_RING[selectedRank]],
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <TeamAvatar team={team} className="size-12 text-sm" />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-tight font-semibold break-words">{team.name}</h3>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {isOwnTeam && <Badge>Your team</Badge>}
            {selectedRank && (
              <Badge className={cn('border-transparent', RANK_FILL[selectedRank])}>
                Your {RANK_LABELS[selectedRank]} choice
              </Badge>
            )}
          </div>
        </div>
      </div>
      <WebsiteLink url={team.submittedWebsiteUrl} />
      {ranks.length > 0 && onRank && (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
        <div role="group" aria-label={`Rank ${team.name}`} className="mt-auto flex gap-2">
          {ranks.map((rank) => {
            const pressed = selectedRank === rank;
            return (
              <button
                key={rank}
                type="button"
                aria-pressed={pressed}
                aria-disabled={isOwnTeam || undefined}
                aria-label={`${RANK_LABELS[rank]} place for ${team.name}`}
                onClick={() => onRank(rank)}
                className={cn(
                  'h-11 flex-1 rounded-md border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  pressed
                    ? ['border-transparent shadow-sm', RANK_FILL[rank]]
                    : 'border-input bg-surface hover:bg-muted',
                  isOwnTeam && 'cursor-not-allowed opacity-50 hover:bg-surface',
                )}
              >
                {RANK_LABELS[rank]}
              </button>
            );
          })}
        </div>
      )}
    </Card>
  );
}
