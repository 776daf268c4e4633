import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { CircleAlert, Hourglass, Presentation, Trophy, UserRound, Vote } from 'lucide-react';
import * as React from 'react';
import { useParams } from 'wouter';
import { CohortMessage, CohortNotFoundPage } from '@/components/cohort-message';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAdminStatus } from '@/features/admin';
import { openWorkspaceDialog, useWorkspace } from '@/features/workspace';
import { serverMessageOf } from '@/lib/api-client';
import { cohortStatusQueryOptions, useCohortEvents } from '@/lib/cohort-status';
import { callDefaults } from '@/lib/messages';
import { decodeParam } from '@/lib/route-param';
import { resultsQueryOptions } from './api/get-results';
import { ChampionshipPodium } from './components/championship-podium';
import { Leaderboard } from './components/leaderboard';
import { ScoringSystemCard } from './components/scoring-system-card';
import { usePrefersReducedMotion } from './hooks/use-prefers-reduced-motion';
import { useReveal } from './hooks/use-reveal';
import { LEADERBOARD_STEP, type RevealStep } from './lib/reveal-choreography';
import { teamLabel } from './lib/team-label';

/** The podium needs at least three teams with results (docs/product.md, Limits and constants). */
const PODIUM_MIN_TEAMS = 3;

/** /results/{cohortTag}: every state (docs/product.md, Results), then the podium reveal. Live through SSE. */
export default function ResultsPage() {
  const tag = decodeParam(useParams().cohortTag)?.trim().toLowerCase() || undefined;
  if (!tag) return <CohortNotFoundPage />;
  return <CohortResults key={tag} tag={tag} />;
}

function CohortResults({ tag }: { tag: string }) {
  const queryClient = useQueryClient();
  const status = useQuery(cohortStatusQueryOptions(tag));
  const cohort = status.data;
  const visible = Boolean(cohort?.competitionEnabled && cohort.resultsVisible);
  const results = useQuery(resultsQueryOptions(tag, visible));

  // New ballots change visible results; the first count after connecting is only the current state.
  const lastBallotCount = React.useRef<number | null>(null);
  useCohortEvents(cohort ? tag : undefined, ({ ballotCount }) => {
    const previous = lastBallotCount.current;
    lastBallotCount.current = ballotCount;
    if (previous !== null && previous !== ballotCount && visible) {
      void queryClient.invalidateQueries({ queryKey: resultsQueryOptions(tag, visible).queryKey });
    }
  });

  if (status.isPending) return <FullPageSpinner label="Loading results" />;
  if (status.isError) {
    return (
      <ResultsShell>
        <CohortMessage icon={CircleAlert} title={callDefaults.fetchCohort} tone="destructive">
          {serverMessageOf(status.error) ?? 'Please check your connection and try again.'}
        </CohortMessage>
      </ResultsShell>
    );
  }
  if (!cohort) return <CohortNotFoundPage />;

  return (
    <ResultsShell cohort={cohort}>
      <ResultsBody cohort={cohort} results={results} />
    </ResultsShell>
  );
}

function ResultsShell({ cohort, children }: { cohort?: CohortStatus; children: React.ReactNode }) {
  const { team } = useWorkspace();
  const { isAdmin } = useAdminStatus();
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-8 sm:py-12">
      <title>{cohort ? `Voting Results: ${cohort.name} · Applied GenAI Lab` : 'Voting Results'}</title>
      {cohort && (
        <header className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Voting Results: {cohort.name}
          </h1>
          <p className="text-lg text-muted-foreground sm:text-2xl">
            Final voting results for the cohort showcase competition.
          </p>
          {!team && !isAdmin && (
            // The workspace dialog opened here returns to / (docs/product.md, Workspace dialog).
            <Button variant="ghost" size="sm" onClick={() => openWorkspaceDialog({ destination: 'landing' })}>
              <UserRound aria-hidden="true" />
              Open Your Workspace
            </Button>
          )}
        </header>
      )}
      {children}
    </main>
  );
}

function ResultsBody({ cohort, results }: { cohort: CohortStatus; results: UseQueryResult<ResultRow[]> }) {
  if (!cohort.competitionEnabled) {
    return (
      <CohortMessage icon={Presentation} title="Competition Not Enabled">
        This cohort is running in showcase mode without competition features.
      </CohortMessage>
    );
  }
  if (!cohort.resultsVisible) {
    return (
      <CohortMessage icon={Hourglass} title="Results Not Yet Available" tone="celebrate">
        The final votes are being tallied. Please check back later!
      </CohortMessage>
    );
  }
  if (results.isPending) return <FullPageSpinner label="Loading results" />;
  if (results.isError) {
    return (
      <CohortMessage icon={CircleAlert} title={callDefaults.fetchResults} tone="destructive">
        {serverMessageOf(results.error) ?? 'Please try again.'}
        <Button variant="outline" className="mt-4" onClick={() => void results.refetch()}>
          Try Again
        </Button>
      </CohortMessage>
    );
  }
  if (results.data.length === 0) {
    return (
      <CohortMessage icon={Vote} title="No votes yet">
        Results will appear here once voting begins and teams submit their votes.
      </CohortMessage>
    );
  }
  return <Reveal rows={results.data} />;
}

const STEP_ANNOUNCEMENTS: Record<RevealStep, (rows: ResultRow[]) => string> = {
  0: () => 'And the winners are…',
  1: (rows) => (rows[2] ? `Third place: ${teamLabel(rows[2])}` : ''),
  2: (rows) => (rows[1] ? `Second place: ${teamLabel(rows[1])}` : ''),
  3: (rows) => (rows[0] ? `First place: ${teamLabel(rows[0])}!` : ''),
};

function Reveal({ rows }: { rows: ResultRow[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const { revealed, step, start } = useReveal({ reducedMotion });

  if (!revealed) {
    return (
      <CohortMessage
        icon={Trophy}
        title="The Moment You've Been Waiting For"
        tone="celebrate"
        className="max-w-3xl"
        action={
          <Button variant="accent" size="xl" className="mt-2" onClick={start}>
            🏆 And the winners are...
          </Button>
        }
      >
        All votes have been counted. Are you ready to see who won?
      </CohortMessage>
    );
  }

  const leaderboardRunning = step >= LEADERBOARD_STEP;
  return (
    <div className="flex flex-col gap-8">
      <p className="sr-only" aria-live="polite">
        {STEP_ANNOUNCEMENTS[step](rows)}
      </p>
      {rows.length >= PODIUM_MIN_TEAMS && (
        <ChampionshipPodium rows={rows} step={step} instant={reducedMotion} />
      )}
      {leaderboardRunning && (
        <div className="animate-rise">
          <Leaderboard rows={rows} running={leaderboardRunning} instant={reducedMotion} />
        </div>
      )}
      <ScoringSystemCard />
    </div>
  );
}
