import { Button } from '@/components/ui/button';
import type { RevealState } from '../lib/results-state';

/** "And the winners are...": the page's and the presentation's one reveal button, at their own sizes. */
export function RevealButton({ reveal, className }: { reveal: RevealState; className?: string }) {
  return (
    <Button
      variant="accent"
      size="xl"
      className={className}
      onClick={reveal.onReveal}
      disabled={reveal.revealing}
    >
      🏆 And the winners are...
    </Button>
  );
}
