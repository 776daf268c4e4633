import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhaseConfig } from '@shared/phase-config';
import { PHASE_NUMBERS } from '@shared/phases';
import type { ProgrammeProblem } from '@shared/programme-checks';
import { type ProgrammeDetail, programmeKey, PROGRAMME_NAME_MAX } from '@shared/schemas/programmes';
import { ArrowLeft, Eye, Upload } from 'lucide-react';
import * as React from 'react';
import { Link, useParams } from 'wouter';
import { AccessDenied } from '@/components/access-denied';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { FullPageSpinner, Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useAdminStatus } from '@/lib/admin-session';
import { ApiError, serverMessageOf } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { cohortKeys, programmeKeys, teamKeys } from '@/lib/query-keys';
import { SaveState } from './components/save-state';
import {
  conflictIn,
  fetchVersion,
  programmeQueryOptions,
  publishProgramme,
  type PublishResult,
  republishVersion,
} from './api/programmes';
import { ActivityEditor } from './components/activity-editor';
import { ActivityEditingProvider, type ActivityEditing } from './components/editor-controls';
import { ConflictDialog } from './components/conflict-dialog';
import { ExportButton } from './components/export-button';
import { ProblemsPanel } from './components/problems-panel';
import { TeamPreview } from './components/team-preview';
import { VersionsDialog } from './components/versions-dialog';
import { useDraftSync } from './hooks/use-draft-sync';
import { useProgrammeChecks } from './hooks/use-programme-checks';
import { type DraftPath, problemTargets, setIn } from './lib/draft-path';
import { previewConfig } from './lib/preview-config';
import { problemCounts, publishBlocker } from './lib/problems';

/** `/admin/programmes/:programmeId`: the programme editor, an instructor's screen (its own chunk). */
export default function ProgrammePage() {
  const { isAdmin, adminLoading } = useAdminStatus();
  const { programmeId = '' } = useParams();
  if (adminLoading) return <FullPageSpinner label="Checking admin access" />;
  if (!isAdmin) return <AccessDenied />;
  return <LoadedEditor programmeId={programmeId} />;
}

function LoadedEditor({ programmeId }: { programmeId: string }) {
  const detail = useQuery({ ...programmeQueryOptions(programmeId), refetchOnMount: 'always' });
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && [400, 404].includes(detail.error.status);
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">
          {missing ? 'Programme not found' : 'The programme could not be loaded'}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {missing ? 'It may have been deleted.' : 'Check your connection and try again.'}
        </p>
        <Link
          to="/admin?tab=programmes"
          className={buttonVariants({ variant: 'outline', className: 'mt-6' })}
        >
          <ArrowLeft aria-hidden /> Programmes
        </Link>
      </main>
    );
  }
  // The editor starts from the draft as read when it opens (and the edits this browser kept), once.
  if (!detail.isFetchedAfterMount || !detail.data) return <FullPageSpinner label="Loading programme" />;
  return <Editor key={programmeId} detail={detail.data} />;
}

/** The activities' configs through the lenient reading of the preview, one object per draft object. */
const previewCache = new WeakMap<object, PhaseConfig>();
function previewOf(raw: Record<string, unknown>, phase: number): PhaseConfig {
  let config = previewCache.get(raw);
  if (!config) {
    config = previewConfig(raw, phase);
    previewCache.set(raw, config);
  }
  return config;
}

function Editor({ detail: opened }: { detail: ProgrammeDetail }) {
  const queryClient = useQueryClient();
  // The versions and who saved last follow the server; the draft is the editor's own from here on.
  const meta = useQuery(programmeQueryOptions(opened.id)).data ?? opened;
  const draft = useDraftSync(opened);
  const { current } = draft;
  const readOnly = opened.standard;
  const [activity, setActivity] = React.useState(1);
  const [refused, setRefused] = React.useState<{ message: string; problems: ProgrammeProblem[] } | null>(
    null,
  );
  const activities = current.draft.activities;
  const checks = useProgrammeChecks(activities);
  const publishedIds = usePublishedIds(meta);

  const raw = activities[activity - 1] ?? {};
  const programme = React.useMemo(
    () => activities.map((config, i) => previewOf(config, i + 1)),
    [activities],
  );
  const switchedOff = current.draft.switchedOff.includes(activity);

  const editing: ActivityEditing = {
    activity,
    config: raw,
    readOnly,
    publishedIds: publishedIds.get(activity) ?? new Set(),
    programmeFieldIds: () => new Set(programme.flatMap((config) => config.fields.map((field) => field.id))),
    update: (path: DraftPath, value: unknown) => {
      setRefused(null);
      draft.edit((snapshot) => setIn(snapshot, ['draft', 'activities', activity - 1, ...path], value));
    },
  };

  const goTo = (problem: ProgrammeProblem) => {
    if (problem.activity === null) return;
    setActivity(problem.activity);
    // After the activity's editor has rendered: its most precise control there is.
    requestAnimationFrame(() => {
      for (const id of problemTargets(problem)) {
        const target = document.getElementById(id);
        if (target) {
          target.scrollIntoView({ block: 'center' });
          target.focus({ preventScroll: true });
          return;
        }
      }
    });
  };

  const afterPublish = async (result: PublishResult) => {
    if (result.kind === 'published') {
      setRefused(null);
      toast({ variant: 'success', ...messages.programmePublished(current.name, result.version) });
      // The cohorts running it run the new version: the dashboard's board follows, and the cohort list
      // carries the version each cohort runs (the pace's activities and names).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: programmeKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.adminList() }),
        queryClient.invalidateQueries({ queryKey: cohortKeys.active() }),
      ]);
    } else {
      setRefused({ message: result.message, problems: result.problems });
    }
  };
  const publishError = (error: unknown) => {
    const conflict = conflictIn(error);
    if (conflict) draft.conflicted(conflict.message, conflict.current);
    else toast({ variant: 'destructive', ...messages.publishFailed(serverMessageOf(error)) });
  };
  // Pending until the lists are read again (onSuccess is awaited): the buttons stay disabled meanwhile, so a
  // double click sends one request.
  const publish = useMutation({
    mutationFn: (revision: number) => publishProgramme(opened.id, revision),
    onSuccess: afterPublish,
    onError: publishError,
  });
  const publishAgain = useMutation({
    mutationFn: (version: number) => republishVersion(opened.id, version),
    onSuccess: afterPublish,
    onError: publishError,
  });
  const publishing = publish.isPending || publishAgain.isPending;

  const blocker = publishBlocker({
    problems: checks.problems,
    checking: checks.checking,
    status: draft.status,
    nameBlank: current.name.trim() === '',
  });
  const counts = problemCounts(checks.problems ?? []);
  const nameOf = (n: number) => programme[n - 1]?.names.header || `Activity ${n}`;

  return (
    <main className="mx-auto w-full max-w-[96rem] px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${current.name || 'Programme'} · Programmes · Applied GenAI Lab`}</title>
      <Link
        to="/admin?tab=programmes"
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden /> Programmes
      </Link>
      <div className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 flex-1">
          {readOnly ? (
            <>
              <h1 className="text-3xl font-bold tracking-tight">{current.name}</h1>
              <p className="mt-1 text-muted-foreground">
                The shipped activities, read-only: copy it to adapt it for a cohort.
              </p>
            </>
          ) : (
            <>
              <h1 className="sr-only">Edit {current.name || 'programme'}</h1>
              <Label htmlFor="programme-name" className="block">
                Programme name
              </Label>
              <Input
                id="programme-name"
                value={current.name}
                maxLength={PROGRAMME_NAME_MAX}
                aria-invalid={current.name.trim() === '' || undefined}
                aria-describedby={current.name.trim() === '' ? 'programme-name-error' : undefined}
                onChange={(e) => draft.edit((snapshot) => ({ ...snapshot, name: e.target.value }))}
                className="mt-1.5 max-w-xl text-lg font-semibold sm:text-lg"
              />
              {current.name.trim() === '' && (
                <p id="programme-name-error" className="mt-1 text-sm font-medium text-destructive">
                  Give the programme a name.
                </p>
              )}
            </>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {meta.publishedVersion === null ? (
              <Badge variant="outline">Not published yet</Badge>
            ) : (
              <Badge variant="default">Version {meta.publishedVersion} published</Badge>
            )}
            {!readOnly && <SaveState status={draft.status} />}
          </div>
        </div>
        <div className="flex flex-col items-start gap-2 lg:items-end">
          <div className="flex flex-wrap gap-2">
            <VersionsDialog
              programme={meta}
              publishingAgain={publishAgain.isPending ? publishAgain.variables : null}
              busy={publishing}
              onPublishAgain={(version) => publishAgain.mutate(version)}
            />
            <ExportButton programmeId={opened.id} />
            {!readOnly && (
              <Button
                size="sm"
                onClick={() => publish.mutate(draft.sync.revision)}
                disabled={blocker !== null || publishing}
                aria-describedby="publish-blocker"
              >
                {publish.isPending ? (
                  <Spinner className="size-4 text-current" label="Publishing" />
                ) : (
                  <Upload aria-hidden />
                )}
                Publish
              </Button>
            )}
          </div>
          {!readOnly && (
            <p id="publish-blocker" className="text-sm text-muted-foreground" aria-live="polite">
              {blocker ?? 'Teams of the cohorts running it get the new version at once.'}
            </p>
          )}
        </div>
      </div>

      <div className="mt-5">
        <ProblemsPanel
          problems={checks.problems}
          checking={checks.checking}
          activityName={nameOf}
          onGo={goTo}
          refused={refused}
          readOnly={readOnly}
        />
      </div>

      <nav aria-label="Activities" className="mt-5">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
          {PHASE_NUMBERS.map((n) => {
            const count = counts.get(n) ?? 0;
            const off = current.draft.switchedOff.includes(n);
            return (
              <li key={n}>
                <button
                  type="button"
                  onClick={() => setActivity(n)}
                  aria-current={activity === n ? 'page' : undefined}
                  className={
                    activity === n
                      ? 'flex h-full w-full flex-col items-start gap-1 rounded-lg border-2 border-primary bg-primary-soft px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
                      : 'flex h-full w-full flex-col items-start gap-1 rounded-lg border-2 border-border bg-surface px-3 py-2 text-left hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'
                  }
                >
                  <span className="text-xs font-medium text-muted-foreground">Activity {n}</span>
                  <span className="line-clamp-2 text-sm font-semibold">{nameOf(n)}</span>
                  <span className="flex flex-wrap gap-1">
                    {off && <Badge variant="muted">Off</Badge>}
                    {count > 0 && (
                      <Badge variant="destructive">
                        {count} {count === 1 ? 'problem' : 'problems'}
                      </Badge>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="min-w-0 space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold tracking-tight">
              Activity {activity}: {programme[activity - 1]?.names.page || nameOf(activity)}
            </h2>
            <a
              href="#team-preview"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline lg:hidden"
            >
              <Eye className="size-4" aria-hidden /> Preview as a team
            </a>
          </div>
          <SwitchedOffRow
            activity={activity}
            switchedOff={current.draft.switchedOff}
            readOnly={readOnly}
            onChange={(next) => {
              setRefused(null);
              draft.edit((snapshot) => ({ ...snapshot, draft: { ...snapshot.draft, switchedOff: next } }));
            }}
          />
          <ActivityEditingProvider value={editing}>
            <ActivityEditor key={activity} />
          </ActivityEditingProvider>
        </div>
        <div
          id="team-preview"
          className="min-w-0 scroll-mt-20 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
        >
          <TeamPreview
            config={programme[activity - 1] ?? previewOf({}, activity)}
            programme={programme}
            switchedOff={switchedOff}
          />
        </div>
      </div>
      <ConflictDialog
        conflict={draft.sync.conflict}
        onLoadTheirs={draft.loadTheirs}
        onKeepMine={draft.keepMine}
      />
    </main>
  );
}

/** Whether the cohorts running this programme do the activity (a half-day programme switches some off). */
function SwitchedOffRow({
  activity,
  switchedOff,
  readOnly,
  onChange,
}: {
  activity: number;
  switchedOff: readonly number[];
  readOnly: boolean;
  onChange: (next: number[]) => void;
}) {
  const on = !switchedOff.includes(activity);
  // One activity at least stays on.
  const last = on && switchedOff.length >= PHASE_NUMBERS.length - 1;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface px-4 py-3 shadow-sm">
      <div>
        <Label htmlFor="activity-on">Teams do this activity</Label>
        <p className="mt-1 text-xs text-muted-foreground">
          {last
            ? 'The only activity left on: a programme keeps at least one.'
            : 'Off: it leaves the teams’ navigation, the landing grid, the progress board and the day’s total.'}
        </p>
      </div>
      <Switch
        id="activity-on"
        checked={on}
        disabled={readOnly || last}
        onCheckedChange={(next) =>
          onChange(next ? switchedOff.filter((n) => n !== activity) : [...switchedOff, activity].sort())
        }
      />
    </div>
  );
}

/**
 * The field ids of the newest published version, by activity: they never change (renaming a field changes
 * its label).
 */
function usePublishedIds(programme: Pick<ProgrammeDetail, 'id' | 'standard' | 'publishedVersion'>) {
  const version = programme.publishedVersion;
  const published = useQuery({
    queryKey: programmeKeys.version(programmeKey({ programmeId: programme.id, version: version ?? 0 })),
    queryFn: () => fetchVersion(programme.id, version ?? 0),
    enabled: version !== null && !programme.standard,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return React.useMemo(() => {
    const ids = new Map<number, ReadonlySet<string>>();
    for (const [i, config] of (published.data?.content.activities ?? []).entries()) {
      const fields = Array.isArray(config.fields) ? (config.fields as { id?: unknown }[]) : [];
      ids.set(i + 1, new Set(fields.flatMap((f) => (typeof f.id === 'string' ? [f.id] : []))));
    }
    return ids;
  }, [published.data]);
}
