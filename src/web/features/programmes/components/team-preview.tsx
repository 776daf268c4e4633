import { unmetNeeds } from '@shared/activity-needs';
import type { PhaseConfig } from '@shared/phase-config';
import { ClipboardList, Clock, EyeOff, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  type Answers,
  DecisionBox,
  DecisionForm,
  ExpectedOutput,
  FallbackInstructions,
  MissingInputs,
  PromptPreview,
  WorkflowSteps,
} from '@/features/phase';
import { cn } from '@/lib/cn';
import { previewContext, SAMPLES, type Sample, sampleTeam } from '../lib/sample-answers';

const NO_ORIGINS: ReadonlyMap<string, string> = new Map();

/**
 * "Preview as a team": the activity page as a team of this programme sees it, built from the activity
 * page's own parts, and its prompt rendered from a sample team's answers. It follows every keystroke in the
 * editor; the sample's answers can be typed over here too, to try a path of the prompt.
 */
export function TeamPreview({
  config,
  programme,
  switchedOff,
}: {
  config: PhaseConfig;
  programme: readonly PhaseConfig[];
  switchedOff: boolean;
}) {
  const [sample, setSample] = React.useState<Sample>('example');
  const team = React.useMemo(() => sampleTeam(sample, config, programme), [sample, config, programme]);
  return (
    <section aria-labelledby="team-preview-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="team-preview-title" className="text-lg font-semibold tracking-tight">
          Preview as a team
        </h2>
        <fieldset className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">Sample answers</legend>
          {(Object.keys(SAMPLES) as Sample[]).map((name) => (
            <label
              key={name}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                sample === name ? 'bg-surface text-foreground shadow-sm' : 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                name="preview-sample"
                value={name}
                checked={sample === name}
                onChange={() => setSample(name)}
                className="sr-only"
              />
              {SAMPLES[name]}
            </label>
          ))}
        </fieldset>
      </div>
      {switchedOff && (
        <p className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm">
          <EyeOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          Switched off: teams of this programme do not see this activity.
        </p>
      )}
      <PreviewBoundary resetKey={config}>
        <PreviewPage config={config} team={team} key={`${sample}:${config.phase}`} />
      </PreviewBoundary>
    </section>
  );
}

function PreviewPage({ config, team }: { config: PhaseConfig; team: ReturnType<typeof sampleTeam> }) {
  const form = useForm<Answers>({ defaultValues: team.own });
  // The sample follows the config: a changed placeholder is the worked example's new answer.
  React.useEffect(() => form.reset(team.own), [form, team.own]);
  const watched = useWatch({ control: form.control }) as Answers;
  const context = React.useMemo(() => previewContext(config, team, watched), [config, team, watched]);
  const missing = unmetNeeds(config.needs, context);
  return (
    <div className="space-y-5 rounded-xl border border-dashed border-primary/40 bg-background p-3 sm:p-4">
      <header className="space-y-2">
        <h3 className="text-2xl font-bold tracking-tight text-balance">{config.names.page}</h3>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary">
          <Clock className="size-4" aria-hidden />
          <span className="sr-only">Estimated time: </span>
          {config.estimatedTime}
        </p>
        <p className="leading-relaxed text-muted-foreground">{config.intro}</p>
      </header>
      {config.decisionBoxContent && <DecisionBox content={config.decisionBoxContent} />}
      {config.stepByStepFlow && <WorkflowSteps steps={config.stepByStepFlow} />}
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex items-center gap-2">
            <ClipboardList className="size-5 text-primary" aria-hidden />
            Decision Box
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate aria-label="Decision Box (preview)" onSubmit={(e) => e.preventDefault()}>
            <MissingInputs needs={missing} />
            <DecisionForm fields={config.fields} form={form} origins={NO_ORIGINS} />
          </form>
        </CardContent>
      </Card>
      <PromptPreview template={config.promptTemplate} data={context} reader="instructor" />
      <ExpectedOutput output={config.expectedOutput} />
      {!config.stepByStepFlow && <FallbackInstructions instructions={config.instructions} />}
    </div>
  );
}

/**
 * A draft half written can hold what the page's parts were never meant to render; the preview then says so
 * and tries again with the next edit, instead of taking the editor down with it.
 */
class PreviewBoundary extends React.Component<
  { resetKey: unknown; children: React.ReactNode },
  { failedWith: unknown }
> {
  state = { failedWith: undefined as unknown };

  static getDerivedStateFromError() {
    return { failedWith: true };
  }

  componentDidUpdate(previous: { resetKey: unknown }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failedWith) {
      this.setState({ failedWith: undefined });
    }
  }

  render() {
    if (!this.state.failedWith) return this.props.children;
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        The preview cannot show this activity as it is now; the problems above say what to fix.
      </p>
    );
  }
}
