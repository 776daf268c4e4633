import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCohort, CohortSwitch } from '@shared/schemas/cohort';
import { Archive, Layers } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { callDefaults, messages } from '@/lib/messages';
import { cohortKeys } from '@/lib/query-keys';
import {
  activeCohortsQueryOptions,
  archiveCohort,
  archivedCohortsQueryOptions,
  restoreCohort,
  updateCohort,
} from '../api/admin-cohorts';
import { useRefreshAdminLists } from '../hooks/use-refresh-admin-lists';
import { useCohortBallotEvents } from '../hooks/use-cohort-ballot-events';
import { CohortCard } from './cohort-card';
import { CreateCohortForm } from './create-cohort-form';
import { DeleteCohortButton } from './delete-cohort-dialog';
import { EmptyPanel, ErrorPanel } from './panels';

const MAX_LIVE_COHORTS = 6;

export function CohortsTab() {
  const queryClient = useQueryClient();
  const activeQuery = useQuery(activeCohortsQueryOptions);
  const archivedQuery = useQuery(archivedCohortsQueryOptions);
  const active = activeQuery.data ?? [];
  const archived = archivedQuery.data ?? [];

  // Ballots only arrive while voting is open; the browser's one live stream carries them (a handful: a
  // room votes in one or two cohorts at a time).
  useCohortBallotEvents(
    active
      .filter((c) => c.competitionEnabled && c.votingOpen)
      .slice(0, MAX_LIVE_COHORTS)
      .map((c) => c.tag),
  );

  const refreshLists = useRefreshAdminLists();

  // Applied at once, rolled back if the server says no (docs/product.md, Instructor dashboard).
  const toggle = useMutation({
    mutationFn: ({ tag, name, value }: { tag: string; name: CohortSwitch; value: boolean }) =>
      updateCohort(tag, name, value),
    onMutate: async ({ tag, name, value }) => {
      await queryClient.cancelQueries({ queryKey: cohortKeys.active(), exact: true });
      const previous = queryClient.getQueryData<AdminCohort[]>(cohortKeys.active());
      queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (list) =>
        list?.map((c) => (c.tag === tag ? { ...c, [name]: value } : c)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(cohortKeys.active(), context.previous);
      toast({ variant: 'destructive', ...messages.updateCohortFailed(serverMessageOf(error)) });
    },
    onSuccess: (cohort) => {
      // The server's switches win; the counts stay as they are.
      queryClient.setQueryData<AdminCohort[]>(cohortKeys.active(), (list) =>
        list?.map((c) => (c.tag === cohort.tag ? { ...c, ...cohort } : c)),
      );
    },
  });

  const archive = useMutation({
    mutationFn: (cohort: AdminCohort) => archiveCohort(cohort.tag),
    onSuccess: (cohort) => toast({ variant: 'success', ...messages.cohortArchived(cohort.name) }),
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.archiveCohortFailed(serverMessageOf(error)) }),
    onSettled: refreshLists,
  });
  const restore = useMutation({
    mutationFn: (cohort: AdminCohort) => restoreCohort(cohort.tag),
    onSuccess: (cohort) => toast({ variant: 'success', ...messages.cohortRestored(cohort.name) }),
    onError: (error) =>
      toast({ variant: 'destructive', ...messages.restoreCohortFailed(serverMessageOf(error)) }),
    onSettled: refreshLists,
  });
  const pendingTag =
    (archive.isPending && archive.variables?.tag) || (restore.isPending && restore.variables?.tag) || null;

  return (
    <div className="flex flex-col gap-8">
      <CreateCohortForm onCreated={refreshLists} />

      <section aria-labelledby="active-cohorts-heading" className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="active-cohorts-heading" className="text-xl font-semibold tracking-tight">
            Active cohorts
          </h2>
          {activeQuery.isSuccess && (
            <span className="text-sm text-muted-foreground">
              {active.length} {active.length === 1 ? 'cohort' : 'cohorts'}
            </span>
          )}
        </div>
        {activeQuery.isPending ? (
          <LoadingCard label="Loading cohorts" />
        ) : activeQuery.isError ? (
          <ErrorPanel
            title={callDefaults.fetchCohorts}
            description={serverMessageOf(activeQuery.error) ?? 'The cohorts could not be loaded.'}
            onRetry={() => void activeQuery.refetch()}
          />
        ) : active.length === 0 ? (
          <EmptyPanel
            icon={<Layers className="size-6" aria-hidden />}
            title="No active cohorts"
            description="Create a cohort above once most teams have reached activities 4-5, then assign them from the Participants tab."
          />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {active.map((cohort) => (
              <li key={cohort.tag}>
                <CohortCard
                  cohort={cohort}
                  onToggle={(name, value) => toggle.mutate({ tag: cohort.tag, name, value })}
                  onArchive={() => archive.mutate(cohort)}
                  busy={pendingTag === cohort.tag}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="archived-cohorts-heading" className="flex flex-col gap-4">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="archived-cohorts-heading" className="text-xl font-semibold tracking-tight">
            Archived cohorts
          </h2>
          {archivedQuery.isSuccess && (
            <span className="text-sm text-muted-foreground">
              {archived.length} {archived.length === 1 ? 'cohort' : 'cohorts'}
            </span>
          )}
        </div>
        {archivedQuery.isPending ? (
          <LoadingCard label="Loading archived cohorts" />
        ) : archivedQuery.isError ? (
          <ErrorPanel
            title={callDefaults.fetchArchivedCohorts}
            description={serverMessageOf(archivedQuery.error) ?? 'The archived cohorts could not be loaded.'}
            onRetry={() => void archivedQuery.refetch()}
          />
        ) : archived.length === 0 ? (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-border px-4 py-5 text-sm text-muted-foreground">
            <Archive className="size-4 shrink-0" aria-hidden />
            Archived cohorts appear here. Archiving keeps their teams, showcase and results.
          </p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {archived.map((cohort) => (
              <li key={cohort.tag}>
                <CohortCard
                  cohort={cohort}
                  onRestore={() => restore.mutate(cohort)}
                  busy={pendingTag === cohort.tag}
                  actions={<DeleteCohortButton cohort={cohort} />}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function LoadingCard({ label }: { label: string }) {
  return (
    <Card className="flex min-h-40 items-center justify-center">
      <Spinner className="size-8 text-primary" label={label} />
    </Card>
  );
}
