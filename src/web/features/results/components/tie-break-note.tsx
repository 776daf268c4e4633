import { Scale } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The reveal's word on equal points (lib/tie-notes.ts): which team the tie-break put ahead and on which votes,
 * or the place teams share. Shown with the leaderboard, when every place is out.
 */
export function TieBreakNote({
  notes,
  size = 'page',
  className,
}: {
  notes: readonly string[];
  size?: 'page' | 'present';
  className?: string;
}) {
  if (notes.length === 0) return null;
  const present = size === 'present';
  return (
    <section
      aria-label="Equal points"
      className={cn(
        'flex items-start rounded-xl border border-accent/40 bg-accent-soft',
        present ? 'gap-[1vw] px-[1.2vw] py-[1vh]' : 'gap-3 p-4 sm:p-5',
        className,
      )}
      data-testid="tie-break-note"
    >
      <Scale
        className={cn('shrink-0 text-warning', present ? 'mt-[0.3vh] size-[3vh]' : 'mt-0.5 size-5 sm:size-6')}
        aria-hidden="true"
      />
      <ul
        className={cn(
          'flex min-w-0 flex-col font-medium text-foreground',
          present ? 'gap-[0.5vh] text-[clamp(0.875rem,1.25vw,2rem)] leading-snug' : 'gap-1.5 sm:text-lg',
        )}
      >
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}
