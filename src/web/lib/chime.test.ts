import { describe, expect, it } from 'vitest';
import type { StorageLike } from './browser-storage';
import { CHIME_NOTES, playChime, readChimeOn, setChimeOn } from './chime';

function memoryStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const broken: StorageLike = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('full');
  },
  removeItem: () => {
    throw new Error('blocked');
  },
};

describe("the projector's chime", () => {
  it('is off until switched on in this browser, and off again', () => {
    const storage = memoryStorage();
    expect(readChimeOn(storage)).toBe(false);
    setChimeOn(true, storage);
    expect(readChimeOn(storage)).toBe(true);
    setChimeOn(false, storage);
    expect(readChimeOn(storage)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('reads as off, and switches without throwing, where storage is blocked or full', () => {
    expect(readChimeOn(broken)).toBe(false);
    expect(() => setChimeOn(true, broken)).not.toThrow();
    expect(() => setChimeOn(false, null)).not.toThrow();
  });

  it('plays nothing, and never throws, where the browser has no Web Audio', () => {
    expect(typeof AudioContext).toBe('undefined');
    expect(() => playChime('time-up')).not.toThrow();
  });

  it('has notes a room hears: audible pitches, each ending within two seconds', () => {
    for (const notes of Object.values(CHIME_NOTES)) {
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        expect(note.hz).toBeGreaterThanOrEqual(200);
        expect(note.hz).toBeLessThanOrEqual(2000);
        expect(note.at + note.length).toBeLessThanOrEqual(2);
      }
    }
  });
});
