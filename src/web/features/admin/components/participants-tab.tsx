import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TOTAL_PHASES } from '@shared/phases';
import { formatRelativeTime } from '@shared/relative-time';
import type { AdminCohort } from '@shared/schemas/cohort';
import type { AdminTeam } from '@shared/schemas/team';
import { toSafeHref } from '@shared/website-url';
import { AlertTriangle, ExternalLink, Search, UserMinus, UserPlus, Users, X } from 'lucide-react';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { TeamAvatar } from '@/features/workspace/components/team-avatar';
import { messageOf } from '@/lib/api-client';
import { callDefaults, messages } from '@/lib/messages';
import {
  activeCohortsQueryKey,
  activeCohortsQueryOptions,
  archivedCohortsQueryKey,
} from '../api/admin-cohorts';
import { adminTeamsQueryKey, adminTeamsQueryOptions, assignTeams, unassignTeams } from '../api/admin-teams';
import { serverMessageOf } from '../api/server-message';
import { EmptyPanel, ErrorPanel } from './panels';

type SortKey = 'name' | 'progress' | 'activity';
const ALL = 'all';
const NO_COHORT = 'none';

/** 'Needs Submission': voting is open in the team's cohort and it has no website yet. */
function needsSubmission(team: AdminTeam, cohorts: Map<string, AdminCohort>): boolean {
  const cohort = team.cohortTag ? cohorts.get(team.cohortTag) : undefined;
  return Boolean(cohort?.competitionEnabled && cohort.votingOpen && !team.submittedWebsiteUrl);
}

function sortTeams(teams: AdminTeam[], key: SortKey): AdminTeam[] {
  const byName = (a: AdminTeam, b: AdminTeam) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return [...teams].sort((a, b) => {
    if (key === 'progress') return b.progress - a.progress || byName(a, b);
    if (key === 'activity') return Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || byName(a, b);
    return byName(a, b);
  });
}

export function ParticipantsTab() {
  const queryClient = useQueryClient();
  const teamsQuery = useQuery(adminTeamsQueryOptions);
  const cohortsQuery = useQuery(activeCohortsQueryOptions);
  const [search, setSearch] = React.useState('');
  const [cohortFilter, setCohortFilter] = React.useState<string>(ALL);
  const [sort, setSort] = React.useState<SortKey>('name');
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [target, setTarget] = React.useState<string>('');

  const activeCohorts = cohortsQuery.data ?? [];
  const cohortsByTag = React.useMemo(() => new Map(activeCohorts.map((c) => [c.tag, c])), [activeCohorts]);
  const teams = teamsQuery.data ?? [];
  // Teams can sit in archived cohorts too: the filter offers every cohort a team is in.
  const filterOptions = React.useMemo(() => {
    const options = new Map<string, string>(activeCohorts.map((c) => [c.tag, c.name]));
    for (const t of teams)
      if (t.cohortTag && !options.has(t.cohortTag)) options.set(t.cohortTag, t.cohortName ?? t.cohortTag);
    return [...options.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [activeCohorts, teams]);

  const visible = React.useMemo(() => {
    const needle = search.trim().toLowerCase();
    const filtered = teams.filter((t) => {
      if (needle && !t.name.toLowerCase().includes(needle) && !t.code.toLowerCase().includes(needle))
        return false;
      if (cohortFilter === NO_COHORT) return t.cohortTag === null;
      if (cohortFilter !== ALL) return t.cohortTag === cohortFilter;
      return true;
    });
    return sortTeams(filtered, sort);
  }, [teams, search, cohortFilter, sort]);

  // A team that disappears from the list (another tab, a filter) is no longer selected.
  const selectedIds = React.useMemo(
    () => teams.filter((t) => selected.has(t.id)).map((t) => t.id),
    [teams, selected],
  );
  const allVisibleSelected = visible.length > 0 && visible.every((t) => selected.has(t.id));
  const someVisibleSelected = visible.some((t) => selected.has(t.id));

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminTeamsQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: activeCohortsQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: archivedCohortsQueryKey, exact: true });
  };

  const assign = useMutation({
    mutationFn: ({ tag, ids }: { tag: string; ids: string[] }) => assignTeams(tag, ids),
    onSuccess: (result, { tag }) => {
      toast({
        variant: 'success',
        ...messages.participantsAssigned(result.updated, cohortsByTag.get(tag)?.name ?? tag),
      });
      setSelected(new Set());
    },
    onError: (error) => toast({ variant: 'destructive', ...messages.assignFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
  const unassign = useMutation({
    mutationFn: (ids: string[]) => unassignTeams(ids),
    onSuccess: (result) => {
      toast({ variant: 'success', ...messages.participantsUnassigned(result.updated) });
      setSelected(new Set());
    },
    onError: (error) => toast({ variant: 'destructive', ...messages.unassignFailed(serverMessageOf(error)) }),
    onSettled: refresh,
  });
  const busy = assign.isPending || unassign.isPending;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAllVisible = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const t of visible) {
        if (on) next.add(t.id);
        else next.delete(t.id);
      }
      return next;
    });

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
        description={messageOf(teamsQuery.error, 'The team list could not be loaded.')}
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

  const filtersActive = search.trim() !== '' || cohortFilter !== ALL;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="participant-search">Search</Label>
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
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <div className="flex flex-col gap-1.5 md:w-52">
            <Label id="cohort-filter-label">Cohort</Label>
            <Select value={cohortFilter} onValueChange={setCohortFilter}>
              <SelectTrigger aria-labelledby="cohort-filter-label">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All cohorts</SelectItem>
                <SelectItem value={NO_COHORT}>No cohort</SelectItem>
                {filterOptions.map(([tag, name]) => (
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
          <Select value={target} onValueChange={setTarget} disabled={activeCohorts.length === 0}>
            <SelectTrigger aria-label="Assign to cohort" className="sm:w-56">
              <SelectValue
                placeholder={activeCohorts.length === 0 ? 'Create a cohort first' : 'Choose a cohort'}
              />
            </SelectTrigger>
            <SelectContent>
              {activeCohorts.map((c) => (
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

      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {visible.length} of {teams.length} {teams.length === 1 ? 'team' : 'teams'}
      </p>

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
                  setCohortFilter(ALL);
                }}
              >
                <X aria-hidden /> Clear filters
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <Card className="hidden overflow-hidden md:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label="Select all shown teams"
                      checked={allVisibleSelected ? true : someVisibleSelected ? 'indeterminate' : false}
                      onCheckedChange={(v) => toggleAllVisible(v === true)}
                    />
                  </TableHead>
                  <TableHead>Team</TableHead>
                  <TableHead>Cohort</TableHead>
                  <TableHead>Progress</TableHead>
                  <TableHead>Activities with data</TableHead>
                  <TableHead>Website</TableHead>
                  <TableHead>Last activity</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {visible.map((team) => (
                  <TableRow key={team.id} data-state={selected.has(team.id) ? 'selected' : undefined}>
                    <TableCell>
                      <Checkbox
                        aria-label={`Select ${team.name}`}
                        checked={selected.has(team.id)}
                        onCheckedChange={(v) => toggle(team.id, v === true)}
                      />
                    </TableCell>
                    <TableCell className="max-w-60">
                      <TeamIdentity team={team} flagged={needsSubmission(team, cohortsByTag)} />
                    </TableCell>
                    <TableCell>
                      <CohortBadge team={team} />
                    </TableCell>
                    <TableCell>
                      <TeamProgress team={team} />
                    </TableCell>
                    <TableCell>
                      <ActivityDots phases={team.phasesWithData} />
                    </TableCell>
                    <TableCell className="max-w-44">
                      <WebsiteLink team={team} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      {formatRelativeTime(team.updatedAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>

          <ul className="flex flex-col gap-3 md:hidden" aria-label="Teams">
            {visible.map((team) => (
              <li key={team.id}>
                <Card
                  className={selected.has(team.id) ? 'border-primary bg-primary-soft/40 p-4' : 'p-4'}
                  data-testid="team-card"
                >
                  <div className="flex items-start gap-3">
                    <Checkbox
                      className="mt-2.5"
                      aria-label={`Select ${team.name}`}
                      checked={selected.has(team.id)}
                      onCheckedChange={(v) => toggle(team.id, v === true)}
                    />
                    <div className="min-w-0 flex-1">
                      <TeamIdentity team={team} flagged={needsSubmission(team, cohortsByTag)} />
                    </div>
                  </div>
                  <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2.5 text-sm">
                    <dt className="text-muted-foreground">Cohort</dt>
                    <dd>
                      <CohortBadge team={team} />
                    </dd>
                    <dt className="text-muted-foreground">Progress</dt>
                    <dd>
                      <TeamProgress team={team} />
                    </dd>
                    <dt className="text-muted-foreground">Activities</dt>
                    <dd>
                      <ActivityDots phases={team.phasesWithData} />
                    </dd>
                    <dt className="text-muted-foreground">Website</dt>
                    <dd className="min-w-0">
                      <WebsiteLink team={team} />
                    </dd>
                    <dt className="text-muted-foreground">Last activity</dt>
                    <dd>{formatRelativeTime(team.updatedAt)}</dd>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function TeamIdentity({ team, flagged }: { team: AdminTeam; flagged: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <TeamAvatar name={team.name} avatarIcon={team.avatarIcon} />
      <div className="min-w-0">
        <p className="truncate font-semibold" title={team.name}>
          {team.name}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs tracking-widest text-muted-foreground">
            <span className="sr-only">Code </span>
            {team.code}
          </span>
          {flagged && (
            <Badge variant="warning">
              <AlertTriangle aria-hidden /> Needs Submission
            </Badge>
          )}
        </div>
      </div>
    </div>
  );
}

function CohortBadge({ team }: { team: AdminTeam }) {
  if (!team.cohortTag) return <span className="text-sm text-muted-foreground">Unassigned</span>;
  return (
    <Badge variant="default" title={team.cohortTag} className="max-w-36">
      <span className="truncate">{team.cohortName ?? team.cohortTag}</span>
    </Badge>
  );
}

function TeamProgress({ team }: { team: AdminTeam }) {
  const percent = Math.round(team.progress * 100);
  return (
    <div className="flex items-center gap-2">
      <Progress
        value={percent}
        aria-label={`${team.name} progress`}
        className="w-24 md:w-20"
        indicatorClassName={percent === 100 ? 'bg-success' : undefined}
      />
      <span className="w-10 text-right text-sm font-medium tabular-nums">{percent}%</span>
    </div>
  );
}

function ActivityDots({ phases }: { phases: number[] }) {
  const saved = new Set(phases);
  const label =
    phases.length === 0 ? 'No activities with data' : `Activities with data: ${phases.join(', ')}`;
  return (
    <div className="flex gap-0.5" role="img" aria-label={label} title={label}>
      {Array.from({ length: TOTAL_PHASES }, (_, i) => i + 1).map((n) => (
        <span
          key={n}
          className={
            saved.has(n)
              ? 'flex size-5 items-center justify-center rounded-sm bg-primary text-xs font-semibold text-primary-foreground'
              : 'flex size-5 items-center justify-center rounded-sm bg-muted text-xs text-muted-foreground'
          }
        >
          {n}
        </span>
      ))}
    </div>
  );
}

function WebsiteLink({ team }: { team: AdminTeam }) {
  const href = toSafeHref(team.submittedWebsiteUrl);
  if (href === '#') return <span className="text-sm text-muted-foreground">Not submitted</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <span className="truncate">{href.replace(/^https?:\/\//i, '')}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
