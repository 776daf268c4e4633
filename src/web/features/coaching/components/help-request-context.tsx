import { useQuery } from '@tanstack/react-query';
import { CircleCheck, LifeBuoy } from 'lucide-react';
import { teamHelpQueryOptions, useAnswerHelp } from '../api/help';
import { useNow } from '../hooks/use-now';
import { ActivityOf } from './help-requests';
import { MarkAnsweredButton } from './mark-answered-button';
import { askedAgo } from '../lib/waiting';

/**
 * A team's work opened from its request for help (docs/product.md, A team's work): the request itself at
 * the top, with "Mark answered" while it is open. It reads the team's request, which the team's live
 * events keep current, so an answer from another instructor's screen, or the team withdrawing it, shows
 * here at once.
 */
export function HelpRequestContext({ teamId, requestId }: { teamId: string; requestId: string }) {
  const current = useQuery(teamHelpQueryOptions(teamId));
  const answer = useAnswerHelp();
  const now = useNow();
  const request = current.data;
  if (current.isPending) return null;
  if (!request || request.id !== requestId || request.status !== 'open') {
    const answered = request?.id === requestId && request.status === 'answered';
    return (
      <div
        role="status"
        data-testid="help-request-context"
        className="flex items-center gap-2 rounded-xl border border-green-200 bg-success-soft px-4 py-3 text-sm font-medium text-success"
      >
        <CircleCheck className="size-4 shrink-0" aria-hidden />
        {answered
          ? `This request for help is answered${request.answeredBy ? ` (by ${request.answeredBy})` : ''}.`
          : 'This request for help is no longer open: it was answered or withdrawn.'}
      </div>
    );
  }
  return (
    <section
      aria-labelledby="help-request-context-title"
      data-testid="help-request-context"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-warning-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <h2 id="help-request-context-title" className="flex items-center gap-2 font-semibold text-warning">
          <LifeBuoy className="size-4" aria-hidden />
          This team asked for help
        </h2>
        <p className="text-sm text-foreground">
          From <ActivityOf teamId={teamId} phase={request.phaseNumber} /> · {askedAgo(request.createdAt, now)}
        </p>
        <p className="text-sm text-foreground">
          {request.message ? `"${request.message}"` : 'No message: the team pressed "Ask for help".'}
        </p>
      </div>
      <MarkAnsweredButton answer={answer} requestId={request.id} className="shrink-0" />
    </section>
  );
}
