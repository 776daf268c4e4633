import { useQuery } from '@tanstack/react-query';
import { Archive, Layers } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOf } from '@/lib/api-client';
import { callDefaults } from '@/lib/messages';
import { activeCohortsQueryOptions, archivedCohortsQueryOptions } from '../api/admin-cohorts';
import { useArchiveCohort } from '../api/archive-cohort';
import { useRestoreCohort } from '../api/restore-cohort';
import { useUpdateCohort } from '../api/update-cohort';
import { useCohortBallotEvents } from '../hooks/use-cohort-ballot-events';
import { CohortCard } from './cohort-card';
import { CreateCohortForm } from './create-cohort-form';
import { DeleteCohortButton } from './delete-cohort-dialog';
import { EmptyPanel, ErrorPanel } from './panels';

const MAX_LIVE_COHORTS = 6;

export function CohortsTab() {
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

  const toggle = useUpdateCohort();
  const archive = useArchiveCohort();
  const restore = useRestoreCohort();
  const pendingTag =
    (archive.isPending && archive.variables) || (restore.isPending && restore.variables) || null;

  return (
    <div className="flex flex-col gap-8">
      <CreateCohortForm />

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
            description="Create the cohort above before the day starts, then show its join code on the projector (its Room screen) so teams join as they arrive. Move a team later from the Participants tab."
          />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {active.map((cohort) => (
              <li key={cohort.tag}>
                <CohortCard
                  cohort={cohort}
                  onToggle={(name, value) => toggle.mutate({ tag: cohort.tag, name, value })}
                  onArchive={() => archive.mutate(cohort.tag)}
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
                  onRestore={() => restore.mutate(cohort.tag)}
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
