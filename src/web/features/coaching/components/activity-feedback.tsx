import { useQuery } from '@tanstack/react-query';
import { CircleCheck, MessageSquareText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { feedbackQueryOptions, useMarkFeedbackDone } from '../api/feedback';
import { writtenAt } from '../lib/waiting';

/**
 * "Feedback from your instructor" on an activity page of a workspace: the instructors' notes on this
 * activity, who wrote each and when, each marked done by the team when it has acted on it. Live: a note
 * written, or marked done on a teammate's device, shows without a reload. Nothing shows without notes.
 */
export function ActivityFeedback({ teamId, phase }: { teamId: string; phase: number }) {
  const notes = useQuery({
    ...feedbackQueryOptions(teamId),
    select: (all) => all.filter((note) => note.phaseNumber === phase),
  });
  const mark = useMarkFeedbackDone(teamId);
  if (!notes.data?.length) return null;
  const setDone = (noteId: string, done: boolean) =>
    mark.mutate(
      { noteId, done },
      {
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Could not update the feedback',
            description: 'Please try again.',
          }),
      },
    );
  return (
    <section
      aria-labelledby="instructor-feedback"
      data-testid="instructor-feedback"
      className="space-y-3 rounded-xl border border-primary/30 bg-primary-soft/50 p-4 sm:p-5"
    >
      <h2 id="instructor-feedback" className="flex items-center gap-2 text-base font-semibold">
        <MessageSquareText className="size-5 text-primary" aria-hidden />
        Feedback from your instructor
      </h2>
      <ul className="space-y-3">
        {notes.data.map((note) => (
          <li
            key={note.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0 space-y-1">
              <p
                className={note.doneAt ? 'whitespace-pre-wrap text-muted-foreground' : 'whitespace-pre-wrap'}
              >
                {note.body}
              </p>
              <p className="text-xs text-muted-foreground">
                {note.author} · <time dateTime={note.createdAt}>{writtenAt(note.createdAt)}</time>
              </p>
            </div>
            {note.doneAt ? (
              <div className="flex shrink-0 items-center gap-2">
                <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
                  <CircleCheck className="size-4" aria-hidden /> Done
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={mark.isPending}
                  onClick={() => setDone(note.id, false)}
                >
                  Undo
                </Button>
              </div>
            ) : (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                disabled={mark.isPending}
                onClick={() => setDone(note.id, true)}
              >
                Mark as done
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
