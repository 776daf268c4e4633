import { Megaphone, Timer } from 'lucide-react';
import type * as React from 'react';
import type { TeamProgramme } from '@shared/programme-ref';
import { useChimeAt } from '@/lib/chime';
import { cn } from '@/lib/cn';
import { useProgrammeActivities } from '@/lib/team-programme';
import { useCohortPace } from '../hooks/pace-listeners';
import { useTimeLeft } from '../hooks/use-time-left';
import { nowLine, shownPace, showsPace, timeLeftText } from './pace-lines';

/**
 * The room's pace at projector size (docs/product.md, Pacing the room and joining a cohort): the message,
 * "Now: Activity N" (named as the cohort's programme names it) and the countdown, read from the back of the room; live on the cohort's stream. Sizes
 * follow the screen (container units: the room screen's box). `empty` shows while nothing is set.
 */
export function RoomPace({
  tag,
  programme,
  empty,
}: {
  tag: string;
  /** What the cohort's teams run (the cohort list's): the activity is named as it names it. */
  programme: TeamProgramme | undefined;
  empty?: React.ReactNode;
}) {
  const held = useCohortPace(tag);
  const millisLeft = useTimeLeft(held);
  const activities = useProgrammeActivities(programme);
  const pace = shownPace(held?.pace, millisLeft);
  // The room screen chimes as the countdown it showed running ends (never for one over before it opened).
  useChimeAt(millisLeft === 0, millisLeft !== undefined && millisLeft > 0, 'time-up');
  if (!showsPace(pace)) return <>{empty ?? null}</>;
  const ended = millisLeft === 0;
  return (
    <section
      aria-label="The room's pace"
      className="flex min-w-0 flex-col gap-[3cqh]"
      data-testid="room-pace"
    >
      {pace.phase && (
        <p className="flex flex-col gap-[0.5cqh]" data-testid="room-pace-now">
          <span className="text-[clamp(2rem,5cqw,7.5rem)] leading-none font-extrabold tracking-tight text-primary">
            {nowLine(pace.phase, activities).lead}
          </span>
          {nowLine(pace.phase, activities).name && (
            <span className="line-clamp-2 text-[clamp(1.25rem,2.4cqw,3.5rem)] font-semibold break-words text-muted-foreground">
              {nowLine(pace.phase, activities).name}
            </span>
          )}
        </p>
      )}
      {millisLeft !== undefined && (
        <p
          className={cn(
            'flex items-center gap-[1.5cqw] font-extrabold tabular-nums',
            ended ? 'text-destructive' : 'text-foreground',
          )}
          data-testid="room-pace-time"
        >
          <Timer className="size-[clamp(2rem,5cqw,7rem)] shrink-0" aria-hidden />
          <span role="timer" aria-live="off" className="text-[clamp(2.5rem,8cqw,12rem)] leading-none">
            {timeLeftText(millisLeft)}
          </span>
        </p>
      )}
      {pace.message && (
        <p
          className="flex items-start gap-[1cqw] rounded-2xl border border-accent/40 bg-accent-soft p-[2cqh] text-[clamp(1.25rem,2.6cqw,4rem)] leading-snug font-semibold text-balance break-words"
          data-testid="room-pace-message"
        >
          <Megaphone
            className="mt-[0.4cqh] size-[clamp(1.25rem,2.6cqw,4rem)] shrink-0 text-warning"
            aria-hidden
          />
          <span className="typed-text min-w-0">{pace.message}</span>
        </p>
      )}
    </section>
  );
}
