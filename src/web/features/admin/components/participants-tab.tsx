import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, UserMinus, UserPlus, Users, X } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/form-field';
import { Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { callDefaults, messages } from '@/lib/messages';
import { activeCohortsQueryOptions } from '../api/admin-cohorts';
import { adminTeamsQueryOptions, assignTeams, unassignTeams } from '../api/admin-teams';
import { useHeldWhileOpen } from '../hooks/use-held-while-open';
import { useRefreshAdminLists } from '../hooks/use-refresh-admin-lists';
import { useTeamSelection } from '../hooks/use-team-selection';
import {
  ALL_COHORTS,
  cohortFilterOptions,
  filterTeams,
  NO_COHORT,
  needsSubmission,
  type SortKey,
  sortTeams,
} from '../lib/team-list';
import { EmptyPanel, ErrorPanel } from './panels';
import { ProgressBoard } from './progress-board';
import { type TeamView, TeamViewSwitch } from './team-view-switch';
import { TEAM_TABLE_HEADINGS, TeamRow } from './team-row';

export function ParticipantsTab() {
  const teamsQuery = useQuery(adminTeamsQueryOptions);
  const cohortsQuery = useQuery(activeCohortsQueryOptions);
  const [search, setSearch] = React.useState('');
  const [cohortFilter, setCohortFilter] = React.useState<string>(ALL_COHORTS);
  const [sort, setSort] = React.useState<SortKey>('name');
  const [target, setTarget] = React.useState<string>('');
  const [view, setView] = React.useState<TeamView>('list');

  const activeCohorts = cohortsQuery.data ?? [];
  const cohortsByTag = React.useMemo(() => new Map(activeCohorts.map((c) => [c.tag, c])), [activeCohorts]);
  const teams = teamsQuery.data ?? [];
  const filterOptions = React.useMemo(
    () => cohortFilterOptions(activeCohorts, teams),
    [activeCohorts, teams],
  );
  // The cohort lists of the two selects stay as they were while one is open (a reading may land then).
  const filterList = useHeldWhileOpen(filterOptions);
  const targetList = useHeldWhileOpen(activeCohorts);
  const visible = React.useMemo(
    () => sortTeams(filterTeams(teams, search, cohortFilter), sort),
    [teams, search, cohortFilter, sort],
  );
  const selection = useTeamSelection(
    React.useMemo(() => teams.map((t) => t.id), [teams]),
    React.useMemo(() => visible.map((t) => t.id), [visible]),
  );
  const selectedIds = selection.selectedIds;

  const refresh = useRefreshAdminLists();

  const assign = useMutation({
    mutationFn: ({ tag, ids }: { tag: string; ids: string[] }) => assignTeams(tag, ids),
    onSuccess: (result, { tag }) => {
      toast({
        variant: 'success',
        ...messages.participantsAssigned(result.updated, cohortsByTag.get(tag)?.name ?? tag),
      });
      selection.clear();
    },
    onError: (error) => toast({ variant: 'destructive', ...messages.assignFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
  const unassign = useMutation({
    mutationFn: (ids: string[]) => unassignTeams(ids),
    onSuccess: (result) => {
      toast({ variant: 'success', ...messages.participantsUnassigned(result.updated) });
      selection.clear();
    },
    onError: (error) => toast({ variant: 'destructive', ...messages.unassignFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
  const busy = assign.isPending || unassign.isPending;

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
  const rowProps = (team: (typeof teams)[number]) => ({
    team,
    flagged: needsSubmission(team, cohortsByTag),
    selected: selection.isSelected(team.id),
    onSelect: (on: boolean) => selection.toggle(team.id, on),
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <FormField id="participant-search" label="Search" className="flex-1">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="participant-search"
              type="search"
              placeholder="Team name or code"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </FormField>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <div className="flex flex-col gap-1.5 md:w-52">
            <Label id="cohort-filter-label">Cohort</Label>
            <Select value={cohortFilter} onValueChange={setCohortFilter} {...filterList.selectProps}>
              <SelectTrigger aria-labelledby="cohort-filter-label">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_COHORTS}>All cohorts</SelectItem>
                <SelectItem value={NO_COHORT}>No cohort</SelectItem>
                {filterList.options.map(([tag, name]) => (
                  <SelectItem key={tag} value={tag}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-1.5 md:w-48">
            <Label id="sort-label">Sort by</Label>
            <Select value={sort} onValueChange={(v) => setSort(v as SortKey)}>
              <SelectTrigger aria-labelledby="sort-label">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="name">Name (A–Z)</SelectItem>
                <SelectItem value="progress">Progress (highest)</SelectItem>
                <SelectItem value="activity">Last activity (recent)</SelectItem>
              </SelectContent>
            </Select>
          </div>
        </div>
      </div>

      <section
        aria-label="Assign selected teams"
        className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3 shadow-sm sm:flex-row sm:items-center sm:p-4"
      >
        <p className="text-sm font-medium sm:min-w-28" aria-live="polite">
          {selectedIds.length === 0 ? (
            <span className="text-muted-foreground">Select teams to assign them</span>
          ) : (
            `${selectedIds.length} selected`
          )}
        </p>
        <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
          <Select
            value={target}
            onValueChange={setTarget}
            disabled={activeCohorts.length === 0}
            {...targetList.selectProps}
          >
            <SelectTrigger aria-label="Assign to cohort" className="sm:w-56">
              <SelectValue
                placeholder={activeCohorts.length === 0 ? 'Create a cohort first' : 'Choose a cohort'}
              />
            </SelectTrigger>
            <SelectContent>
              {targetList.options.map((c) => (
                <SelectItem key={c.tag} value={c.tag}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button
              disabled={busy || !target || selectedIds.length === 0}
              onClick={() => assign.mutate({ tag: target, ids: selectedIds })}
            >
              {assign.isPending ? (
                <Spinner className="size-4 text-current" label="Assigning" />
              ) : (
                <UserPlus aria-hidden />
              )}
              Assign
            </Button>
            <Button
              variant="outline"
              disabled={busy || selectedIds.length === 0}
              onClick={() => unassign.mutate(selectedIds)}
            >
              {unassign.isPending ? (
                <Spinner className="size-4 text-primary" label="Unassigning" />
              ) : (
                <UserMinus aria-hidden />
              )}
              Unassign
            </Button>
          </div>
        </div>
      </section>

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
        <>
          <Card className="hidden overflow-hidden md:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label="Select all shown teams"
                      checked={selection.allShown}
                      onCheckedChange={(v) => selection.toggleAllShown(v === true)}
                    />
                  </TableHead>
                  {TEAM_TABLE_HEADINGS.map((heading) => (
                    <TableHead key={heading}>{heading}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {visible.map((team) => (
                  <TeamRow key={team.id} layout="table" {...rowProps(team)} />
                ))}
              </TableBody>
            </Table>
          </Card>

          <ul className="flex flex-col gap-3 md:hidden" aria-label="Teams">
            {visible.map((team) => (
              <li key={team.id}>
                <TeamRow layout="card" {...rowProps(team)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
