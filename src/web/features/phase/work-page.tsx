import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { isActivityDone } from '@shared/activity-done';
import type { PhaseConfig } from '@shared/phase-config';
import { PHASE_NUMBERS } from '@shared/phases';
import { STANDARD_TEAM_PROGRAMME } from '@shared/programme-ref';
import { isSharedFactId, SHARED_FACTS } from '@shared/shared-facts';
import { ArrowLeft, CheckCircle2, Eye } from 'lucide-react';
import * as React from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { AccessDenied } from '@/components/access-denied';
import { useAdminStatus } from '@/lib/admin-session';
import { adminTeamsQueryOptions } from '@/lib/admin-teams';
import { FeedbackEditor, HelpRequestContext, teamCoachingListener } from '@/features/coaching';
import { teamRunsListener } from '@/features/runs';
import { modelRunsSetUp } from '@/lib/model-runs';
import { clientId } from '@/lib/client-id';
import { listenTo, useLiveEvents } from '@/lib/live/use-live-events';
import { factValues } from './api/facts';
import { programmePhaseQueryOptions, useTeamProgramme } from '@/lib/team-programme';
import { PromptPreview, preloadPromptMarkdown } from './components/prompt-preview';
import { answerText } from './lib/answers';
import { useSharedAnswers } from './hooks/use-shared-answers';
import { formAnswers, REMOVED_FIELDS_HEADING, removedFieldAnswers } from './lib/shared-answers';
import { applyTeamEvent } from './lib/team-cache';
import { answerStoreFor } from './store';
import { AnswerStoreProvider, savedActivity, useAnswerStore } from './store/answer-store';

/**
 * `/admin/teams/:teamId/work`: a team's work, read-only and live, for instructors (docs/product.md,
 * Instructor dashboard): its shared facts once, then each activity's answers and its prompt exactly as the
 * team's preview renders it, with the instructor's feedback on it. It reads the team's answer store and
 * follows the team's live events like any page of the workspace (the team sees an instructor's page among
 * its open pages); nothing here writes an answer.
 */
// The prompts render as the team's preview renders them: the renderer loads with the page, not after it.
void preloadPromptMarkdown().catch(() => undefined);

export default function WorkPage() {
  const { isAdmin, adminLoading } = useAdminStatus();
  const { teamId = '' } = useParams();
  if (adminLoading) return <FullPageSpinner label="Checking admin access" />;
  if (!isAdmin) return <AccessDenied />;
  return (
    <AnswerStoreProvider value={answerStoreFor({ kind: 'workspace', team: { id: teamId } })}>
      <TeamWork teamId={teamId} />
    </AnswerStoreProvider>
  );
}

function TeamWork({ teamId }: { teamId: string }) {
  const queryClient = useQueryClient();
  // Opened from a request for help ("View work" in Help requests): that request shows at the top.
  const helpId = useSearchParams()[0].get('help');
  const store = useAnswerStore();
  const teams = useQuery(adminTeamsQueryOptions);
  const team = teams.data?.find((t) => t.id === teamId);
  const activities = useQuery(store.activities);
  const facts = useQuery(store.facts);
  // The activities as the team's programme has them, switching when its live `programme` event arrives
  // (applyTeamEvent keeps the team's programme in the cache); a version's activities replace the ones shown
  // once loaded. All eight are read so each query keeps its activity; those switched off are not shown.
  const programme = useTeamProgramme(teamId);
  const configs = useQueries({
    queries: PHASE_NUMBERS.map((n) => ({
      ...programmePhaseQueryOptions(programme ?? STANDARD_TEAM_PROGRAMME, n),
      enabled: programme !== null,
      placeholderData: keepPreviousData,
    })),
  });
  // One more reader of the team's answers: its live events keep this page's cache current, and its notes.
  useLiveEvents([
    listenTo({
      subscription: { kind: 'team', teamId },
      page: { clientId: clientId(), phase: null },
      onEvent: (event) => applyTeamEvent(queryClient, teamId, clientId(), event),
    }),
    teamCoachingListener(queryClient, teamId),
    ...(modelRunsSetUp() ? [teamRunsListener(queryClient, teamId)] : []),
  ]);

  const loaded =
    team && programme && activities.isSuccess && facts.isSuccess && configs.every((c) => c.isSuccess);
  useScrollToActivity(Boolean(loaded));
  const values = React.useMemo(() => factValues(facts.data), [facts.data]);

  if (teams.isSuccess && !team) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Workspace not found</h1>
        <p className="mt-2 text-muted-foreground">This team may have been deleted.</p>
        <Link to="/admin" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          <ArrowLeft aria-hidden /> Back to the dashboard
        </Link>
      </main>
    );
  }
  const failed = activities.isError || facts.isError || teams.isError || configs.some((c) => c.isError);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${team ? `${team.name}: work` : 'Team work'} · Applied GenAI Lab`}</title>
      <header className="space-y-3">
        <Link
          to="/admin"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Instructor Dashboard
        </Link>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <Eye className="size-7 shrink-0 text-primary" aria-hidden />
          <span className="typed-text min-w-0">{team ? `${team.name}: work` : 'Team work'}</span>
        </h1>
        <p className="max-w-3xl text-muted-foreground">
          The team's answers and prompts as they are now, updating as the team types. Reading them changes
          nothing; feedback you send appears on the team's activity page.
        </p>
      </header>
      {failed && (
        <p
          role="alert"
          className="rounded-xl border border-destructive/30 bg-destructive-soft p-4 text-sm text-destructive"
        >
          The team's work could not be loaded. Check your connection and reload the page.
        </p>
      )}
      {helpId && <HelpRequestContext teamId={teamId} requestId={helpId} />}
      {!loaded && !failed && <Spinner label="Loading the team's work" />}
      {loaded && (
        <>
          <Card data-testid="shared-facts">
            <CardHeader>
              <CardTitle>Shared facts</CardTitle>
              <CardDescription>Given once, used by every activity's prompt.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
                {SHARED_FACTS.map((fact) => (
                  <div key={fact.id} className="min-w-0">
                    <dt className="text-sm font-medium text-muted-foreground">{fact.label}</dt>
                    <dd className="whitespace-pre-wrap break-words">
                      {values[fact.id]?.trim() ? answerText(fact.field, values[fact.id]!) : <NotAnswered />}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          {configs
            .filter((config) => !programme.switchedOff.includes(config.data!.phase))
            .map((config) => (
              <ActivityWork key={config.data!.phase} teamId={teamId} config={config.data!} facts={values} />
            ))}
        </>
      )}
    </main>
  );
}

/**
 * A link to one activity of the work ("View work" from a board cell or a help request) lands on it once the
 * work has loaded: the section is not there yet when the route changes, so the browser cannot scroll to it.
 */
function useScrollToActivity(loaded: boolean) {
  React.useEffect(() => {
    if (!loaded) return;
    const match = /^#activity-([1-8])$/.exec(window.location.hash);
    if (match) document.getElementById(`activity-${match[1]}`)?.scrollIntoView({ block: 'start' });
  }, [loaded]);
}

function NotAnswered() {
  return <span className="text-muted-foreground italic">Not answered yet</span>;
}

/** One activity of the team's work: its own answers, its prompt as the team sees it, and its feedback. */
function ActivityWork({
  teamId,
  config,
  facts,
}: {
  teamId: string;
  config: PhaseConfig;
  /** The team's shared facts, by id. */
  facts: Readonly<Record<string, string>>;
}) {
  const store = useAnswerStore();
  const saved = useQuery({ ...store.activities, select: savedActivity(config.phase) });
  // As the team's form holds them: its own answers, and the shared facts from the team's one copy.
  const answers = React.useMemo(
    () => formAnswers(config.fields, saved.data?.data, facts),
    [config.fields, saved.data, facts],
  );
  const shared = useSharedAnswers(config.phase, config.fields, answers);
  const ownFields = config.fields.filter((field) => !isSharedFactId(field.id));
  const removed = removedFieldAnswers(config.fields, saved.data?.data);
  return (
    <section
      id={`activity-${config.phase}`}
      aria-labelledby={`activity-${config.phase}-title`}
      className="scroll-mt-20"
    >
      <Card>
        <CardHeader>
          <CardTitle id={`activity-${config.phase}-title`} className="flex flex-wrap items-center gap-2">
            Activity {config.phase}: {config.names.page}
            {isActivityDone(config.fields, saved.data?.data, facts) && (
              <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-sm font-semibold text-success">
                <CheckCircle2 className="size-4" aria-hidden />
                Done
              </span>
            )}
          </CardTitle>
          <CardDescription>
            {saved.data ? 'Answers saved by the team.' : 'The team has not saved this activity yet.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <div className="min-w-0 space-y-5">
            <dl className="space-y-3">
              {ownFields.map((field) => (
                <div key={field.id}>
                  <dt className="text-sm font-medium text-muted-foreground">{field.label}</dt>
                  <dd className="whitespace-pre-wrap break-words">
                    {answers[field.id]?.trim() ? answerText(field, answers[field.id]!) : <NotAnswered />}
                  </dd>
                </div>
              ))}
            </dl>
            {removed.length > 0 && (
              <div
                className="space-y-2 border-t border-border pt-4"
                data-testid={`removed-fields-${config.phase}`}
              >
                <h3 className="font-semibold">{REMOVED_FIELDS_HEADING}</h3>
                <p className="text-sm text-muted-foreground">
                  Saved before the programme removed these fields, named by their field id. They come back if
                  the field returns.
                </p>
                <dl className="space-y-3">
                  {removed.map(({ id, value }) => (
                    <div key={id}>
                      <dt className="font-mono text-sm text-muted-foreground">{id}</dt>
                      <dd className="whitespace-pre-wrap break-words">{value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            )}
            <div className="border-t border-border pt-4">
              <FeedbackEditor teamId={teamId} phase={config.phase} />
            </div>
          </div>
          <div className="min-w-0">
            <PromptPreview
              template={config.promptTemplate}
              data={shared.context}
              reader="instructor"
              runs={{ phase: config.phase, teamId }}
            />
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
