import { CircleCheck, MessageSquareText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useActivityFeedback, useMarkFeedbackDone } from '../api/feedback';
import { NoteText } from './note-text';

/**
 * "Feedback from your instructor" on an activity page of a workspace: the instructors' notes on this
 * activity, who wrote each and when, each marked done by the team when it has acted on it. Live: a note
 * written, or marked done on a teammate's device, shows without a reload. Nothing shows without notes.
 */
export function ActivityFeedback({ teamId, phase }: { teamId: string; phase: number }) {
  const notes = useActivityFeedback(teamId, phase);
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
            <NoteText note={note} muted={Boolean(note.doneAt)} />
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
