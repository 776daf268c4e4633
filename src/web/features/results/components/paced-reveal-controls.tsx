import type { ResultRow } from '@shared/schemas/showcase';
import { FastForward, StepForward } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { LEADERBOARD_STEP, type RevealStep } from '../lib/reveal-choreography';
import { nextRevealStep, type RevealState } from '../lib/results-state';

const NEXT_WORDS: Record<RevealStep, string> = {
  0: '',
  1: '3rd place',
  2: '2nd place',
  3: '1st place',
  4: 'the leaderboard',
};

/**
 * An instructor's pacing of the room's reveal (docs/product.md, Results): "Next place" reveals 3rd, 2nd,
 * 1st, then the leaderboard, one press each, on every screen of the cohort; "Reveal all" finishes it at
 * once. Follows the step stored on the server, so a second instructor's screen offers the same next step.
 * Nothing for anyone else, nor once the leaderboard is out.
 */
export function PacedRevealControls({
  rows,
  reveal,
  size = 'page',
  className,
}: {
  rows: ResultRow[];
  reveal: RevealState;
  size?: 'page' | 'present';
  className?: string;
}) {
  const { onNextPlace, roomStep } = reveal;
  if (!onNextPlace || roomStep >= LEADERBOARD_STEP) return null;
  const next = nextRevealStep(rows, roomStep);
  const buttonSize = size === 'present' ? 'xl' : 'lg';
  return (
    <fieldset
      className={cn('m-0 flex min-w-0 flex-wrap items-center justify-center gap-3 border-0 p-0', className)}
      aria-label="Pace the reveal"
      data-testid="paced-reveal-controls"
    >
      <Button
        variant={roomStep === 0 ? 'outline' : 'accent'}
        size={buttonSize}
        onClick={() => onNextPlace(next)}
        disabled={reveal.revealing}
        aria-describedby="next-place-note"
      >
        <StepForward aria-hidden="true" />
        Next place
      </Button>
      {roomStep > 0 && (
        <Button variant="outline" size={buttonSize} onClick={reveal.onReveal} disabled={reveal.revealing}>
          <FastForward aria-hidden="true" />
          Reveal all
        </Button>
      )}
      <p
        id="next-place-note"
        className={cn(
          'basis-full text-center text-muted-foreground',
          size === 'present' ? 'text-xl' : 'text-sm',
        )}
      >
        {roomStep === 0
          ? 'Or one place at a time on every screen: 3rd, 2nd, 1st, then the leaderboard.'
          : `Next: ${NEXT_WORDS[next]}.`}
      </p>
    </fieldset>
  );
}
