import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CohortRunSettings, TeamRunUse } from '@shared/schemas/runs';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { runKeys } from '@/lib/query-keys';
import { adminRunsQueryOptions, setCohortRuns, setTeamPaused } from '../api/runs';
import { useAdminRunsListener } from '../hooks/runs-listeners';
import { tokensText } from './run-history';

const NOT_CHANGED = 'The change was not saved. Please try again.';

/**
 * The dashboard's "Model runs" tab: for each active cohort, runs on or off (off until the instructor
 * switches them on; off again pauses the whole cohort), each team's budget in tokens and its runs a minute;
 * and each team's use, live, with a pause of its own.
 */
export default function AdminRuns() {
  const queryClient = useQueryClient();
  const runs = useQuery(adminRunsQueryOptions());
  useLiveEvents([useAdminRunsListener()]);
  const changed = () => void queryClient.invalidateQueries({ queryKey: runKeys.admin() });
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: serverMessageOf(error) ?? NOT_CHANGED });
  const cohortChange = useMutation({
    mutationFn: (input: { tag: string; change: Parameters<typeof setCohortRuns>[1] }) =>
      setCohortRuns(input.tag, input.change),
    onSuccess: changed,
    onError: failed,
  });
  const pause = useMutation({
    mutationFn: (input: { teamId: string; paused: boolean }) => setTeamPaused(input.teamId, input.paused),
    onSuccess: changed,
    onError: failed,
  });

  if (!runs.data) return <p className="text-sm text-muted-foreground">Loading the model’s runs…</p>;
  const { model, pricing, cohorts, teams } = runs.data;
  return (
    <div className="space-y-6" data-testid="admin-runs">
      <p className="text-sm text-muted-foreground">
        Teams run their prompts on <strong className="text-foreground">{model}</strong>, within the budget you
        set for their cohort.{' '}
        {pricing
          ? `Costs are estimates at ${pricing.currency} ${pricing.inputPer1k} per 1,000 tokens sent and ${pricing.currency} ${pricing.outputPer1k} per 1,000 written.`
          : 'No price per token is configured, so no cost is estimated.'}
      </p>
      {cohorts.length === 0 && <p className="text-sm">No active cohort yet: runs are set per cohort.</p>}
      {cohorts.map((cohort) => (
        <CohortRuns
          key={cohort.tag}
          cohort={cohort}
          teams={teams.filter((team) => team.cohortTag === cohort.tag)}
          pricing={pricing}
          onChange={(change) => cohortChange.mutate({ tag: cohort.tag, change })}
          onPause={(teamId, paused) => pause.mutate({ teamId, paused })}
        />
      ))}
    </div>
  );
}

function CohortRuns({
  cohort,
  teams,
  pricing,
  onChange,
  onPause,
}: {
  cohort: CohortRunSettings;
  teams: TeamRunUse[];
  pricing: Parameters<typeof tokensText>[1];
  onChange(change: { on?: boolean; budgetTokens?: number; runsPerMinute?: number }): void;
  onPause(teamId: string, paused: boolean): void;
}) {
  const [budget, setBudget] = React.useState(String(cohort.budgetTokens));
  const [perMinute, setPerMinute] = React.useState(String(cohort.runsPerMinute));
  React.useEffect(() => setBudget(String(cohort.budgetTokens)), [cohort.budgetTokens]);
  React.useEffect(() => setPerMinute(String(cohort.runsPerMinute)), [cohort.runsPerMinute]);
  const id = `runs-${cohort.tag}`;
  return (
    <Card data-testid={`cohort-runs-${cohort.tag}`}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-3">
          <span>{cohort.name}</span>
          <span className="flex items-center gap-2 text-sm font-normal">
            <Switch
              id={`${id}-on`}
              checked={cohort.on}
              onCheckedChange={(on) => onChange({ on })}
              aria-label={`Runs for ${cohort.name}`}
            />
            <Label htmlFor={`${id}-on`}>{cohort.on ? 'Runs on' : 'Runs off'}</Label>
          </span>
        </CardTitle>
        <CardDescription>
          {cohort.on
            ? 'Teams may run their prompts. Switch off to pause the whole cohort.'
            : 'Teams copy their prompts: switch runs on when the room is ready.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ budgetTokens: Number(budget), runsPerMinute: Number(perMinute) });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={`${id}-budget`}>Budget per team (tokens)</Label>
            <Input
              id={`${id}-budget`}
              inputMode="numeric"
              value={budget}
              onChange={(event) => setBudget(event.target.value)}
              className="w-40"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-rate`}>Runs a minute per team</Label>
            <Input
              id={`${id}-rate`}
              inputMode="numeric"
              value={perMinute}
              onChange={(event) => setPerMinute(event.target.value)}
              className="w-28"
            />
          </div>
          <Button type="submit" size="sm" variant="outline">
            Save limits
          </Button>
        </form>
        {teams.length === 0 ? (
          <p className="text-sm text-muted-foreground">No team in this cohort yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Team</TableHead>
                <TableHead>Runs</TableHead>
                <TableHead>Used</TableHead>
                <TableHead>Left</TableHead>
                <TableHead>
                  <span className="sr-only">Pause</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {teams.map((team) => {
                const used = team.promptTokens + team.completionTokens;
                const left = Math.max(0, cohort.budgetTokens - used - team.reservedTokens);
                return (
                  <TableRow key={team.teamId} data-testid="team-runs-row">
                    <TableCell className="font-medium">{team.teamName}</TableCell>
                    <TableCell>
                      {team.runs}
                      {team.running > 0 && ` (${team.running} running)`}
                    </TableCell>
                    <TableCell>
                      {tokensText({ prompt: team.promptTokens, completion: team.completionTokens }, pricing)}
                    </TableCell>
                    <TableCell>{left.toLocaleString('en')}</TableCell>
                    <TableCell className="text-right">
                      <Button
                        size="sm"
                        variant={team.paused ? 'secondary' : 'outline'}
                        onClick={() => onPause(team.teamId, !team.paused)}
                        aria-label={`${team.paused ? 'Resume' : 'Pause'} runs of ${team.teamName}`}
                      >
                        {team.paused ? 'Resume' : 'Pause'}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
