import { useQuery } from '@tanstack/react-query';
import { Eye, LifeBuoy } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTeamActivityName } from '@/lib/team-programme';
import { helpQueueQueryOptions, useAnswerHelp } from '../api/help';
import { useNow } from '../hooks/use-now';
import { AnswerWithALine, MarkAnsweredButton } from './mark-answered-button';
import { waitingFor } from '../lib/waiting';

/** How many requests are open: the dashboard's tab shows it from any tab. */
export function useHelpRequestCount(): number {
  return useQuery(helpQueueQueryOptions()).data?.length ?? 0;
}

/**
 * "Help requests": every open request of every team, the longest waiting first: team, activity, message
 * and how long it has waited. Marking one answered tells the team's pages and every other instructor's
 * screen at once.
 */
export function HelpRequests() {
  const queue = useQuery(helpQueueQueryOptions());
  const answer = useAnswerHelp();
  const now = useNow();
  if (queue.isPending) return <Spinner label="Loading the help requests" />;
  if (queue.isError) {
    return (
      <div
        role="alert"
        className="space-y-3 rounded-xl border border-destructive/30 bg-destructive-soft p-5 text-sm"
      >
        <p className="font-medium text-destructive">The help requests could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (queue.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border p-10 text-center">
        <LifeBuoy className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No team is waiting for help.</p>
        <p className="text-sm text-muted-foreground">
          A team's "Ask for help" shows here at once, the longest waiting first.
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Help requests, the longest waiting first">
      {queue.data.map((request) => (
        <li
          key={request.id}
          data-testid="help-request"
          className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
        >
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">
              <span className="typed-text">{request.teamName}</span>
              {request.cohortName && (
                <span className="ml-2 text-sm font-normal text-muted-foreground">{request.cohortName}</span>
              )}
            </p>
            <p className="text-sm text-muted-foreground">
              <ActivityOf teamId={request.teamId} phase={request.phaseNumber} /> · waiting{' '}
              <span className="font-medium text-foreground">{waitingFor(request.createdAt, now)}</span>
            </p>
            {request.message && <p className="typed-text text-sm">"{request.message}"</p>}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link
              to={`/admin/teams/${request.teamId}/work?help=${encodeURIComponent(request.id)}#activity-${request.phaseNumber}`}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Eye aria-hidden />
              View work
            </Link>
            <MarkAnsweredButton answer={answer} requestId={request.id} />
          </div>
          <AnswerWithALine answer={answer} requestId={request.id} teamName={request.teamName} />
        </li>
      ))}
    </ul>
  );
}

/** "Activity 3, Patient evidence": the activity as the team's programme names it ("Activity 3" meanwhile). */
export function ActivityOf({ teamId, phase }: { teamId: string; phase: number }) {
  const name = useTeamActivityName(teamId, phase);
  return (
    <>
      Activity {phase}
      {name ? `, ${name}` : ''}
    </>
  );
}
