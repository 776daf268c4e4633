import { renderPromptTemplate } from '@shared/prompt-template';
import { Check, Copy, Download, Wand2 } from 'lucide-react';
import * as React from 'react';
import { preloadable } from '@/lib/preloadable';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { saveBlob } from '@/lib/save-file';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { modelRunsSetUp } from '@/lib/model-runs';
import { RunPrompt } from '@/features/runs';
import { flushAllAutosaves } from '../hooks/use-phase-autosave';

const PromptMarkdown = preloadable(() => import('./prompt-markdown'));

/** A prompt's text without the Markdown marks a reader would otherwise see (headings, quotes, emphasis). */
function withoutMarks(prompt: string): string {
  return prompt
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1');
}

/** Loads the prompt's renderer ahead of the activity's first render (phase-page.tsx). */
export const preloadPromptMarkdown = () => PromptMarkdown.preload();

/**
 * The live prompt, rendered with `data`: the activity's answers, every other activity's, and the facts.
 * `reader`: the team, on its activity page, or an instructor reading the team's work.
 */
export function PromptPreview({
  template,
  data,
  reader = 'team',
  runs,
}: {
  template: string;
  data: Record<string, unknown>;
  reader?: 'team' | 'instructor';
  /** Where runs on the institute's model go, when the server has one: the activity, and the team (none: practice). */
  runs?: {
    phase: number;
    teamId: string | undefined;
    /** Where a run's answer may be put: the activity's handoff field, saved like typing. */
    useIn?: { fields: readonly { id: string; label: string }[]; put(fieldId: string, text: string): void };
  };
}) {
  const deferred = React.useDeferredValue(data);
  const prompt = React.useMemo(() => renderPromptTemplate(template, deferred), [template, deferred]);
  const clipboard = useCopyToClipboard();
  const [runsPanel, setRunsPanel] = React.useState<HTMLDivElement | null>(null);
  const withRuns = runs !== undefined && modelRunsSetUp();

  const copy = async () => {
    // The text copied is the markdown source: what a chat assistant reads best.
    if (await clipboard.copy(renderPromptTemplate(template, data))) toast(messages.promptCopied);
    else toast({ variant: 'destructive', ...messages.copyFailed });
  };

  const download = () => {
    saveBlob(
      new Blob([renderPromptTemplate(template, data)], { type: 'text/plain;charset=utf-8' }),
      'prompt.txt',
    );
    toast(messages.promptDownloaded);
  };

  return (
    <Card className="flex flex-col">
      <CardHeader className="gap-3 pb-3 sm:pb-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <CardTitle className="flex items-center gap-2">
              <Wand2 className="size-5 text-primary" aria-hidden />
              AI Prompt Preview
            </CardTitle>
            <CardDescription className="mt-1">
              {reader === 'team'
                ? 'Updates as you type. Copy it into ChatGPT, Claude or Gemini.'
                : 'The prompt this team would copy, as their preview shows it now.'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={copy} aria-live="polite">
              {clipboard.copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {clipboard.copied ? 'Copied!' : 'Copy Prompt'}
            </Button>
            <Button size="sm" variant="outline" onClick={download} aria-label="Download prompt as prompt.txt">
              <Download aria-hidden />
              <span>prompt.txt</span>
            </Button>
            {withRuns && (
              <React.Suspense fallback={null}>
                <RunPrompt
                  teamId={runs.teamId}
                  phase={runs.phase}
                  reader={reader}
                  beforeRun={flushAllAutosaves}
                  useIn={runs.useIn}
                  panel={runsPanel}
                />
              </React.Suspense>
            )}
          </div>
        </div>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <mark className="rounded bg-accent-soft px-1 font-mono text-accent-foreground ring-1 ring-accent/40">
            {'{{…}}'}
          </mark>
          marks what is still to fill.
        </p>
      </CardHeader>
      <CardContent>
        {/* The runs' answers first, right under "Run": where the team is looking when it presses it. */}
        {withRuns && <div ref={setRunsPanel} className="mb-4 empty:hidden" />}
        <section
          aria-label="AI prompt preview"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
          tabIndex={0}
          data-testid="prompt-preview"
          className="h-96 overflow-y-auto rounded-lg border border-border bg-muted/50 p-4 text-sm break-words"
        >
          {/* Until the renderer arrives, the text without its Markdown marks: never raw Markdown. */}
          <React.Suspense fallback={<p className="whitespace-pre-wrap">{withoutMarks(prompt)}</p>}>
            <PromptMarkdown prompt={prompt} />
          </React.Suspense>
        </section>
      </CardContent>
    </Card>
  );
}
