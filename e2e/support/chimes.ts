import type { BrowserContext, Page } from '@playwright/test';

/**
 * A stand-in for the Web Audio API in every page of `context` (headless browsers play nothing anyway): it
 * counts the audio contexts made and records the pitch of each note started, so a test hears the chime.
 */
export async function listenForChimes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const notes: number[] = [];
    const heard = window as unknown as { __chimeNotes: number[]; __audioContexts: number };
    heard.__chimeNotes = notes;
    heard.__audioContexts = 0;
    const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    class RecordingAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      constructor() {
        heard.__audioContexts++;
      }
      resume() {
        return Promise.resolve();
      }
      createGain() {
        return { gain: param(), connect: <T>(node: T) => node };
      }
      createOscillator() {
        const oscillator = {
          type: 'sine',
          frequency: param(),
          connect: <T>(node: T) => node,
          start: () => notes.push(oscillator.frequency.value),
          stop() {},
        };
        return oscillator;
      }
    }
    Object.defineProperty(window, 'AudioContext', { value: RecordingAudioContext, configurable: true });
  });
}

/** The notes the page has played so far (their pitches, in Hz). */
export const chimeNotes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __chimeNotes: number[] }).__chimeNotes);

/** How many audio contexts the page has made: 0 for a page that never makes a sound. */
export const audioContexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __audioContexts: number }).__audioContexts);

/** The notes of each chime, as src/web/lib/chime.ts plays them. */
export const CHIME = {
  place: [523.3, 784],
  firstPlace: [523.3, 659.3, 784, 1046.5],
  timeUp: [880, 698.5, 523.3],
};
