import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhaseConfig } from '@shared/phase-config';
import { isPhaseNumber, WEBSITE_PHASE } from '@shared/phases';
import { AlertTriangle, Clock } from 'lucide-react';
import * as React from 'react';
import { useParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { ActivityFeedback, AskForHelp, HelpStatus } from '@/features/coaching';
import { WebsiteSubmissionSlot } from '@/features/showcase';
import { openWorkspaceDialog, useWorkspace, useWorkspaceUi, type WorkspaceMode } from '@/features/workspace';
import { DeferredHydration, releaseDeferredHydration } from '@/lib/deferred-hydration';
import { factValues } from './api/facts';
import { phaseConfigQueryOptions } from '@/lib/phase-config';
import { DecisionBox } from './components/decision-box';
import { ExpectedOutput, FallbackInstructions } from './components/expected-output';
import { KeepPracticeDialog } from './components/keep-practice-dialog';
import { DownloadAnswersButton, PdfDownloadButton } from './components/phase-downloads';
import { PhaseProgress } from './components/phase-progress';
import { PhaseWorkspace } from './components/phase-workspace';
import { WorkflowSteps } from './components/workflow-steps';
import { unsavedFacts } from './hooks/use-facts-autosave';
import { unsavedAnswers } from './hooks/use-phase-autosave';
import { formAnswers } from './lib/shared-answers';
import { answerStoreFor } from './store';
import { AnswerStoreProvider, savedActivity, useAnswerStore } from './store/answer-store';

function Message({ title, body }: { title: string; body: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{body}</p>
    </main>
  );
}

export default function PhasePage() {
  const { phaseId } = useParams();
  const phase = Number(phaseId);
  const { teamLoading, mode } = useWorkspace();
  const dialogOpen = useWorkspaceUi().dialog.open;

  // Practice mode nobody chose, once the session has answered (a browser whose session is a team must not
  // be asked for one): the dialog asks. Answering it in any way, closing it too, ends the asking.
  const ask = isPhaseNumber(phase) && mode.kind === 'practice' && mode.ask;
  // A first visit's activity body waits for the dialog's answer (lib/deferred-hydration.tsx). Released while
  // rendering, before a workspace's or practice's view of the activity first renders.
  if (mode.kind === 'workspace' || mode.chosen) releaseDeferredHydration();
  React.useEffect(() => {
    if (ask && !dialogOpen) openWorkspaceDialog({ destination: 'phase', phase });
  }, [ask, dialogOpen, phase]);

  const config = useQuery({ ...phaseConfigQueryOptions(phase), enabled: isPhaseNumber(phase) });
  // Where the answers live, from the page's mode: every part of the activity below uses this store.
  const store = answerStoreFor(mode);
  // Bumped after practice answers move into the workspace, so the open activity reads them.
  const [generation, setGeneration] = React.useState(0);

  if (!isPhaseNumber(phase)) {
    return <Message title="Phase Not Found" body="Please select a valid phase between 1 and 8." />;
  }
  if (config.isError) {
    return (
      <Message
        title="Configuration Error"
        body="Unable to load phase configuration. Please try again later."
      />
    );
  }
  if (config.isPending || teamLoading) return <FullPageSpinner label="Loading activity" />;

  return (
    <AnswerStoreProvider value={store}>
      <FollowStore />
      <PhaseView key={`${store.key}:${phase}:${generation}`} config={config.data} phase={phase} mode={mode} />
      {mode.kind === 'workspace' && (
        <KeepPracticeDialog key={mode.team.id} team={mode.team} onMoved={() => setGeneration((g) => g + 1)} />
      )}
    </AnswerStoreProvider>
  );
}

/** While the page shows its store, the store follows what other tabs change. */
function FollowStore() {
  const store = useAnswerStore();
  const queryClient = useQueryClient();
  React.useEffect(() => store.follow(queryClient), [store, queryClient]);
  return null;
}

/**
 * A part of the activity's body: on a first visit it keeps its pre-rendered HTML until the workspace dialog
 * is answered (lib/deferred-hydration.tsx).
 */
function ActivityPart({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <DeferredHydration>{children}</DeferredHydration>
    </div>
  );
}

/** What an activity's parts need: its config, its number and the page's mode (with its team, if any). */
type PhaseProps = { config: PhaseConfig; phase: number; mode: WorkspaceMode };

/**
 * Memoised: the page above re-renders whenever the session or the dialog changes (the session's first
 * answer comes while a first visit is still starting up), and the activity should not render again for it.
 */
const PhaseView = React.memo(function PhaseView({ config, phase, mode }: PhaseProps) {
  const team = mode.kind === 'workspace' ? mode.team : null;
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-4">
        <PhaseProgress
          phase={phase}
          currentPhase={team ? (team.currentPhase ?? 1) : undefined}
          websiteSubmitted={Boolean(team?.submittedWebsiteUrl)}
        />
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 max-w-3xl space-y-3">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {config.names.page}
            </h1>
            <p className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary">
              <Clock className="size-4" aria-hidden />
              <span className="sr-only">Estimated time: </span>
              {config.estimatedTime}
            </p>
            <p className="text-base leading-relaxed text-muted-foreground sm:text-lg">{config.intro}</p>
          </div>
          <div className="flex flex-wrap gap-2 lg:justify-end">
            {config.download && (
              <PdfDownloadButton label={config.download.label} href={config.download.href} />
            )}
            <DownloadAnswersButton mode={mode} />
            <AskForHelp
              teamId={team?.id}
              phase={phase}
              onOpenWorkspace={() => openWorkspaceDialog({ destination: 'phase' })}
            />
          </div>
        </div>
        {team && <HelpStatus teamId={team.id} />}
      </header>

      {team && <ActivityFeedback teamId={team.id} phase={phase} />}

      {config.decisionBoxContent && (
        <ActivityPart>
          <DecisionBox content={config.decisionBoxContent} />
        </ActivityPart>
      )}
      {config.stepByStepFlow && (
        <ActivityPart>
          <WorkflowSteps steps={config.stepByStepFlow} />
        </ActivityPart>
      )}

      <ActivityPart>
        <SavedAnswersLoader config={config} phase={phase} mode={mode} />
      </ActivityPart>

      <ActivityPart>
        <ExpectedOutput output={config.expectedOutput} />
        <FallbackInstructions instructions={config.instructions} />
      </ActivityPart>
    </main>
  );
});

/**
 * Loads the activity's saved answers and the team's shared facts from the page's store, then mounts the
 * form. Both are read afresh each time an activity opens (another device may have saved since).
 */
function SavedAnswersLoader({ config, phase, mode }: PhaseProps) {
  const store = useAnswerStore();
  const activities = useQuery({ ...store.activities, refetchOnMount: 'always' });
  const facts = useQuery({ ...store.facts, refetchOnMount: 'always' });
  const websitePanel =
    phase === WEBSITE_PHASE && mode.kind === 'workspace' && mode.team.cohortTag ? (
      <WebsiteSubmissionSlot team={mode.team} />
    ) : null;

  if (activities.isError || facts.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive-soft p-5 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 font-medium text-destructive">
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          Your saved answers could not be loaded. Check your connection and try again.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void activities.refetch();
            void facts.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!activities.isFetchedAfterMount || !facts.isFetchedAfterMount) {
    return (
      <div className="flex min-h-64 items-center justify-center rounded-xl border border-border bg-surface">
        <Spinner className="size-8 text-primary" label="Loading your answers" />
      </div>
    );
  }

  // Answers still waiting to be saved (an earlier visit while offline) are newer than the stored ones; the
  // other fields show what is stored (a teammate may have saved them since).
  const stored = savedActivity(phase)(activities.data ?? [])?.data;
  const factsNow = { ...factValues(facts.data), ...unsavedFacts(store) };
  const loaded = formAnswers(config.fields, { ...stored, ...unsavedAnswers(store, phase) }, factsNow);
  return (
    <PhaseWorkspace config={config} mode={mode.kind} initialAnswers={loaded}>
      {websitePanel}
    </PhaseWorkspace>
  );
}
