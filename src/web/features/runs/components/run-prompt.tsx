import { useQuery, useQueryClient } from '@tanstack/react-query';
import { beyondChatModelNote } from '@shared/model-runs';
import type { Run } from '@shared/schemas/runs';
import { Play, Square } from 'lucide-react';
import * as React from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { serverMessageOf } from '@/lib/api-client';
import { runKeys } from '@/lib/query-keys';
import { runPrompt, teamRunsQueryOptions } from '../api/runs';
import { allowanceText, RunList, RunView } from './run-history';

const PRACTICE_NOTE =
  'Practice mode cannot run prompts here: there is no workspace whose budget a run is charged to. Copy the prompt instead, or open your workspace.';
const RUN_FAILED = 'The run could not start. Please try again.';

/** A run this page started, while its answer arrives. */
type Live = { run: Run | null; answer: string; controller: AbortController };

/**
 * "Run" beside "Copy Prompt", and the answers below the preview (rendered into `panel`): the team runs the
 * prompt as its preview shows it on the institute's model, sees the answer as it is written, may stop it,
 * and sees its teammates' runs of the activity as they start and end. An instructor reading a team's work
 * sees the runs only. Loaded only where running prompts is set up.
 */
export default function RunPrompt({
  teamId,
  phase,
  reader,
  prompt,
  panel,
}: {
  /** The open workspace's team; none in practice mode. */
  teamId: string | undefined;
  phase: number;
  reader: 'team' | 'instructor';
  /** The prompt as the preview shows it now. */
  prompt: () => string;
  /** Where the answers go: under the preview. */
  panel: HTMLElement | null;
}) {
  const queryClient = useQueryClient();
  const runs = useQuery({ ...teamRunsQueryOptions(teamId ?? ''), enabled: teamId !== undefined });
  const [live, setLive] = React.useState<Live | null>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  // A page that goes away stops its run (the server keeps what was written).
  const liveNow = React.useRef<Live | null>(null);
  liveNow.current = live;
  React.useEffect(() => () => liveNow.current?.controller.abort(), []);

  const allowance = runs.data?.allowance;
  const running = live !== null;
  const blocked = teamId === undefined ? PRACTICE_NOTE : (allowance?.blocked ?? null);

  const start = async () => {
    if (!teamId || running) return;
    setRefusal(null);
    const controller = new AbortController();
    const current: Live = { run: null, answer: '', controller };
    setLive(current);
    try {
      await runPrompt(teamId, { phaseNumber: phase, prompt: prompt() }, controller.signal, (line) => {
        if (line.type === 'start') current.run = line.run;
        else if (line.type === 'delta') current.answer += line.text;
        else current.run = line.run;
        setLive({ ...current });
      });
    } catch (error) {
      if (!controller.signal.aborted) setRefusal(serverMessageOf(error) ?? RUN_FAILED);
    } finally {
      setLive(null);
      void queryClient.invalidateQueries({ queryKey: runKeys.team(teamId) });
    }
  };

  const phaseRuns = (runs.data?.runs ?? []).filter((run) => run.phaseNumber === phase);
  const note = beyondChatModelNote(phase);
  const shown = live?.run ? phaseRuns.filter((run) => run.id !== live.run!.id) : phaseRuns;

  const answers = (
    <section aria-label="Runs on the model" className="mt-4 space-y-3" data-testid="model-runs">
      {reader === 'team' && note && <p className="text-xs text-muted-foreground">{note}</p>}
      {reader === 'team' && (blocked || refusal) && (
        <p role="alert" className="text-sm text-destructive" data-testid="run-refusal">
          {refusal ?? blocked}
        </p>
      )}
      {allowance && teamId && (
        <p className="text-xs text-muted-foreground" data-testid="run-allowance">
          {allowanceText(allowance)} Model: {allowance.model}.
        </p>
      )}
      {live?.run && (
        <div aria-live="polite">
          <RunView run={live.run} pricing={allowance?.pricing ?? null} answer={live.answer} />
        </div>
      )}
      <RunList runs={shown} pricing={allowance?.pricing ?? null} />
    </section>
  );

  return (
    <>
      {reader === 'team' &&
        (running ? (
          <Button size="sm" variant="destructive" onClick={() => live?.controller.abort()}>
            <Square aria-hidden />
            Stop
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={start}
            disabled={blocked !== null || (teamId !== undefined && !runs.data)}
            title={blocked ?? 'Run the prompt on the institute’s model'}
          >
            <Play aria-hidden />
            Run
          </Button>
        ))}
      {panel && createPortal(answers, panel)}
    </>
  );
}
