import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
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
