import { useQuery } from '@tanstack/react-query';
import type { ProgrammeDetail, ProgrammeProblem } from '@shared/schemas/programmes';
import { ArrowLeft, Eye } from 'lucide-react';
import * as React from 'react';
import { Link, useParams } from 'wouter';
import { AccessDenied } from '@/components/access-denied';
import { buttonVariants } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAdminStatus } from '@/lib/admin-session';
import { ApiError } from '@/lib/api-client';
import { programmeQueryOptions } from './api/get-programme';
import { ActivityEditor } from './components/activity-editor';
import { ActivityNav, SwitchedOffRow } from './components/activity-nav';
import { ConflictDialog } from './components/conflict-dialog';
import { ActivityEditingProvider, type ActivityEditing } from './components/editor-controls';
import { EditorHeader } from './components/editor-header';
import { ProblemsPanel } from './components/problems-panel';
import { TeamPreview } from './components/team-preview';
import { type DraftSync, useDraftSync } from './hooks/use-draft-sync';
import { useProgrammeChecks } from './hooks/use-programme-checks';
import { usePublishedIds } from './hooks/use-published-ids';
import { usePublishing } from './hooks/use-publishing';
import { type DraftPath, problemTargets, setIn } from './lib/draft-path';
import { type FixedNames, fixedNamesOf, mergeFixed } from './lib/field-id';
import { previewOf } from './lib/preview-config';
import { problemCounts, problemPlace, publishBlocker } from './lib/problems';

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

/**
 * The editor: its head, the checks' problems, the eight activities, one activity's controls beside the
 * preview as a team sees it, and the conflict dialog. The draft is `useDraftSync`'s; the controls follow it
 * through a context that changes only with the activity (`useActivityEditing`).
 */
function Editor({ detail: opened }: { detail: ProgrammeDetail }) {
  // The versions and who saved last follow the server; the draft is the editor's own from here on.
  const meta = useQuery(programmeQueryOptions(opened.id)).data ?? opened;
  const draft = useDraftSync(opened);
  const { current } = draft;
  const readOnly = opened.standard;
  const [activity, setActivity] = React.useState(1);
  const activities = current.draft.activities;
  const checks = useProgrammeChecks(activities);
  const publishing = usePublishing(opened.id, draft, meta.cohorts);
  // Ids and option values fixed: those of the draft as opened, and of the newest published version. Only a
  // field or an option added since the editor opened may still have its id or value written by hand.
  const [openedNames] = React.useState(() => fixedNamesOf(opened.draft.activities));
  const publishedNames = usePublishedIds(meta);
  const fixed = React.useMemo(
    () => mergeFixed(openedNames.get(activity), publishedNames.get(activity)),
    [openedNames, publishedNames, activity],
  );
  const editing = useActivityEditing(activity, draft, readOnly, fixed);

  const programme = React.useMemo(
    () => activities.map((config, i) => previewOf(config, i + 1)),
    [activities],
  );
  // The preview follows the typing without holding it up: a keystroke renders its control first.
  const preview = React.useDeferredValue(programme);
  const switchedOff = current.draft.switchedOff;
  const nameOf = (n: number) => programme[n - 1]?.names.header || `Activity ${n}`;
  const blocker = publishBlocker({
    problems: checks.problems,
    checking: checks.checking,
    status: draft.status,
    nameBlank: current.name.trim() === '',
  });

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

  return (
    <main className="mx-auto w-full max-w-[96rem] px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${current.name || 'Programme'} · Programmes · Applied GenAI Lab`}</title>
      <Link
        to="/admin?tab=programmes"
        className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden /> Programmes
      </Link>
      <EditorHeader meta={meta} draft={draft} publishing={publishing} blocker={blocker} />
      <div className="mt-5">
        <ProblemsPanel
          problems={checks.problems}
          checking={checks.checking}
          activityName={nameOf}
          placeOf={(problem) =>
            problem.activity === null ? '' : problemPlace(activities[problem.activity - 1], problem.path)
          }
          onGo={goTo}
          refused={publishing.refused}
          readOnly={readOnly}
        />
      </div>
      <ActivityNav
        activity={activity}
        onChoose={setActivity}
        nameOf={nameOf}
        counts={problemCounts(checks.problems ?? [])}
        switchedOff={switchedOff}
      />
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
            switchedOff={switchedOff}
            readOnly={readOnly}
            onChange={(next) =>
              draft.change((snapshot) => ({ ...snapshot, draft: { ...snapshot.draft, switchedOff: next } }))
            }
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
            config={preview[activity - 1] ?? previewOf({}, activity)}
            programme={preview}
            switchedOff={switchedOff.includes(activity)}
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

/**
 * What the activity's controls share, one object per activity (and fixed names): the controls read the
 * draft from its store, each its own value, and `update` writes through the draft's `change`.
 */
function useActivityEditing(
  activity: number,
  draft: DraftSync,
  readOnly: boolean,
  fixed: FixedNames,
): ActivityEditing {
  const { store, change } = draft;
  return React.useMemo(
    () => ({
      activity,
      readOnly,
      fixed,
      source: {
        config: () => store.read().current.draft.activities[activity - 1] ?? {},
        subscribe: store.subscribe,
      },
      programmeFieldIds: () =>
        new Set(
          store
            .read()
            .current.draft.activities.flatMap((config, i) =>
              previewOf(config, i + 1).fields.map((f) => f.id),
            ),
        ),
      update: (path: DraftPath, value: unknown) =>
        change((snapshot) => setIn(snapshot, ['draft', 'activities', activity - 1, ...path], value)),
    }),
    [activity, readOnly, fixed, store, change],
  );
}
