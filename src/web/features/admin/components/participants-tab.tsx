import { useQuery } from '@tanstack/react-query';
import type { AdminCohort } from '@shared/schemas/cohort';
import type { AdminTeam } from '@shared/schemas/team';
import { Search, Users, X } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOf } from '@/lib/api-client';
import { callDefaults } from '@/lib/messages';
import { activeCohortsQueryOptions } from '../api/admin-cohorts';
import { adminTeamsQueryOptions } from '@/lib/admin-teams';
import { useHeldWhileOpen } from '../hooks/use-held-while-open';
import { useTeamSelection } from '../hooks/use-team-selection';
import { ALL_COHORTS, cohortFilterOptions, filterTeams, type SortKey, sortTeams } from '../lib/team-list';
import { AssignBar } from './assign-bar';
import { EmptyPanel, ErrorPanel } from './panels';
import { ParticipantFilters } from './participant-filters';
import { ProgressBoard } from './progress-board';
import { TeamList } from './team-list';
import { type TeamView, TeamViewSwitch } from './team-view-switch';

const NO_TEAMS: AdminTeam[] = [];
const NO_COHORTS: AdminCohort[] = [];

/** The Participants tab: every team, found, sorted, assigned to cohorts, as a list or a board. */
export function ParticipantsTab() {
  const teamsQuery = useQuery(adminTeamsQueryOptions);
  const cohortsQuery = useQuery(activeCohortsQueryOptions);
  // While one of the tab's select lists, a team's menu or its dialog is open, the tab shows the teams and
  // cohorts as they were when it opened: nothing moves under the pointer, no open row goes.
  const teams = useHeldWhileOpen(teamsQuery.data ?? NO_TEAMS);
  const cohorts = useHeldWhileOpen(cohortsQuery.data ?? NO_COHORTS);
  const [search, setSearch] = React.useState('');
  const [cohortFilter, setCohortFilter] = React.useState<string>(ALL_COHORTS);
  const [sort, setSort] = React.useState<SortKey>('name');
  const [view, setView] = React.useState<TeamView>('list');

  const cohortsByTag = React.useMemo(() => new Map(cohorts.map((c) => [c.tag, c])), [cohorts]);
  const filterOptions = React.useMemo(() => cohortFilterOptions(cohorts, teams), [cohorts, teams]);
  const visible = React.useMemo(
    () => sortTeams(filterTeams(teams, search, cohortFilter), sort),
    [teams, search, cohortFilter, sort],
  );
  const selection = useTeamSelection(
    React.useMemo(() => teams.map((t) => t.id), [teams]),
    React.useMemo(() => visible.map((t) => t.id), [visible]),
  );

  if (teamsQuery.isPending) {
    return (
      <Card className="flex min-h-64 items-center justify-center">
        <Spinner className="size-8 text-primary" label="Loading participants" />
      </Card>
    );
  }
  if (teamsQuery.isError) {
    return (
      <ErrorPanel
        title={callDefaults.fetchTeams}
        description={serverMessageOf(teamsQuery.error) ?? 'The team list could not be loaded.'}
        onRetry={() => void teamsQuery.refetch()}
      />
    );
  }
  if (teams.length === 0) {
    return (
      <EmptyPanel
        icon={<Users className="size-6" aria-hidden />}
        title="No teams yet"
        description="Teams appear here as soon as they create a workspace. Ask the room to open the app and choose Enter/Create Workspace."
      />
    );
  }

  const filtersActive = search.trim() !== '' || cohortFilter !== ALL_COHORTS;
  return (
    <div className="flex flex-col gap-4">
      <ParticipantFilters
        search={search}
        onSearchChange={setSearch}
        cohort={cohortFilter}
        onCohortChange={setCohortFilter}
        cohortOptions={filterOptions}
        sort={sort}
        onSortChange={setSort}
      />
      <AssignBar cohorts={cohorts} selectedIds={selection.selectedIds} onDone={selection.clear} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {visible.length} of {teams.length} {teams.length === 1 ? 'team' : 'teams'}
        </p>
        <TeamViewSwitch view={view} onChange={setView} />
      </div>

      {visible.length === 0 ? (
        <EmptyPanel
          icon={<Search className="size-6" aria-hidden />}
          title="No teams match"
          description="Try another name or code, or show every cohort."
          action={
            filtersActive ? (
              <Button
                variant="outline"
                onClick={() => {
                  setSearch('');
                  setCohortFilter(ALL_COHORTS);
                }}
              >
                <X aria-hidden /> Clear filters
              </Button>
            ) : null
          }
        />
      ) : view === 'board' ? (
        <ProgressBoard teams={visible} caption="Progress board: teams by activity" />
      ) : (
        <TeamList teams={visible} cohortsByTag={cohortsByTag} selection={selection} />
      )}
    </div>
  );
}
