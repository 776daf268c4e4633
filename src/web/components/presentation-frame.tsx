import { Minimize2 } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { ChimeSwitch } from '@/components/chime-switch';
import { cn } from '@/lib/cn';

/**
 * The whole screen of a presentation (a projector at 1920x1080 or 1280x720): a slim bar with the cohort's
 * name, the chime's switch and "Exit", then the content filling the rest without scrolling. Sizes inside are set in viewport
 * units so the same layout reads from the back of the room on either screen.
 */
export function PresentationFrame({
  label,
  title,
  onExit,
  children,
  className,
}: {
  /** What the frame shows, for assistive technology ("Results presentation"). */
  label: string;
  title: string;
  onExit: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <main
      aria-label={label}
      data-testid="presentation"
      className="flex h-dvh w-full flex-col overflow-hidden bg-background"
    >
      <div className="flex shrink-0 items-center justify-between gap-4 px-[2vw] pt-[1.5vh]">
        <p className="truncate text-[clamp(1rem,1.6vw,2.25rem)] font-semibold text-muted-foreground">
          {title}
        </p>
        <div className="flex shrink-0 items-center gap-4">
          <ChimeSwitch />
          <Button variant="ghost" size="sm" onClick={onExit} className="text-muted-foreground">
            <Minimize2 aria-hidden="true" />
            Exit
          </Button>
        </div>
      </div>
      <div className={cn('flex min-h-0 flex-1 flex-col px-[2vw] pt-[1vh] pb-[2.5vh]', className)}>
        {children}
      </div>
    </main>
  );
}
