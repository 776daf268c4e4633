import { useQuery, useQueryClient } from '@tanstack/react-query';
import { beyondChatModelNote } from '@shared/model-runs';
import type { Run } from '@shared/schemas/runs';
import { Play, Square } from 'lucide-react';
import * as React from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { serverMessageOf } from '@/lib/api-client';
import { runKeys } from '@/lib/query-keys';
import { runActivity } from '../api/run-activity';
import { teamRunsQueryOptions } from '../api/team-runs';
import { budgetLine } from '../lib/budget-line';
import { keepInView } from '../lib/keep-in-view';
import { RunList, RunView } from './run-history';
import { UseIn, type UseInTargets } from './use-in';

const PRACTICE_NOTE =
  'Practice mode cannot run prompts here: there is no workspace whose budget a run is charged to. Copy the prompt instead, or open your workspace.';
const RUN_FAILED = 'The run could not start. Please try again.';

/** A run this page started, while its answer arrives. */
type Live = { run: Run | null; answer: string; controller: AbortController };

/**
 * "Run" beside "Copy Prompt", and the answers below the preview (rendered into `panel`): the team runs the
 * activity's prompt on the institute's model (its typing saved first: the server renders the prompt from the
 * saved answers, as the preview shows it), sees the answer as it is written, may stop it,
 * and sees its teammates' runs of the activity as they start and end. An instructor reading a team's work
 * sees the runs only. Loaded only where running prompts is set up.
 */
export default function RunPrompt({
  teamId,
  phase,
  reader,
  beforeRun,
  useIn,
  panel,
}: {
  /** The open workspace's team; none in practice mode. */
  teamId: string | undefined;
  phase: number;
  reader: 'team' | 'instructor';
  /** Saves what the team typed: the server renders the prompt from the saved answers. */
  beforeRun: () => Promise<void>;
  /** Where an answer may go: the activity's handoff fields, which later activities build on. */
  useIn?: UseInTargets;
  /** Where the answers go: under the preview. */
  panel: HTMLElement | null;
}) {
  const queryClient = useQueryClient();
  const runs = useQuery({ ...teamRunsQueryOptions(teamId ?? ''), enabled: teamId !== undefined });
  const [live, setLive] = React.useState<Live | null>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  // A page that goes away stops its run (the server keeps what was written).
  const liveNow = React.useRef<Live | null>(null);
  // The answer shows where the team is looking: kept in view as it starts and grows (its end, within the
  // preview's column and the page alike).
  const liveView = React.useRef<HTMLDivElement | null>(null);
  const liveRunId = live?.run?.id;
  const liveLength = live?.answer.length ?? 0;
  React.useEffect(() => {
    const view = liveView.current;
    if (!liveRunId || liveLength < 0 || !view) return;
    keepInView(view);
    // What else the page shows meanwhile (the budget line, a teammate's run) may push it down again.
    const column = view.closest<HTMLElement>('#prompt-preview') ?? view;
    const observer = new ResizeObserver(() => keepInView(view));
    observer.observe(column);
    observer.observe(view);
    return () => observer.disconnect();
  }, [liveRunId, liveLength]);
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
      await beforeRun();
      await runActivity(teamId, { phaseNumber: phase }, controller.signal, (line) => {
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
    <section aria-label="Runs on the model" className="space-y-3" data-testid="model-runs">
      {reader === 'team' && note && <p className="text-xs text-muted-foreground">{note}</p>}
      {reader === 'team' && (blocked || refusal) && (
        <p role="alert" className="text-sm text-destructive" data-testid="run-refusal">
          {refusal ?? blocked}
        </p>
      )}
      {allowance && teamId && (
        <p className="text-xs text-muted-foreground" data-testid="run-allowance">
          {budgetLine(allowance)} Model: {allowance.model}.
        </p>
      )}
      {live?.run && (
        <div aria-live="polite" ref={liveView} className="scroll-mb-4">
          <RunView run={live.run} pricing={allowance?.pricing ?? null} answer={live.answer} />
        </div>
      )}
      {reader === 'team' && useIn && !running && shown[0] && shown[0].answer !== '' && (
        <UseIn targets={useIn} answer={shown[0].answer} />
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
