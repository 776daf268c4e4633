import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpQueueItem } from '@shared/schemas/coaching';
import { BellRing } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { teamActivityName } from '@/lib/team-programme';
import { helpQueueQueryOptions } from '../api/help';
import {
  alertsOn,
  claimAlert,
  HELP_ALERTS_KEY,
  newRequests,
  playChime,
  prepareSound,
  setAlertsOn,
  withAlertLock,
} from '../lib/help-alerts';

type Permission = NotificationPermission | 'unsupported';

const permissionNow = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * "Alert me to new help requests" (docs/product.md, Instructor dashboard): off until switched on in this
 * browser. Switching it on plays the chime once (the browser lets a page sound only after a press) and asks
 * for the browser's permission to notify, only then. From then on a request that arrives while the
 * dashboard is open chimes and notifies once, in one of the instructor's tabs (lib/help-alerts.ts).
 */
export function HelpAlerts() {
  const queue = useQuery(helpQueueQueryOptions());
  const [on, setOn] = React.useState(alertsOn);
  const [permission, setPermission] = React.useState<Permission>(permissionNow);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const seen = React.useRef<Set<string> | null>(null);

  // Another tab switched it on or off.
  React.useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === HELP_ALERTS_KEY || event.key === null) setOn(alertsOn());
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  React.useEffect(() => {
    if (!queue.data) return;
    // The requests already waiting when the dashboard loaded never alert.
    if (seen.current === null) {
      seen.current = new Set(queue.data.map((request) => request.id));
      return;
    }
    const arrived = newRequests(seen.current, queue.data);
    for (const request of arrived) seen.current.add(request.id);
    for (const request of arrived) {
      if (!on) {
        announceDecision(request.id, false);
        continue;
      }
      withAlertLock(() => {
        if (!claimAlert(request.id)) return announceDecision(request.id, false);
        void alertFor(request, queryClient, (path) => navigate(path)).then(() =>
          announceDecision(request.id, true),
        );
      });
    }
  }, [queue.data, on, navigate, queryClient]);

  const toggle = (next: boolean) => {
    setAlertsOn(next);
    setOn(next);
    if (!next) return;
    prepareSound();
    playChime();
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission().then(setPermission, () => setPermission(permissionNow()));
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex h-10 items-center gap-2 rounded-md border border-input bg-surface px-3 shadow-sm">
        <BellRing className="size-4 text-muted-foreground" aria-hidden />
        <Label htmlFor="help-alerts" className="cursor-pointer text-sm font-medium">
          Alert me to new help requests
        </Label>
        <Switch id="help-alerts" checked={on} onCheckedChange={toggle} data-testid="help-alerts" />
      </div>
      {on && (
        <p className="max-w-72 text-xs text-muted-foreground" aria-live="polite">
          {permission === 'granted'
            ? 'A chime and a notification for each new request.'
            : permission === 'denied' || permission === 'unsupported'
              ? 'A chime for each new request: this browser does not allow notifications here.'
              : 'A chime for each new request; allow notifications to see them from another window.'}
        </p>
      )}
    </div>
  );
}

/**
 * Tells the page (a `help-alert-decided` event on `window`) that this tab has decided about a new request:
 * alerted, or not (alerts off, or another tab claimed it). Nothing in the app listens; it is the one moment
 * a check of "once across tabs" can wait for, since a tab that stays quiet shows nothing.
 */
function announceDecision(id: string, alerted: boolean): void {
  window.dispatchEvent(new CustomEvent('help-alert-decided', { detail: { id, alerted } }));
}

/** The chime, and a notification when allowed: a click on it opens the team's work at that request. */
async function alertFor(
  request: HelpQueueItem,
  queryClient: QueryClient,
  go: (path: string) => void,
): Promise<void> {
  playChime();
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  // The activity as the team's programme names it ("Activity 3" alone when that cannot be read).
  const name = await teamActivityName(queryClient, request.teamId, request.phaseNumber).catch(() => null);
  notify(request, name, go);
}

function notify(request: HelpQueueItem, name: string | null, go: (path: string) => void): void {
  try {
    const where = `Activity ${request.phaseNumber}${name ? `, ${name}` : ''}`;
    const notification = new Notification(`${request.teamName} asked for help`, {
      body: request.message ? `${where}: "${request.message}"` : where,
      // One notification per request, whichever tab shows it.
      tag: `help-${request.id}`,
    });
    notification.onclick = () => {
      window.focus();
      go(
        `/admin/teams/${request.teamId}/work?help=${encodeURIComponent(request.id)}#activity-${request.phaseNumber}`,
      );
      notification.close();
    };
  } catch {
    // A browser that notifies only from a service worker: the chime stands.
  }
}
