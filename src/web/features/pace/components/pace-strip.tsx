import { Megaphone, Timer } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useChimeAt } from '@/lib/chime';
import { cn } from '@/lib/cn';
import { cohortStatusQueryOptions } from '@/lib/cohort-status';
import { useProgrammeActivities } from '@/lib/team-programme';
import { useCohortPaceState } from '../hooks/pace-listeners';
import { useTimeLeft } from '../hooks/use-time-left';
import { nowLine, shownPace, showsPace, timeLeftText } from './pace-lines';

/**
 * The room's pace as one line along the bottom of another presentation (the showcase's): "Now: Activity N",
 * the time left and the message, in projector type; nothing while no pace is set, so the screen keeps its
 * own layout. Live on the cohort's stream, which the page showing it holds (`useCohortEvents`).
 */
export function PaceStrip({ tag, className }: { tag: string; className?: string }) {
  const held = useCohortPaceState(tag);
  const millisLeft = useTimeLeft(held);
  // The activity named as the cohort's programme names it, for a browser that may read it (its teams, an
  // instructor); anyone else sees "Now: Activity N" alone.
  const status = useQuery(cohortStatusQueryOptions(tag)).data;
  const activities = useProgrammeActivities(status ? status.programme : null);
  const pace = shownPace(held?.pace, millisLeft);
  // The projector chimes as the countdown it showed running ends (never for one over before it opened).
  useChimeAt(millisLeft === 0, millisLeft !== undefined && millisLeft > 0, 'time-up');
  if (!showsPace(pace)) return null;
  return (
    <section
      aria-label="The room's pace"
      className={cn(
        'flex shrink-0 flex-wrap items-center gap-x-[2.5vw] gap-y-[1vh] rounded-2xl border border-accent/40 bg-accent-soft px-[2vw] py-[1.5vh] text-[clamp(1rem,1.8vw,2.75rem)] font-semibold',
        className,
      )}
      data-testid="pace-strip"
    >
      {pace.phase && (
        <span className="text-primary">
          {nowLine(pace.phase, activities).lead}
          {nowLine(pace.phase, activities).name && (
            <span className="font-normal text-muted-foreground">
              {' '}
              · {nowLine(pace.phase, activities).name}
            </span>
          )}
        </span>
      )}
      {millisLeft !== undefined && (
        <span
          className={cn('flex items-center gap-[0.6vw] tabular-nums', millisLeft === 0 && 'text-destructive')}
        >
          <Timer className="size-[1.2em]" aria-hidden />
          <span role="timer" aria-live="off">
            {timeLeftText(millisLeft)}
          </span>
        </span>
      )}
      {pace.message && (
        <span className="flex min-w-0 items-center gap-[0.6vw]">
          <Megaphone className="size-[1.2em] shrink-0 text-warning" aria-hidden />
          <span className="typed-text min-w-0">{pace.message}</span>
        </span>
      )}
    </section>
  );
}
