import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ShowcaseTeam } from '@shared/schemas/showcase';
import type { Team } from '@shared/schemas/team';
import { CircleAlert, Globe, Lock, Maximize2, ShieldCheck, Trophy, UserRound, Vote } from 'lucide-react';
import * as React from 'react';
import { Link, useParams } from 'wouter';
import { CohortMessage, CohortNotFoundPage } from '@/components/cohort-message';
import { LivePausedNotice } from '@/components/live-paused-notice';
import { Button, buttonVariants } from '@/components/ui/button';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAdminStatus } from '@/lib/admin-session';
import { openWorkspaceDialog, useTeamSession } from '@/features/workspace';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { cohortStatusQueryOptions, useCohortEvents } from '@/lib/cohort-status';
import { callDefaults, messages } from '@/lib/messages';
import { decodeParam } from '@/lib/route-param';
import { usePresentation } from '@/lib/use-presentation';
import { castBallot } from './api/cast-ballot';
import { ballotQueryOptions } from './api/get-ballot';
import { showcaseTeamsQueryOptions } from './api/get-showcase-teams';
import { BallotPanel } from './components/ballot-panel';
import { BallotReceipt } from './components/ballot-receipt';
import { ShowcaseTeamCard } from './components/showcase-team-card';
import {
  assignRank,
  type BallotDraft,
  draftToVotes,
  type Rank,
  rankOf,
  ranksToFill,
} from './lib/ballot-draft';

// The projector's view carries the QR code's library: loaded only when an instructor presents.
const ShowcasePresentation = React.lazy(() => import('./components/showcase-presentation'));

/** /showcase/{cohortTag}: the sites, and the ballot while voting is open (docs/product.md, Showcase). */
export default function ShowcasePage() {
  const tag = decodeParam(useParams().cohortTag)?.trim().toLowerCase() || undefined;
  if (!tag) return <CohortNotFoundPage />;
  return <CohortShowcase key={tag} tag={tag} />;
}

function CohortShowcase({ tag }: { tag: string }) {
  const status = useQuery(cohortStatusQueryOptions(tag));
  const session = useTeamSession();
  const { isAdmin, adminLoading } = useAdminStatus();
  const presentation = usePresentation();
  const queryClient = useQueryClient();
  // On the projector, each ballot (or website) reads the teams again: who has voted shows as it happens.
  const presenting = React.useRef(false);
  presenting.current = presentation.presenting;
  useCohortEvents(status.data ? tag : undefined, () => {
    if (presenting.current)
      void queryClient.invalidateQueries({ queryKey: showcaseTeamsQueryOptions(tag).queryKey });
  });

  if (status.isPending) return <FullPageSpinner label="Loading the showcase" />;
  if (status.isError) {
    return (
      <PageShell>
        <CohortMessage icon={CircleAlert} title={callDefaults.fetchCohort} tone="destructive">
          {serverMessageOf(status.error) ?? 'Please check your connection and try again.'}
        </CohortMessage>
      </PageShell>
    );
  }
  if (status.data === null) return <CohortNotFoundPage />;
  const cohort = status.data;

  if (session.isPending || adminLoading) return <FullPageSpinner label="Checking your team session" />;
  const team = session.data ?? null;
  if (!team && !isAdmin) {
    return (
      <PageShell cohort={cohort}>
        <TeamSessionRequired />
      </PageShell>
    );
  }
  return (
    <PageShell cohort={cohort} bare={presentation.presenting}>
      <ShowcaseBody tag={tag} cohort={cohort} team={team} presentation={presentation} />
      <LivePausedNotice />
    </PageShell>
  );
}

type Presentation = ReturnType<typeof usePresentation>;

function PageShell({
  cohort,
  bare = false,
  children,
}: {
  cohort?: CohortStatus;
  /** Presenting: the presentation is the whole screen. */
  bare?: boolean;
  children: React.ReactNode;
}) {
  if (bare) return children;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 sm:py-12">
      <title>{cohort ? `${cohort.name} Showcase · Applied GenAI Lab` : 'Showcase · Applied GenAI Lab'}</title>
      {children}
    </main>
  );
}

function TeamSessionRequired() {
  return (
    <CohortMessage
      icon={Lock}
      title="Team session required"
      headingLevel={1}
      action={
        <Button size="lg" onClick={() => openWorkspaceDialog({ phase: 8 })}>
          <UserRound aria-hidden="true" />
          Open Your Workspace
        </Button>
      }
    >
      Open your team's workspace to see this showcase. Teams in the cohort can browse it once they have
      submitted their own website.
    </CohortMessage>
  );
}

function ShowcaseBody({
  tag,
  cohort,
  team,
  presentation,
}: {
  tag: string;
  cohort: CohortStatus;
  team: Team | null;
  presentation: Presentation;
}) {
  const teams = useQuery(showcaseTeamsQueryOptions(tag));
  const voter = team?.cohortTag === tag ? team : null;

  if (teams.isPending) return <FullPageSpinner label="Loading the teams" />;
  if (teams.isError) {
    const error = teams.error;
    if (error instanceof ApiError && error.status === 401) return <TeamSessionRequired />;
    if (error instanceof ApiError && error.status === 403 && voter && !voter.submittedWebsiteUrl) {
      return <SubmitFirst code={voter.code} />;
    }
    if (error instanceof ApiError && error.status === 403) {
      return (
        <CohortMessage
          icon={Lock}
          title="This showcase is for another cohort"
          headingLevel={1}
          tone="warning"
        >
          {team ? `${team.name} is not part of ${cohort.name}.` : serverMessageOf(error)} Open your own
          cohort's showcase from the Website Builder activity.
        </CohortMessage>
      );
    }
    return (
      <CohortMessage
        icon={CircleAlert}
        title={callDefaults.fetchCohortData}
        headingLevel={1}
        tone="destructive"
      >
        {serverMessageOf(error) ?? 'Please try again.'}
      </CohortMessage>
    );
  }

  return <Showcase tag={tag} cohort={cohort} teams={teams.data} voter={voter} presentation={presentation} />;
}

function SubmitFirst({ code }: { code: string }) {
  return (
    <CohortMessage
      icon={Globe}
      title="Submit your website first"
      headingLevel={1}
      action={
        <Link to={`/phase/8?team_id=${code}`} className={buttonVariants({ size: 'lg' })}>
          Go to Website Builder
        </Link>
      }
    >
      Teams see the showcase after submitting their own deployed website.
    </CohortMessage>
  );
}

function Showcase({
  tag,
  cohort,
  teams,
  voter,
  presentation,
}: {
  tag: string;
  cohort: CohortStatus;
  teams: ShowcaseTeam[];
  voter: Team | null;
  presentation: Presentation;
}) {
  const queryClient = useQueryClient();
  const { isAdmin } = useAdminStatus();
  const ballot = useQuery({
    ...ballotQueryOptions(tag, voter?.id),
    enabled: Boolean(voter && cohort.competitionEnabled),
  });
  const [draft, setDraft] = React.useState<BallotDraft>({});
  const teamsById = React.useMemo(() => new Map(teams.map((t) => [t.id, t])), [teams]);
  const eligible = teams.filter((t) => t.id !== voter?.id && t.submittedWebsiteUrl);
  const ranks = ranksToFill(eligible.length);

  const cast = useMutation({
    mutationFn: () => castBallot(tag, draftToVotes(draft, ranks)),
    onSuccess: (votes) => {
      queryClient.setQueryData(ballotQueryOptions(tag, voter?.id).queryKey, votes);
      toast({ variant: 'success', ...messages.votesSubmitted });
    },
    onError: (error) => {
      toast({ variant: 'destructive', ...messages.submitVotesFailed(serverMessageOf(error)) });
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ballotQueryOptions(tag, voter?.id).queryKey });
      }
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: cohortStatusQueryOptions(tag).queryKey });
      }
    },
  });

  const votes = ballot.data ?? [];
  const hasVoted = votes.length > 0;
  const votingOpen = cohort.competitionEnabled && cohort.votingOpen;
  const balloting = Boolean(voter) && votingOpen && ballot.isSuccess && !hasVoted && ranks.length > 0;

  const onRank = (team: ShowcaseTeam, rank: Rank) => {
    if (team.id === voter?.id) {
      toast({ variant: 'destructive', ...messages.ownTeamVote });
      return;
    }
    setDraft((current) => assignRank(current, team.id, rank));
  };

  if (presentation.presenting) {
    return (
      <React.Suspense fallback={<FullPageSpinner label="Loading the presentation" />}>
        <ShowcasePresentation tag={tag} cohort={cohort} teams={teams} onExit={presentation.exit} />
      </React.Suspense>
    );
  }

  return (
    <>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Cohort showcase</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{cohort.name}</h1>
          <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">
            {balloting
              ? `Visit the sites, then rank your ${FAVOURITES[ranks.length] ?? 'three favourites'} from other teams: ${POINTS_HINT}.`
              : 'The websites built by the teams of this cohort. Each opens in a new tab.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin && (
            <Button variant="outline" onClick={presentation.enter} className="hidden sm:inline-flex">
              <Maximize2 aria-hidden="true" />
              Present
            </Button>
          )}
          {cohort.competitionEnabled && (
            <Link to={`/results/${tag}`} className={buttonVariants({ variant: 'outline' })}>
              <Trophy aria-hidden="true" />
              View Results
            </Link>
          )}
        </div>
      </header>

      {!voter && <AdminNote />}
      {voter && cohort.competitionEnabled && ballot.isPending && <Spinner label="Loading your ballot" />}
      {voter && hasVoted && <BallotReceipt votes={votes} teamsById={teamsById} />}
      {voter && cohort.competitionEnabled && !votingOpen && !hasVoted && ballot.isSuccess && (
        <VotingClosedNote />
      )}

      {/* The team cards' names are h3s: this heading keeps the outline in order (h1, h2, h3). */}
      <h2 id="showcase-teams-heading" className="sr-only">
        Teams
      </h2>
      {teams.length === 0 ? (
        <CohortMessage icon={Globe} title="No teams yet">
          Teams appear here once they join the cohort.
        </CohortMessage>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby="showcase-teams-heading">
          {teams.map((t) => {
            const canBeRanked = balloting && (t.id === voter?.id || Boolean(t.submittedWebsiteUrl));
            return (
              <li key={t.id} className="flex">
                <ShowcaseTeamCard
                  className="w-full"
                  team={t}
                  isOwnTeam={t.id === voter?.id}
                  ranks={canBeRanked ? ranks : []}
                  selectedRank={balloting ? rankOf(draft, t.id) : undefined}
                  onRank={(rank) => onRank(t, rank)}
                />
              </li>
            );
          })}
        </ul>
      )}

      {balloting && (
        <BallotPanel
          ranks={ranks}
          draft={draft}
          teamsById={teamsById}
          submitting={cast.isPending}
          onCast={async () => {
            try {
              await cast.mutateAsync();
              return true;
            } catch {
              return false;
            }
          }}
        />
      )}
    </>
  );
}

const FAVOURITES: Record<number, string> = { 1: 'favourite', 2: 'two favourites', 3: 'three favourites' };
const POINTS_HINT = '1st gets 3 points, 2nd 2 and 3rd 1';

function AdminNote() {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
      <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
      You are viewing this showcase as an instructor. Teams vote from their own workspace.
    </p>
  );
}

function VotingClosedNote() {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
      <Vote className="size-4 shrink-0 text-primary" aria-hidden="true" />
      Voting is not open right now. This page updates by itself when your instructor opens it.
    </p>
  );
}
