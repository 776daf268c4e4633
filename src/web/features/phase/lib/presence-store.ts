import type { PresenceDevice } from '@shared/schemas/team-events';
import * as React from 'react';

/**
 * The pages open on this workspace now, as the team's stream last said (its `presence` events). A tiny
 * store outside React: the stream (loaded on its own) writes it, the activity page's presence line reads it.
 */
let devices: readonly PresenceDevice[] = [];
const listeners = new Set<() => void>();

export function setPresence(next: readonly PresenceDevice[]): void {
  devices = next;
  for (const listener of listeners) listener();
}

/** Pages that opened or moved (replacing the same page) and pages that closed, as the stream sends them. */
export function changePresence(upsert: readonly PresenceDevice[], remove: readonly string[]): void {
  const gone = new Set([...remove, ...upsert.map((device) => device.clientId)]);
  setPresence(
    [...devices.filter((device) => !gone.has(device.clientId)), ...upsert].sort(
      (a, b) => Number(a.admin) - Number(b.admin) || a.clientId.localeCompare(b.clientId),
    ),
  );
}

/** The pages open now, outside React. */
export function getPresence(): readonly PresenceDevice[] {
  return devices;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const EMPTY: readonly PresenceDevice[] = [];

/** The open pages of the workspace (this one included); empty with no stream open. */
export function usePresence(): readonly PresenceDevice[] {
  return React.useSyncExternalStore(subscribe, getPresence, () => EMPTY);
}
