import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CohortRunSettings, CohortRunSettingsChange, TeamRunUse } from '@shared/schemas/runs';
import { PauseCircle } from 'lucide-react';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { runKeys } from '@/lib/query-keys';
import { adminRunsQueryOptions } from '../api/admin-runs';
import { setCohortRuns } from '../api/set-cohort-runs';
import { setTeamPaused } from '../api/set-team-paused';
import { limitsChange } from '../lib/limits-form';
import { useAdminRunsListener } from '../hooks/runs-listeners';
import { tokensText } from '../lib/budget-line';

const NOT_CHANGED = 'The change was not saved. Please try again.';
const LOAD_FAILED = 'The model’s runs could not be loaded. Please try again.';

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

  if (runs.isError && !runs.data) {
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p className="text-destructive">{serverMessageOf(runs.error) ?? LOAD_FAILED}</p>
        <Button size="sm" variant="outline" onClick={() => void runs.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!runs.data) return <p className="text-sm text-muted-foreground">Loading the model’s runs…</p>;
  const { model, pricing, cohorts, teams, smallestBudgetTokens } = runs.data;
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
          smallestBudget={smallestBudgetTokens}
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
  smallestBudget,
  onChange,
  onPause,
}: {
  cohort: CohortRunSettings;
  teams: TeamRunUse[];
  pricing: Parameters<typeof tokensText>[1];
  smallestBudget: number;
  onChange(change: CohortRunSettingsChange): void;
  onPause(teamId: string, paused: boolean): void;
}) {
  const [budget, setBudget] = React.useState(String(cohort.budgetTokens));
  const [perMinute, setPerMinute] = React.useState(String(cohort.runsPerMinute));
  const [total, setTotal] = React.useState(
    cohort.cohortBudgetTokens === null ? '' : String(cohort.cohortBudgetTokens),
  );
  const [problem, setProblem] = React.useState<string | null>(null);
  React.useEffect(() => setBudget(String(cohort.budgetTokens)), [cohort.budgetTokens]);
  React.useEffect(
    () => setTotal(cohort.cohortBudgetTokens === null ? '' : String(cohort.cohortBudgetTokens)),
    [cohort.cohortBudgetTokens],
  );
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
            const parsed = limitsChange({ budget, perMinute, total }, smallestBudget);
            setProblem('problem' in parsed ? parsed.problem : null);
            if ('change' in parsed) onChange(parsed.change);
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
          <div className="space-y-1">
            <Label htmlFor={`${id}-total`}>Cohort total (tokens, optional)</Label>
            <Input
              id={`${id}-total`}
              inputMode="numeric"
              value={total}
              placeholder="none"
              onChange={(event) => setTotal(event.target.value)}
              className="w-40"
            />
          </div>
          <Button type="submit" size="sm" variant="outline">
            Save limits
          </Button>
          <p className="basis-full text-xs text-muted-foreground">
            One run reserves up to {smallestBudget.toLocaleString('en')} tokens: the smallest budget. The
            cohort total, when set, is shared by all its teams, so extra workspaces do not multiply the bill.
          </p>
          {problem && (
            <p role="alert" className="basis-full text-sm text-destructive">
              {problem}
            </p>
          )}
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
                return (
                  <TableRow key={team.teamId} data-testid="team-runs-row">
                    <TableCell className="font-medium">
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        {team.teamName}
                        {/* Said in words, beside the name: the button alone ("Resume") leaves it to be guessed. */}
                        {team.paused && (
                          <Badge variant="warning" data-testid="team-runs-paused">
                            <PauseCircle aria-hidden /> Paused
                          </Badge>
                        )}
                      </span>
                    </TableCell>
                    <TableCell>
                      {team.runs}
                      {team.running > 0 && ` (${team.running} running)`}
                    </TableCell>
                    <TableCell>
                      {tokensText({ prompt: team.promptTokens, completion: team.completionTokens }, pricing)}
                    </TableCell>
                    <TableCell>{team.tokensLeft.toLocaleString('en')}</TableCell>
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
