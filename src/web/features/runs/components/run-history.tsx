import type { Pricing, Run } from '@shared/schemas/runs';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { tokensText } from '../lib/budget-line';

const STATUS_TEXT: Record<Run['status'], string> = {
  running: 'Running…',
  done: 'Answered',
  stopped: 'Stopped',
  failed: 'Failed',
};

/**
 * One run as a team or an instructor reads it: the answer as text (never markup), the model, its tokens
 * and when. `answer` overrides the saved answer while it is still arriving on this page.
 */
export function RunView({ run, pricing, answer }: { run: Run; pricing: Pricing | null; answer?: string }) {
  const text = answer ?? run.answer;
  const clipboard = useCopyToClipboard();
  const copy = async () => {
    if (await clipboard.copy(text)) toast(messages.answerCopied);
    else toast({ variant: 'destructive', ...messages.answerCopyFailed });
  };
  return (
    <article className="space-y-2 rounded-lg border border-border bg-surface p-3" data-testid="model-run">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground" data-testid="model-run-status">
          {STATUS_TEXT[run.status]}
        </span>
        <span>{run.model}</span>
        <span>{tokensText({ prompt: run.promptTokens, completion: run.completionTokens }, pricing)}</span>
        <time dateTime={run.createdAt}>{new Date(run.createdAt).toLocaleString()}</time>
        {text !== '' && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={copy} aria-live="polite">
            {clipboard.copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {clipboard.copied ? 'Copied!' : 'Copy answer'}
          </Button>
        )}
      </p>
      {run.error && (
        <p className="text-sm text-destructive" role={run.status === 'failed' ? 'alert' : undefined}>
          {run.error}
        </p>
      )}
      {text !== '' && (
        <div
          data-testid="model-run-answer"
          className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm"
        >
          {text}
        </div>
      )}
      <details className="text-xs text-muted-foreground">
        <summary className="cursor-pointer">The prompt as sent</summary>
        <div className="mt-2 max-h-48 overflow-y-auto whitespace-pre-wrap break-words">{run.prompt}</div>
      </details>
    </article>
  );
}

/** The activity's runs, newest first: the latest open, the earlier ones folded away. */
export function RunList({ runs, pricing }: { runs: readonly Run[]; pricing: Pricing | null }) {
  const [latest, ...earlier] = runs;
  if (!latest) return null;
  return (
    <div className="space-y-2">
      <RunView run={latest} pricing={pricing} />
      {earlier.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">
            {earlier.length} earlier {earlier.length === 1 ? 'run' : 'runs'}
          </summary>
          <div className="mt-2 space-y-2">
            {earlier.map((run) => (
              <RunView key={run.id} run={run} pricing={pricing} />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}
