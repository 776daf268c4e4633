import { paceMillisLeft } from '@shared/schemas/pace';
import { ArrowRight, Megaphone, Timer } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { withTeamCode } from '@/lib/session-view';
import { useTeamPace } from '../hooks/pace-listeners';
import { useTimeLeft } from '../hooks/use-time-left';
import type { HeldPace } from '@/lib/pace-cache';
import { useProgrammeActivities, useTeamProgramme } from '@/lib/team-programme';
import { countdownWords, nowLine, shownPace, showsPace, timeLeftText } from './pace-lines';

/**
 * The room's pace on every page of a team whose cohort has one (docs/product.md, Pacing the room and joining
 * a cohort): the instructor's message, "Now: Activity N" with its link, and the time left. A bar along the
 * bottom of the window (docs/decisions/048-the-room-reads-one-story.md): in view however far the page
 * scrolls, and arriving (seconds after the page, or live) without moving anything on it; the page gains
 * room for it at its very end, so its last lines scroll clear of it. A screen reader hears the message, the
 * activity and a countdown's start and end (the status region changes only then), never each second.
 */
export default function PaceBanner({ teamId, teamCode }: { teamId: string; teamCode: string }) {
  const held = useTeamPace(teamId);
  const [bar, barHeight] = useHeight<HTMLElement>();
  const millisLeft = useTimeLeft(held);
  const countdownStart = useCountdownStart(held);
  const pace = shownPace(held?.pace, millisLeft);
  const ended = millisLeft === 0;
  // The activity as the team's programme names it.
  const activities = useProgrammeActivities(useTeamProgramme(teamId));
  const now = pace?.phase ? nowLine(pace.phase, activities) : null;
  // The status region's words: the same text until the pace changes or the time is up.
  const spoken = [
    pace?.message,
    now ? [now.lead, now.name].filter(Boolean).join(', ') : null,
    ended ? 'Time is up' : countdownStart,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only" data-testid="pace-status">
        {showsPace(pace) ? spoken : ''}
      </p>
      {showsPace(pace) && (
        <section
          ref={bar}
          aria-label="From your instructor"
          className={cn(
            'fixed inset-x-0 bottom-0 z-30 border-t shadow-[0_-4px_12px_rgb(0_0_0/0.08)]',
            ended ? 'border-destructive/30 bg-destructive-soft' : 'border-accent/40 bg-accent-soft',
          )}
          data-testid="pace-banner"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-5 gap-y-1.5 px-3 py-2 text-sm sm:px-6">
            {pace.message && (
              <p className="flex min-w-0 items-start gap-2 font-medium" data-testid="pace-message">
                <Megaphone className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                <span className="typed-text">{pace.message}</span>
              </p>
            )}
            {pace.phase && now && (
              <Link
                to={withTeamCode(teamCode, `/phase/${pace.phase}`)}
                className="min-w-0 rounded-md font-semibold break-words text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                data-testid="pace-now"
              >
                {/* Inline text, so a programme's long name wraps as words under the lead, not as a column. */}
                <span className="whitespace-nowrap">{now.lead}</span>
                {now.name && <span className="font-normal text-foreground"> · {now.name}</span>}
                <ArrowRight className="ml-1.5 inline size-4 align-[-0.125em]" aria-hidden />
              </Link>
            )}
            {millisLeft !== undefined && (
              <p
                className={cn(
                  'ml-auto flex items-center gap-1.5 font-semibold tabular-nums',
                  ended ? 'text-destructive' : 'text-foreground',
                )}
                data-testid="pace-time"
              >
                <Timer className="size-4" aria-hidden />
                <span role="timer" aria-live="off">
                  {timeLeftText(millisLeft)}
                </span>
              </p>
            )}
          </div>
        </section>
      )}
      {/* The page's end scrolls clear of the bar: room for it after everything else, so nothing moves. */}
      {showsPace(pace) && <div aria-hidden style={{ height: barHeight }} data-testid="pace-banner-room" />}
    </>
  );
}

/** The bar's height as laid out (it wraps on a phone), followed as it changes. */
function useHeight<T extends HTMLElement>(): [React.RefCallback<T>, number] {
  const [height, setHeight] = React.useState(0);
  const observer = React.useRef<ResizeObserver | null>(null);
  const ref = React.useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setHeight(element.offsetHeight);
    observer.current = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.current.observe(element);
  }, []);
  React.useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, height];
}

/**
 * "N minutes on the clock", fixed when a countdown starts (or when this page first hears of it), so the
 * status region does not change while it runs.
 */
function useCountdownStart(held: HeldPace | undefined): string | null {
  const endsAt = held?.pace.endsAt ?? null;
  const [start, setStart] = React.useState<{ endsAt: string | null; words: string | null }>({
    endsAt: null,
    words: null,
  });
  if (held && start.endsAt !== endsAt) {
    const left = endsAt ? paceMillisLeft(endsAt, held.now, held.receivedAt, Date.now()) : undefined;
    setStart({ endsAt, words: countdownWords(left) });
  }
  return start.words;
}
