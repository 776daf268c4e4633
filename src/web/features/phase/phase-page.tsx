import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhaseConfig } from '@shared/phase-config';
import { isPhaseNumber } from '@shared/phases';
import { ArrowDown, CheckCircle2, Clock } from 'lucide-react';
import * as React from 'react';
import { useParams } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ActivityFeedback, AskForHelp, HelpStatus } from '@/features/coaching';
import { openWorkspaceDialog, useWorkspace, useWorkspaceUi, type WorkspaceMode } from '@/features/workspace';
import { DeferredHydration, releaseDeferredHydration, useHydrating } from '@/lib/deferred-hydration';
import { preloadable } from '@/lib/preloadable';
import { programmePhaseQueryOptions, useTeamProgramme } from '@/lib/team-programme';
import { STANDARD_TEAM_PROGRAMME } from '@shared/programme-ref';
import { ExpectedOutput, FallbackInstructions } from './components/expected-output';
import { AnswersLoading } from './components/answers-loading';
import { DownloadAnswersButton, PdfDownloadButton } from './components/phase-downloads';
import { PhaseProgress } from './components/phase-progress';
import { PracticeBanner } from './components/practice-banner';
import { WayOn } from './components/way-on';
import { usePhasesDone } from './hooks/use-phases-done';
import { answerStoreFor } from './store';
import { AnswerStoreProvider, useAnswerStore } from './store/answer-store';

// The activity's body (its decision box, steps and form) loads apart from the page: on a first visit the
// body keeps its pre-rendered HTML until the workspace dialog is answered (lib/deferred-hydration.tsx), so
// the form's code (react-hook-form, the prompt preview, autosave, the fields' widgets) is not evaluated while
// the page starts; anyone else loads it beside the page, behind the spinner the form shows while its answers
// load anyway.
const DecisionBox = preloadable(() =>
  import('./components/decision-box').then((m) => ({ default: m.DecisionBox })),
);
const WorkflowSteps = preloadable(() =>
  import('./components/workflow-steps').then((m) => ({ default: m.WorkflowSteps })),
);
const SavedAnswersLoader = preloadable(() => import('./components/saved-answers-loader'));

/**
 * Loads the activity's parts ahead of the first render (src/web/app/router.tsx, `preloadPage`): a returning
 * visitor's page replaces the pre-rendered activity with its own render, and a part still loading would show
 * a spinner where the activity was.
 */
export function preloadActivityParts(): Promise<unknown> {
  activityParts ??= Promise.all([
    DecisionBox.preload(),
    WorkflowSteps.preload(),
    SavedAnswersLoader.preload(),
    import('./components/prompt-preview').then((m) => m.preloadPromptMarkdown()),
  ]).then(
    () => {
      activityPartsLoaded = true;
    },
    (error: unknown) => {
      // Not reached (offline, or a deploy replaced a chunk): each part's own boundary tries again.
      activityParts = undefined;
      throw error;
    },
  );
  return activityParts;
}
let activityParts: Promise<void> | undefined;
let activityPartsLoaded = false;

/**
 * Whether the activity's parts can render at once. A page rendered afresh (a team's browser) waits for them
 * behind its one spinner: each part arriving on its own would push the form down under the reader's eyes (a
 * layout shift of 0.4 of the window at 1280 px, the decision box and the steps arriving above the form's
 * place). A first visit's hydration renders them from the pre-rendered HTML as they are, and never waits.
 */
function useActivityPartsReady(): boolean {
  const hydrating = useHydrating();
  const [ready, setReady] = React.useState(() => activityPartsLoaded || hydrating);
  React.useEffect(() => {
    if (ready) return;
    let mounted = true;
    void preloadActivityParts()
      .catch(() => undefined)
      .then(() => {
        if (mounted) setReady(true);
      });
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}
const KeepPracticeDialog = React.lazy(() =>
  import('./components/keep-practice-dialog').then((m) => ({ default: m.KeepPracticeDialog })),
);

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
  const partsReady = useActivityPartsReady();

  // Practice mode nobody chose, once the session has answered (a browser whose session is a team must not
  // be asked for one): the dialog asks. Answering it in any way, closing it too, ends the asking.
  const ask = isPhaseNumber(phase) && mode.kind === 'practice' && mode.ask;
  // A first visit's activity body waits for the dialog's answer (lib/deferred-hydration.tsx). Released while
  // rendering, before a workspace's or practice's view of the activity first renders.
  if (mode.kind === 'workspace' || mode.chosen) releaseDeferredHydration();
  React.useEffect(() => {
    if (ask && !dialogOpen) openWorkspaceDialog({ destination: 'phase', phase });
  }, [ask, dialogOpen, phase]);

  // The activity as the team's programme has it. A team whose programme is not yet known waits for it, so a
  // cohort with its own programme never sees the standard's first; a new version (the live `programme`
  // event) replaces the one shown when it has loaded, without unmounting the form and what is typed in it.
  const programme = useTeamProgramme(mode.kind === 'workspace' ? mode.team.id : null);
  const config = useQuery({
    ...programmePhaseQueryOptions(programme ?? STANDARD_TEAM_PROGRAMME, phase),
    enabled: isPhaseNumber(phase) && programme !== null,
    placeholderData: keepPreviousData,
  });
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
  if (programme?.switchedOff.includes(phase)) {
    return (
      <Message
        title="Not in your programme"
        body="Your instructor switched this activity off for your cohort. Choose another activity from the menu."
      />
    );
  }
  if (config.isPending || teamLoading || programme === null || !partsReady) {
    return <FullPageSpinner label="Loading activity" />;
  }

  return (
    <AnswerStoreProvider value={store}>
      <FollowStore />
      <PhaseView
        key={`${store.key}:${phase}:${generation}`}
        config={config.data}
        phase={phase}
        mode={mode}
        switchedOff={programme.switchedOff}
      />
      {mode.kind === 'workspace' && (
        <React.Suspense fallback={null}>
          <KeepPracticeDialog
            key={mode.team.id}
            team={mode.team}
            onMoved={() => setGeneration((g) => g + 1)}
          />
        </React.Suspense>
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

/**
 * What an activity's parts need: its config, its number, the page's mode (with its team, if any) and the
 * activities the team's programme switched off (the way on passes them by).
 */
type PhaseProps = { config: PhaseConfig; phase: number; mode: WorkspaceMode; switchedOff: readonly number[] };

/**
 * Memoised: the page above re-renders whenever the session or the dialog changes (the session's first
 * answer comes while a first visit is still starting up), and the activity should not render again for it.
 */
const PhaseView = React.memo(function PhaseView({ config, phase, mode, switchedOff }: PhaseProps) {
  const team = mode.kind === 'workspace' ? mode.team : null;
  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`Activity ${phase}: ${config.names.page} · Applied GenAI Lab`}</title>
      <PracticeBanner />
      <header className="space-y-4">
        <ProgressWithDone
          phase={phase}
          currentPhase={team ? (team.currentPhase ?? 1) : undefined}
          websiteSubmitted={Boolean(team?.submittedWebsiteUrl)}
          switchedOff={switchedOff}
        />
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 max-w-3xl space-y-3">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {config.names.page}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <p className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary">
                <Clock className="size-4" aria-hidden />
                <span className="sr-only">Estimated time: </span>
                {config.estimatedTime}
              </p>
              <DoneBadge phase={phase} />
              {/* biome-ignore lint/a11y/useValidAnchor: a skip link, an anchor before the page's script runs; the handler then moves focus into the form */}
              <a
                href="#decision-box"
                onClick={goToForm}
                className="inline-flex items-center gap-1 rounded-md px-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <ArrowDown className="size-4" aria-hidden />
                Go to the form
              </a>
            </div>
            <p className="text-base leading-relaxed text-muted-foreground sm:text-lg">{config.intro}</p>
          </div>
          <div className="flex flex-wrap gap-2 lg:justify-end">
            {config.downloads?.map((download) => (
              <PdfDownloadButton key={download.href} label={download.label} href={download.href} />
            ))}
            <DownloadAnswersButton mode={mode} />
            <AskForHelp
              teamId={team?.id}
              phase={phase}
              activityName={config.names.page}
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

      <div id="decision-box" className="scroll-mt-20">
        <ActivityPart>
          <React.Suspense fallback={<AnswersLoading />}>
            <SavedAnswersLoader config={config} phase={phase} mode={mode} />
          </React.Suspense>
        </ActivityPart>
      </div>

      <ActivityPart>
        <ExpectedOutput output={config.expectedOutput} />
        {/* The numbered instructions stand in for a step-by-step workflow; beside one they would repeat it. */}
        {!config.stepByStepFlow && <FallbackInstructions instructions={config.instructions} />}
        <WayOnWithDone phase={phase} switchedOff={switchedOff} mode={mode} />
      </ActivityPart>
    </main>
  );
});

/*
 * The parts that show the activities done read them themselves (src/shared/activity-done.ts, following the
 * team's saves and its live events), so the activity around them never renders again when they arrive. On a
 * first visit the activity's body is still held (lib/deferred-hydration.tsx) when they do: a render of the
 * activity would reach its held parts, and React renders a part that gets an update while held afresh, on
 * the client. The first visit's form then ran at start-up, the work the hold exists to spare (Lighthouse:
 * 0.70 instead of 0.98 on every activity, with the form's height as a layout shift).
 */

/** The activity's progress line with the count of activities done. */
function ProgressWithDone(props: Omit<React.ComponentProps<typeof PhaseProgress>, 'done'>) {
  const done = usePhasesDone({ enabled: true });
  return <PhaseProgress {...props} done={done} />;
}

/** "Done" beside the activity's time once every required field is answered, announced when it comes. */
function DoneBadge({ phase }: { phase: number }) {
  const isDone = usePhasesDone({ enabled: true })?.includes(phase) ?? false;
  return (
    <span role="status">
      {isDone && (
        <span
          className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success ring-1 ring-success/30"
          data-testid="activity-done"
        >
          <CheckCircle2 className="size-4" aria-hidden />
          Done
        </span>
      )}
    </span>
  );
}

/** The way on, from the activities done. */
function WayOnWithDone(props: Omit<React.ComponentProps<typeof WayOn>, 'done'>) {
  const done = usePhasesDone({ enabled: true });
  return <WayOn {...props} done={done} />;
}

/**
 * "Go to the form": one move from the top of a long page to the form, focus on its first field (its heading
 * while the answers load), so a keyboard or screen reader lands where the typing starts.
 */
function goToForm(event: React.MouseEvent<HTMLAnchorElement>) {
  const box = document.getElementById('decision-box');
  if (!box) return;
  event.preventDefault();
  const target =
    box.querySelector<HTMLElement>(
      'form [data-field] :is(input, textarea, [role="combobox"], [role="checkbox"], [role="radio"])',
    ) ?? box.querySelector<HTMLElement>('[data-form-heading]');
  box.scrollIntoView({ block: 'start' });
  if (target) target.focus({ preventScroll: true });
  else {
    box.tabIndex = -1;
    box.focus({ preventScroll: true });
  }
}
