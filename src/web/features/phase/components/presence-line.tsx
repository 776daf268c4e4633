import type { PresenceDevice } from '@shared/schemas/team-events';
import { MonitorSmartphone } from 'lucide-react';
import { clientId } from '@/lib/client-id';
import { cn } from '@/lib/cn';
import { usePresence } from '../lib/presence-store';

function where(device: PresenceDevice, phase: number): string {
  if (device.phase === null) return 'elsewhere in the app';
  return device.phase === phase ? 'this activity' : `Activity ${device.phase}`;
}

/** "Chrome on Windows (Activity 3)"; an instructor's page says so. */
export function deviceText(device: PresenceDevice, phase: number): string {
  if (device.admin) return `Instructor (${device.label ? `${device.label}, ` : ''}${where(device, phase)})`;
  return `${device.label ?? 'A device'} (${where(device, phase)})`;
}

/**
 * The other open pages of the workspace, one per page id, this page left out: those on this activity
 * first, then by activity (elsewhere in the app last), then by label.
 */
export function otherDevices(
  devices: readonly PresenceDevice[],
  self: string,
  phase: number,
): PresenceDevice[] {
  const byId = new Map<string, PresenceDevice>();
  for (const device of devices) if (device.clientId !== self) byId.set(device.clientId, device);
  const rank = (d: PresenceDevice) => (d.phase === phase ? 0 : (d.phase ?? 99));
  return [...byId.values()].sort(
    (a, b) =>
      rank(a) - rank(b) || (a.label ?? '').localeCompare(b.label ?? '') || Number(a.admin) - Number(b.admin),
  );
}

/**
 * Who else has the workspace open, and on which activity, so a team can split the work: a plain line, shown
 * only when another page is open, updated quietly (not announced).
 */
export function PresenceLine({ phase, className }: { phase: number; className?: string }) {
  const others = otherDevices(usePresence(), clientId(), phase);
  if (others.length === 0) return null;
  const count = `${others.length} other ${others.length === 1 ? 'device' : 'devices'}`;
  return (
    <p
      data-testid="presence"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm text-muted-foreground',
        className,
      )}
    >
      <MonitorSmartphone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span>
        <span className="font-medium text-foreground">Also here: {count}</span>
        {' · '}
        {others.map((device) => deviceText(device, phase)).join(', ')}
      </span>
    </p>
  );
}
