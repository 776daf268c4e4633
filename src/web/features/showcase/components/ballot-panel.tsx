import type { ShowcaseTeam } from '@shared/schemas/showcase';
import { POINTS_BY_RANK } from '@shared/scoring';
import { Vote } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TeamAvatar } from '@/components/team-avatar';
import { cn } from '@/lib/cn';
import { type BallotDraft, isDraftComplete, RANK_LABELS, type Rank } from '../lib/ballot-draft';
import { RANK_FILL } from './showcase-team-card';

const points = (rank: Rank) => POINTS_BY_RANK[rank];
const pointsLabel = (rank: Rank) => `${points(rank)} ${points(rank) === 1 ? 'point' : 'points'}`;

/** The ranking as a list: one line per rank, with the team (or an empty slot) and its points. */
export function RankingList({
  ranks,
  draft,
  teamsById,
  size = 'default',
}: {
  ranks: readonly Rank[];
  draft: BallotDraft;
  teamsById: Map<string, ShowcaseTeam>;
  size?: 'default' | 'compact';
}) {
  return (
    <ol className={cn('grid gap-2', size === 'compact' && 'sm:grid-cols-3')}>
      {ranks.map((rank) => {
        const teamId = draft[rank];
        const team = teamId
          ? (teamsById.get(teamId) ?? {
              id: teamId,
              name: 'Unknown Team',
              avatarIcon: null,
              submittedWebsiteUrl: null,
            })
          : undefined;
        return (
          <li
            key={rank}
            className={cn(
              'flex min-w-0 items-center gap-3 rounded-lg border px-3 py-2',
              team ? 'border-border bg-surface' : 'border-dashed border-input bg-muted/50',
            )}
          >
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                RANK_FILL[rank],
              )}
            >
              {RANK_LABELS[rank]}
            </span>
            {team ? (
              <>
                <TeamAvatar team={team} className="size-8 text-sm" />
                <span className="min-w-0 flex-1 truncate font-medium">{team.name}</span>
              </>
            ) : (
              <span className="flex-1 text-sm text-muted-foreground">Not chosen yet</span>
            )}
            <span className="shrink-0 text-xs font-medium text-muted-foreground">{pointsLabel(rank)}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The ballot's summary and its two-step cast: 'Submit Votes' is enabled only when every rank is filled,
 * and opens a confirmation that shows the ranking before it is sent.
 */
export function BallotPanel({
  ranks,
  draft,
  teamsById,
  submitting,
  onCast,
}: {
  ranks: readonly Rank[];
  draft: BallotDraft;
  teamsById: Map<string, ShowcaseTeam>;
  submitting: boolean;
  onCast: () => Promise<boolean>;
}) {
  const [confirming, setConfirming] = React.useState(false);
  const complete = isDraftComplete(draft, ranks);
  const filled = ranks.filter((rank) => draft[rank]).length;

  return (
    <section
      aria-labelledby="ballot-heading"
      className="sticky bottom-0 z-10 -mx-4 border-t border-border bg-surface/95 px-4 py-4 shadow-[0_-4px_16px_rgb(15_23_42/0.06)] backdrop-blur sm:static sm:mx-0 sm:rounded-xl sm:border sm:p-6 sm:shadow-sm"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center">
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="ballot-heading" className="text-lg font-semibold">
              Your ballot
            </h2>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {filled} of {ranks.length} chosen
            </span>
          </div>
          <div className="hidden sm:block">
            <RankingList ranks={ranks} draft={draft} teamsById={teamsById} size="compact" />
          </div>
        </div>
        <Button
          size="lg"
          className="w-full lg:w-auto"
          disabled={!complete || submitting}
          onClick={() => setConfirming(true)}
        >
          <Vote aria-hidden="true" />
          Submit Votes
        </Button>
      </div>

      <Dialog open={confirming} onOpenChange={(open) => !submitting && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm your votes</DialogTitle>
            <DialogDescription>
              Check your ranking. Once cast, your team's votes cannot be changed.
            </DialogDescription>
          </DialogHeader>
          <RankingList ranks={ranks} draft={draft} teamsById={teamsById} />
          <DialogFooter>
            <Button variant="outline" disabled={submitting} onClick={() => setConfirming(false)}>
              Go Back
            </Button>
            <Button
              disabled={submitting}
              onClick={async () => {
                if (await onCast()) setConfirming(false);
              }}
            >
              {submitting && <Spinner className="size-4 text-primary-foreground" label="Casting votes" />}
              Cast My Votes
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
