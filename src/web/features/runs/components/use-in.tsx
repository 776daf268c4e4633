import { CornerDownRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { messages } from '@/lib/messages';

/** The fields an answer may be put in, and how it is put there (saved as typing there is). */
export type UseInTargets = {
  fields: readonly { id: string; label: string }[];
  put(fieldId: string, text: string): void;
};

/** The part of the answer the team selected in it, if any (its text only). */
function selectedPart(answer: string): string | null {
  const selected = window.getSelection()?.toString().trim() ?? '';
  return selected !== '' && answer.includes(selected) ? selected : null;
}

/**
 * "Use in “<field>”" under the newest answer: puts the answer (or the part of it the team selected) into
 * the activity's field where its key result goes, which later activities' prompts read.
 */
export function UseIn({ targets, answer }: { targets: UseInTargets; answer: string }) {
  if (targets.fields.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="use-answer">
      {targets.fields.map((field) => (
        <Button
          key={field.id}
          size="sm"
          variant="secondary"
          className="h-auto max-w-full whitespace-normal text-left"
          // Keeps the team's selection in the answer: the click must not clear it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const part = selectedPart(answer);
            targets.put(field.id, part ?? answer);
            toast(messages.answerUsed(field.label, part !== null));
          }}
        >
          <CornerDownRight aria-hidden />
          Use in “{field.label}”
        </Button>
      ))}
      <span className="text-xs text-muted-foreground">Select part of the answer first to use only that.</span>
    </div>
  );
}
