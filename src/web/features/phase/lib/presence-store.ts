import type { PresenceDevice } from '@shared/schemas/team-events';
import { createStore, useStore } from '@/lib/store';

/**
 * The pages open on this workspace now, as the team's live events last said (`presence`, then
 * `presence-change`): the stream (loaded on its own) writes it, the activity page's presence line reads it.
 */
const EMPTY: readonly PresenceDevice[] = [];
const devices = createStore<readonly PresenceDevice[]>(EMPTY);

export function setPresence(next: readonly PresenceDevice[]): void {
  devices.set(next);
}

/** Pages that opened or moved (replacing the same page) and pages that closed, as the stream sends them. */
export function changePresence(upsert: readonly PresenceDevice[], remove: readonly string[]): void {
  const gone = new Set([...remove, ...upsert.map((device) => device.clientId)]);
  devices.set((current) =>
    [...current.filter((device) => !gone.has(device.clientId)), ...upsert].sort(
      (a, b) => Number(a.admin) - Number(b.admin) || (a.clientId < b.clientId ? -1 : 1),
    ),
  );
}

/** The pages open now, outside React. */
export function getPresence(): readonly PresenceDevice[] {
  return devices.get();
}

/** The open pages of the workspace (this one included); empty with no stream open. */
export function usePresence(): readonly PresenceDevice[] {
  return useStore(devices, () => EMPTY);
}
