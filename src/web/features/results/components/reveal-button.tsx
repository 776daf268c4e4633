import { Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { RevealState } from '../lib/results-state';

/**
 * "And the winners are...": the page's and the presentation's one reveal button, at their own sizes. Its
 * trophy is drawn (an icon), not an emoji a system may lack.
 */
export function RevealButton({ reveal, className }: { reveal: RevealState; className?: string }) {
  return (
    <Button
      variant="accent"
      size="xl"
      // The trophy scales with the text (the projector's button is far larger than the page's).
      className={cn('[&_svg]:size-[1.2em]', className)}
      onClick={reveal.onReveal}
      disabled={reveal.revealing}
    >
      <Trophy aria-hidden="true" />
      And the winners are...
    </Button>
  );
}
