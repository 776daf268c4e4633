/**
 * Whether live updates arrive in this tab (docs/decisions/032-live-protocol-between-tabs.md): `connecting`
 * until the browser's stream first answers, `open` while something (an event, a heartbeat) keeps arriving,
 * `paused` once a stream that answered has gone silent or lost its connection (or the server refused it),
 * until something arrives again; `team-full` while the server refuses it because other devices hold every
 * place of the team's Workspace Code (docs/decisions/042-settled-streams-keep-their-place.md), which only a
 * new code from the instructor ends. This tab's hub writes it (the leading tab's from its stream, the others' from what the leader tells
 * them); pages read it through `components/live-paused-notice.tsx`. It imports nothing, not even React or
 * `lib/store.ts`: the hub, which loads on demand, keeps its chunk free of them (with them, the bundler
 * split React out of the first route's chunks and the first route grew by half a kilobyte).
 */
export const LIVE_STATUSES = ['connecting', 'open', 'paused', 'team-full'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of [...listeners]) listener();
}

export function getLiveStatus(): LiveStatus {
  return status;
}

/** Calls `listener` on every change; returns the unsubscribe (for `useSyncExternalStore`). */
export function subscribeLiveStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
