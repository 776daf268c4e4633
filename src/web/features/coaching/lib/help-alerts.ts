import type { HelpQueueItem } from '@shared/schemas/coaching';
import { readJson, readSwitch, resolveStorage, type StorageLike, writeSwitch } from '@/lib/browser-storage';

/**
 * Alerts for new requests for help on the dashboard (docs/product.md, Instructor dashboard): opt-in, per
 * browser; a short sound and, with the browser's permission, a notification. Only a request that arrives
 * while the dashboard is open alerts, never one already waiting when it loaded, and each request alerts
 * once across the instructor's tabs.
 */

export const HELP_ALERTS_KEY = 'help_alerts';
export const HELP_ALERTED_KEY = 'help_alerted';
/** How many alerted requests are remembered across tabs: far more than a room raises at once. */
const ALERTED_KEPT = 100;

/**
 * The requests of `queue` not in `seen`: the ones that arrived since the list was last read. `seen` starts
 * as the first list read, so those already waiting never alert.
 */
export function newRequests(seen: ReadonlySet<string>, queue: readonly HelpQueueItem[]): HelpQueueItem[] {
  return queue.filter((request) => !seen.has(request.id));
}

export function alertsOn(storage?: StorageLike | null): boolean {
  return readSwitch(HELP_ALERTS_KEY, storage);
}

export function setAlertsOn(on: boolean, storage?: StorageLike | null): void {
  writeSwitch(HELP_ALERTS_KEY, on, storage);
}

/**
 * Claims request `id` for alerting in this browser: true for the first tab to ask, false for every later
 * one. Called under a lock shared by the tabs (`withAlertLock`), so two tabs hearing the same request at the
 * same moment cannot both claim it.
 */
export function claimAlert(id: string, storage?: StorageLike | null): boolean {
  const target = resolveStorage(storage);
  if (!target) return true;
  try {
    const saved = readJson(target, HELP_ALERTED_KEY);
    const alerted = Array.isArray(saved) ? saved.filter((v): v is string => typeof v === 'string') : [];
    if (alerted.includes(id)) return false;
    target.setItem(HELP_ALERTED_KEY, JSON.stringify([...alerted, id].slice(-ALERTED_KEPT)));
    return true;
  } catch {
    return true;
  }
}

type LocksLike = { request(name: string, callback: () => Promise<void> | void): Promise<unknown> };

/** Runs `task` while holding the tabs' alert lock (Web Locks); at once where the browser has none. */
export function withAlertLock(task: () => void): void {
  const locks =
    typeof navigator !== 'undefined' ? (navigator.locks as unknown as LocksLike | undefined) : undefined;
  if (!locks) {
    task();
    return;
  }
  void locks.request('help-alerts', () => task()).catch(() => task());
}

let audio: AudioContext | undefined;

/** The sound needs a press to start on most browsers: the switch's press makes the context. */
export function prepareSound(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    // No Web Audio: notifications only.
  }
}

/** A short two-note chime (WebAudio, no file): quiet enough for a room. */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    const context = audio;
    void context.resume();
    const start = context.currentTime;
    for (const [i, frequency] of [660, 880].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + i * 0.16;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
    }
  } catch {
    // No Web Audio: notifications only.
  }
}
