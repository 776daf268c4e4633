import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CohortStatus } from '@shared/schemas/cohort';
import type { ResultRow } from '@shared/schemas/showcase';
import { CircleAlert, Hourglass, Maximize2, Presentation, Trophy, UserRound, Vote } from 'lucide-react';
import * as React from 'react';
import { useParams } from 'wouter';
import { CohortMessage, CohortNotFoundPage } from '@/components/cohort-message';
import { LivePausedNotice } from '@/components/live-paused-notice';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAdminStatus } from '@/lib/admin-session';
import { openWorkspaceDialog, useWorkspace } from '@/features/workspace';
import { serverMessageOf } from '@/lib/api-client';
import {
  cohortStatusQueryOptions,
  holdRevealForRoom,
  revealToRoom,
  setCachedReveal,
  useCohortEvents,
} from '@/lib/cohort-status';
import { cn } from '@/lib/cn';
import { callDefaults, messages } from '@/lib/messages';
import { decodeParam } from '@/lib/route-param';
import { usePresentation } from '@/lib/use-presentation';
import { resultsQueryOptions } from './api/get-results';
import { showcaseKeys } from '@/lib/query-keys';
import { ChampionshipPodium } from './components/championship-podium';
import { Leaderboard } from './components/leaderboard';
import { ResultsPresentation } from './components/results-presentation';
import { ReleasePointer } from './components/release-pointer';
import { RevealButton } from './components/reveal-button';
import { RevealAnnouncer } from './components/reveal-announcer';
import { ScoringSystemCard } from './components/scoring-system-card';
import { TieBreakNote } from './components/tie-break-note';
import { VotedCount } from './components/voted-count';
import { usePrefersReducedMotion } from './hooks/use-prefers-reduced-motion';
import { useReveal } from './hooks/use-reveal';
import { PacedRevealControls } from './components/paced-reveal-controls';
import { LEADERBOARD_STEP, type RevealStep } from './lib/reveal-choreography';
import {
  hasPodium,
  heldStepOf,
  type RevealState,
  resultsState,
  revealWithin,
  waitsForTheRoom,
} from './lib/results-state';
import { type RoomReveal, revealStepOf, roomRevealAction } from './lib/room-reveal';
import { tieNotes } from './lib/tie-notes';

/** /results/{cohortTag}: every state (docs/product.md, Results), then the podium reveal. Live through SSE. */
export default function ResultsPage() {
  const tag = decodeParam(useParams().cohortTag)?.trim().toLowerCase() || undefined;
  if (!tag) return <CohortNotFoundPage />;
  return <CohortResults key={tag} tag={tag} />;
}

/**
 * The reveal of one results page. The cohort's reveal (`revealedAt` and `revealStep` in its status, kept live
 * by its events) drives it: a reveal already stored when the page opens shows its steps at once, one that
 * arrives or moves a step while open runs the choreography to that step, and null (results hidden again)
 * goes back to before it.
 */
function useResultsReveal(tag: string, cohort: CohortStatus | null | undefined, visible: boolean) {
  const queryClient = useQueryClient();
  const { isAdmin } = useAdminStatus();
  const reducedMotion = usePrefersReducedMotion();
  const reveal = useReveal({ reducedMotion });
  const revealRef = React.useRef(reveal);
  revealRef.current = reveal;

  const known = React.useRef<RoomReveal | undefined>(undefined);
  const revealedAt = cohort ? (cohort.revealedAt ?? null) : undefined;
  const revealStep = cohort?.revealStep ?? 0;
  // Before paint: a page opened after the reveal never flashes the button.
  React.useLayoutEffect(() => {
    if (revealedAt === undefined) return;
    const next = { revealedAt, revealStep };
    const action = roomRevealAction(known.current, next, Date.now());
    known.current = next;
    if (action === 'play') revealRef.current.advance(revealStepOf(next));
    else if (action === 'show') revealRef.current.show(revealStepOf(next));
    else if (action === 'reset') revealRef.current.reset();
  }, [revealedAt, revealStep]);

  // Hidden results take this screen's own reveal with them.
  React.useEffect(() => {
    if (!visible) revealRef.current.reset();
  }, [visible]);

  const room = useMutation({
    mutationFn: (step: RevealStep | undefined) => revealToRoom(tag, step),
    // Its event moves this screen too; the answer does if the event is slower (the same step: no replay).
    onSuccess: (answer) => setCachedReveal(queryClient, tag, answer),
    onError: (error) => toast({ variant: 'destructive', ...messages.revealFailed(serverMessageOf(error)) }),
  });

  return {
    ...reveal,
    onReveal: () => (isAdmin ? room.mutate(undefined) : reveal.start()),
    onNextPlace: isAdmin ? (step: RevealStep) => room.mutate(step) : undefined,
    roomStep: cohort ? revealStepOf({ revealedAt: cohort.revealedAt, revealStep }) : 0,
    revealing: room.isPending,
    forRoom: isAdmin,
    reducedMotion,
  } satisfies RevealState;
}

function CohortResults({ tag }: { tag: string }) {
  const queryClient = useQueryClient();
  const status = useQuery(cohortStatusQueryOptions(tag));
  const cohort = status.data;
  const { isAdmin } = useAdminStatus();
  const visible = Boolean(cohort?.competitionEnabled && cohort.resultsVisible);
  // While the room's reveal is held for the big screen, a team's page asks for nothing (the server refuses).
  const readable = visible && Boolean(cohort) && !waitsForTheRoom(cohort!, isAdmin);
  const heldStep = heldStepOf(cohort, isAdmin);
  const results = useQuery(resultsQueryOptions(tag, readable, heldStep));
  // A team's page takes the room's reveal as far as the places it has been given.
  const reveal = useResultsReveal(
    tag,
    cohort && heldStep !== undefined ? revealWithin(cohort, results.data) : cohort,
    visible,
  );
  const presentation = usePresentation();
  // An instructor presenting the results runs the room's reveal: teams' pages wait for the big screen.
  const presenting = presentation.presenting && isAdmin;
  React.useEffect(() => {
    if (!presenting) return;
    holdRevealForRoom(tag).catch((error: unknown) =>
      toast({ variant: 'destructive', ...messages.revealFailed(serverMessageOf(error)) }),
    );
  }, [presenting, tag]);

  // New ballots change visible results; the first count after connecting is only the current state.
  const lastBallotCount = React.useRef<number | null>(null);
  useCohortEvents(cohort ? tag : undefined, ({ ballotCount }) => {
    const previous = lastBallotCount.current;
    lastBallotCount.current = ballotCount;
    if (previous !== null && previous !== ballotCount && readable) {
      void queryClient.invalidateQueries({ queryKey: showcaseKeys.results(tag) });
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

  const rows = results.data ?? [];
  const announcer = (
    <RevealAnnouncer rows={rows} step={reveal.step} quiet={!reveal.revealed || reveal.settled} />
  );

  if (presentation.presenting) {
    return (
      <>
        <ResultsPresentation cohort={cohort} results={results} reveal={reveal} onExit={presentation.exit} />
        {announcer}
        <LivePausedNotice />
      </>
    );
  }

  return (
    <ResultsShell cohort={cohort} onPresent={isAdmin ? presentation.enter : undefined}>
      <ResultsBody cohort={cohort} results={results} reveal={reveal} />
      {announcer}
      <LivePausedNotice />
    </ResultsShell>
  );
}

function ResultsShell({
  cohort,
  onPresent,
  children,
}: {
  cohort?: CohortStatus;
  onPresent?: () => void;
  children: React.ReactNode;
}) {
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
          {onPresent && (
            <Button variant="outline" size="sm" onClick={onPresent} className="hidden sm:inline-flex">
              <Maximize2 aria-hidden="true" />
              Present
            </Button>
          )}
        </header>
      )}
      {children}
    </main>
  );
}

function ResultsBody({
  cohort,
  results,
  reveal,
}: {
  cohort: CohortStatus;
  results: UseQueryResult<ResultRow[]>;
  reveal: RevealState;
}) {
  const state = resultsState(cohort, results, reveal.forRoom);
  if (state === 'off') {
    return (
      <CohortMessage icon={Presentation} title="Competition Not Enabled">
        This cohort is running in showcase mode without competition features.
      </CohortMessage>
    );
  }
  if (state === 'hidden') {
    return (
      <CohortMessage
        icon={Hourglass}
        title="Results Not Yet Available"
        tone="celebrate"
        action={
          <VotedCount ballotCount={cohort.ballotCount} teamCount={cohort.teamCount} className="text-lg" />
        }
      >
        The final votes are being tallied. Please check back later!
        <ReleasePointer />
      </CohortMessage>
    );
  }
  if (state === 'room') {
    return (
      <CohortMessage
        icon={Presentation}
        title="The winners will be revealed on the big screen"
        tone="celebrate"
        action={
          <VotedCount ballotCount={cohort.ballotCount} teamCount={cohort.teamCount} className="text-lg" />
        }
      >
        Your instructor reveals them to the whole room. This page follows the big screen, place by place.
      </CohortMessage>
    );
  }
  if (state === 'loading') return <FullPageSpinner label="Loading results" />;
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
  if (state === 'empty') {
    return (
      <CohortMessage icon={Vote} title="No votes yet">
        Results will appear here once voting begins and teams submit their votes.
      </CohortMessage>
    );
  }
  return <Reveal rows={results.data ?? []} cohort={cohort} reveal={reveal} />;
}

function Reveal({ rows, cohort, reveal }: { rows: ResultRow[]; cohort: CohortStatus; reveal: RevealState }) {
  const { revealed, step, settled, reducedMotion } = reveal;
  if (!revealed) {
    return (
      <CohortMessage
        icon={Trophy}
        title="The Moment You've Been Waiting For"
        tone="celebrate"
        className="max-w-3xl"
        action={
          <>
            <VotedCount ballotCount={cohort.ballotCount} teamCount={cohort.teamCount} className="text-lg" />
            <RevealButton reveal={reveal} className="mt-2" />
            {reveal.forRoom && (
              <p className="text-sm text-muted-foreground">
                Starts the reveal on every screen showing these results.
              </p>
            )}
            <PacedRevealControls rows={rows} reveal={reveal} />
          </>
        }
      >
        All votes have been counted. Are you ready to see who won?
      </CohortMessage>
    );
  }

  const instant = reducedMotion || reveal.settledStep >= LEADERBOARD_STEP;
  const leaderboardRunning = step >= LEADERBOARD_STEP;
  return (
    <div className="flex flex-col gap-8" data-testid="revealed-results" data-reveal-step={step}>
      <PacedRevealControls rows={rows} reveal={reveal} />
      {hasPodium(rows) && (
        <ChampionshipPodium
          rows={rows}
          step={step}
          instant={reducedMotion}
          settledStep={reveal.settledStep}
        />
      )}
      {leaderboardRunning && (
        <div className={cn('flex flex-col gap-8', !settled && !instant && 'animate-rise')}>
          <TieBreakNote notes={tieNotes(rows)} />
          <Leaderboard rows={rows} running={leaderboardRunning} instant={instant} />
        </div>
      )}
      <ScoringSystemCard />
    </div>
  );
}
