import { WifiOff } from 'lucide-react';
import * as React from 'react';
import { getLiveStatus, subscribeLiveStatus } from '@/lib/live/live-status';

/** A page rendered ahead of time, and a first visit adopting it, has no stream yet. */
const beforeAnyStream = () => 'connecting' as const;

/**
 * Says that live updates are paused (docs/product.md, The live room): the browser's stream has gone silent
 * or lost its connection and is being opened again. Nothing during the first connection. Fixed to the
 * bottom corner, so it never moves the page and is seen wherever the page is scrolled; the live region is
 * always there, so its words are read out when they appear. `typingSaved`: on a page whose answers save
 * on their own (the activity page), it says typing is still saved.
 */
export function LivePausedNotice({ typingSaved = false }: { typingSaved?: boolean }) {
  const paused = React.useSyncExternalStore(subscribeLiveStatus, getLiveStatus, beforeAnyStream) === 'paused';
  return (
    <div
      role="status"
      data-testid="live-paused"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-30 flex justify-center sm:right-auto"
    >
      {paused && (
        <p className="flex animate-fade-in items-center gap-2 rounded-xl border border-border bg-surface px-4 py-2 text-sm text-muted-foreground shadow-md sm:rounded-full">
          <WifiOff className="size-4 shrink-0 text-warning" aria-hidden />
          <span>Live updates paused — reconnecting…{typingSaved && ' Your typing is still saved.'}</span>
        </p>
      )}
    </div>
  );
}
