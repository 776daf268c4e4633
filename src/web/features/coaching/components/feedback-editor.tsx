import { FEEDBACK_MAX } from '@shared/text-limits';
import { CircleCheck, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import { useActivityFeedback, useRemoveFeedback, useSendFeedback } from '../api/feedback';
import { NoteText } from './note-text';

/**
 * The instructor's side of one activity's feedback, on a team's work: the notes sent so far (and whether
 * the team marked them done), and a note to send. The team sees a note on that activity's page at once.
 */
export function FeedbackEditor({ teamId, phase }: { teamId: string; phase: number }) {
  const notes = useActivityFeedback(teamId, phase);
  const send = useSendFeedback(teamId);
  const remove = useRemoveFeedback(teamId);
  const [body, setBody] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const id = `feedback-${phase}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError('Write the feedback first.');
      return;
    }
    setError(null);
    send.mutate(
      { phaseNumber: phase, body },
      {
        onSuccess: () => setBody(''),
        onError: (failure) =>
          setError(serverMessageOf(failure) ?? 'The feedback could not be sent. Please try again.'),
      },
    );
  };

  return (
    <div className="space-y-3" data-testid={`feedback-editor-${phase}`}>
      {notes.data && notes.data.length > 0 && (
        <ul className="space-y-2">
          {notes.data.map((note) => (
            <li
              key={note.id}
              className="flex items-start justify-between gap-3 rounded-lg border border-border p-3 text-sm"
            >
              <NoteText
                note={note}
                after={
                  note.doneAt && (
                    <span className="ml-2 inline-flex items-center gap-1 font-medium text-success">
                      <CircleCheck className="size-3.5" aria-hidden /> Done by the team
                    </span>
                  )
                }
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label="Remove this feedback"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(note.id, {
                    onError: (failure) =>
                      toast({
                        variant: 'destructive',
                        title: 'Could not remove the feedback',
                        description: serverMessageOf(failure) ?? 'Please try again.',
                      }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="space-y-2">
        <Label htmlFor={id}>Feedback on this activity</Label>
        <Textarea
          id={id}
          rows={3}
          value={body}
          maxLength={FEEDBACK_MAX}
          placeholder="What the team should look at next, in a sentence or two"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            if (error) setError(null);
          }}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" disabled={send.isPending}>
          Send feedback
        </Button>
      </form>
    </div>
  );
}
