import { WifiOff } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/cn';
import { liveNotice } from '@/lib/live/live-notice';
import { getLiveStatus, subscribeLiveStatus } from '@/lib/live/live-status';

/** A page rendered ahead of time, and a first visit adopting it, has no stream yet. */
const beforeAnyStream = () => 'connecting' as const;

/**
 * Says that live updates are paused (docs/product.md, The live room): the browser's stream has gone silent
 * or lost its connection and is being opened again, or the server has no place for it; when the team's
 * places are all taken by other devices holding its code, it says to ask the instructor for a new one.
 * Nothing during the first connection. Fixed to the bottom corner, so it never moves the page and is seen
 * wherever the page is scrolled; the live region is always there, so its words are read out when they
 * appear. `typingSaved`: on a page whose answers save on their own (the activity page), it says typing is
 * still saved.
 */
export function LivePausedNotice({ typingSaved = false }: { typingSaved?: boolean }) {
  const status = React.useSyncExternalStore(subscribeLiveStatus, getLiveStatus, beforeAnyStream);
  const notice = liveNotice(status, { typingSaved });
  return (
    <div
      role="status"
      data-testid="live-paused"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex justify-center sm:right-auto"
    >
      {notice && (
        <p
          className={cn(
            'flex max-w-2xl animate-fade-in items-center gap-2 rounded-xl border border-border bg-surface px-4 py-2 text-sm text-muted-foreground shadow-md',
            // Two sentences wrap: a pill only for the short words.
            status !== 'team-full' && 'sm:rounded-full',
          )}
        >
          <WifiOff className="size-4 shrink-0 text-warning" aria-hidden />
          <span>{notice}</span>
        </p>
      )}
    </div>
  );
}
