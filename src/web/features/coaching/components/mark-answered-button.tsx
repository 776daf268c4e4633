import { Check, Send } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOf } from '@/lib/api-client';
import type { useAnswerHelp } from '../api/help';

/**
 * "Mark answered" for one request, with the failure's toast: the Help requests list and a team's work
 * opened from a request. `answer` is the caller's one mutation (the list's rows wait for each other).
 */
export function MarkAnsweredButton({
  answer,
  requestId,
  className,
}: {
  answer: ReturnType<typeof useAnswerHelp>;
  requestId: string;
  className?: string;
}) {
  return (
    <Button
      size="sm"
      className={className}
      disabled={answer.isPending}
      onClick={() =>
        answer.mutate(requestId, {
          onError: (failure) =>
            toast({
              variant: 'destructive',
              title: 'Could not mark the request answered',
              description: serverMessageOf(failure) ?? 'Please try again.',
            }),
        })
      }
    >
      <Check aria-hidden />
      Mark answered
    </Button>
  );
}

/** The longest answer the server keeps (the team's own line has the same bound). */
const ANSWER_MAX = 200;

/**
 * Answering with a line, beside "Mark answered": the instructor types a short answer ("Coming to your table
 * in two minutes") that the team reads on its page; sending it marks the request answered.
 */
export function AnswerWithALine({
  answer,
  requestId,
  teamName,
}: {
  answer: ReturnType<typeof useAnswerHelp>;
  requestId: string;
  teamName: string;
}) {
  const [line, setLine] = React.useState('');
  const id = React.useId();
  return (
    <form
      className="flex w-full basis-full items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!line.trim()) return;
        answer.mutate(
          { requestId, answer: line },
          {
            onError: (failure) =>
              toast({
                variant: 'destructive',
                title: 'Could not send the answer',
                description: serverMessageOf(failure) ?? 'Please try again.',
              }),
          },
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        Answer {teamName} with a line
      </label>
      <Input
        id={id}
        value={line}
        maxLength={ANSWER_MAX}
        placeholder="Answer with a line the team sees"
        onChange={(event) => setLine(event.target.value)}
        className="min-w-0 flex-1"
      />
      <Button type="submit" size="sm" variant="outline" disabled={answer.isPending || !line.trim()}>
        <Send aria-hidden />
        Send answer
      </Button>
    </form>
  );
}
