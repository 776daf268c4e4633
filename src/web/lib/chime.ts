import * as React from 'react';
import { readSwitch, type StorageLike, writeSwitch } from './browser-storage';

/**
 * The room's chime (docs/product.md, Pacing the room; Results): a short sound on the projector when the
 * countdown reaches "Time is up" and at each place of the reveal, so a room looking at its laptops hears
 * the moment. Off until the instructor switches it on in the presentation's top bar (remembered on that
 * computer); only a presentation, which only an instructor opens, ever plays it: teams' devices stay silent.
 * The notes are made with the Web Audio API: no sound file to load.
 */

export type ChimeKind = 'time-up' | 'place' | 'first-place';

/** Each chime's notes: frequency (Hz), start and length (s). */
export const CHIME_NOTES: Record<ChimeKind, readonly { hz: number; at: number; length: number }[]> = {
  // Three falling notes: the end of something.
  'time-up': [
    { hz: 880, at: 0, length: 0.5 },
    { hz: 698.5, at: 0.35, length: 0.5 },
    { hz: 523.3, at: 0.7, length: 0.9 },
  ],
  // Two rising notes: the next place is out.
  place: [
    { hz: 523.3, at: 0, length: 0.35 },
    { hz: 784, at: 0.18, length: 0.6 },
  ],
  // A rising major chord: the winner.
  'first-place': [
    { hz: 523.3, at: 0, length: 0.5 },
    { hz: 659.3, at: 0.15, length: 0.5 },
    { hz: 784, at: 0.3, length: 0.5 },
    { hz: 1046.5, at: 0.45, length: 1.1 },
  ],
};

const STORAGE_KEY = 'genai-lab:projector-chime';

let context: AudioContext | null = null;

/** The audio context, made (and resumed) inside the switch's click: browsers let sound start from a gesture. */
function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume().catch(() => {});
  return context;
}

/** Plays a chime now; nothing where the browser has no Web Audio. Never throws. */
export function playChime(kind: ChimeKind): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    const start = ctx.currentTime + 0.02;
    for (const note of CHIME_NOTES[kind]) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.hz;
      // A bell's shape: a quick rise, then a long fade.
      const from = start + note.at;
      gain.gain.setValueAtTime(0.0001, from);
      gain.gain.exponentialRampToValueAtTime(0.3, from + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, from + note.length);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(from);
      oscillator.stop(from + note.length + 0.05);
    }
  } catch (error) {
    console.warn('The chime could not play', error);
  }
}

/** Whether the chime is on in this browser (off unless switched on here). */
export function readChimeOn(storage?: StorageLike | null): boolean {
  return readSwitch(STORAGE_KEY, storage);
}

const listeners = new Set<() => void>();

/** Switches the chime on or off in this browser; switched on, it plays once so the room can set the volume. */
export function setChimeOn(on: boolean, storage?: StorageLike | null): void {
  writeSwitch(STORAGE_KEY, on, storage);
  chimeOnHere = on;
  if (on) playChime('place');
  for (const listener of listeners) listener();
}

let chimeOnHere: boolean | undefined;
const currentChimeOn = () => (chimeOnHere ??= readChimeOn());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chime's switch, shared by every presentation in the page. */
export function useChimeOn(): boolean {
  return React.useSyncExternalStore(subscribe, currentChimeOn, () => false);
}

/**
 * Plays `kind` when `moment` comes straight after a render in which `armed` held (a countdown seen running,
 * then at its end), while the chime is on: a screen that opens on "Time is up", or learns of it late, stays
 * silent.
 */
export function useChimeAt(moment: boolean, armed: boolean, kind: ChimeKind): void {
  const on = useChimeOn();
  const wasArmed = React.useRef(false);
  React.useEffect(() => {
    const play = moment && wasArmed.current && on;
    wasArmed.current = armed;
    if (play) playChime(kind);
  }, [moment, armed, kind, on]);
}
