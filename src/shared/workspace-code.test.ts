import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_SPACE,
  generateWorkspaceCode,
  initialsOf,
  normaliseWorkspaceCodeInput,
  WORKSPACE_CODE_LENGTH,
  WORKSPACE_CODE_PATTERN,
} from './workspace-code.ts';

/** A random source that hands out the given bytes in order, however many are asked for at a time. */
function bytesFrom(bytes: number[]): (n: number) => Uint8Array {
  let next = 0;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) out[i] = bytes[next++ % bytes.length] ?? 0;
    return out;
  };
}

describe('WORKSPACE_CODE_PATTERN', () => {
  it('matches exactly 4 uppercase letters or digits', () => {
    expect(WORKSPACE_CODE_LENGTH).toBe(4);
    expect(WORKSPACE_CODE_PATTERN.test('AB12')).toBe(true);
    for (const bad of ['ab12', 'AB1', 'AB123', 'AB-1', ' AB12'])
      expect(WORKSPACE_CODE_PATTERN.test(bad)).toBe(false);
  });
});

describe('generateWorkspaceCode', () => {
  it('produces codes that match the pattern with the real random source', () => {
    for (let i = 0; i < 200; i += 1) expect(generateWorkspaceCode()).toMatch(WORKSPACE_CODE_PATTERN);
  });

  it('draws from A-Z and 2-9 without the look-alikes 0, O, 1 and I', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(CODE_ALPHABET).not.toContain(lookAlike);
    expect(CODE_SPACE).toBe(1_048_576);
    for (let i = 0; i < 500; i += 1) expect(generateWorkspaceCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
  });

  it('maps bytes onto the 32 characters in order', () => {
    expect(generateWorkspaceCode(bytesFrom([0, 23, 24, 31]))).toBe('AZ29');
    // 32 and 255 wrap around the 32 characters: 32 % 32 = 0 -> A, 255 % 32 = 31 -> 9.
    expect(generateWorkspaceCode(bytesFrom([32, 255, 64, 1]))).toBe('A9AB');
  });

  it('gives every character the same chance over all bytes', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) {
      const code = generateWorkspaceCode(bytesFrom([byte, 0, 0, 0]));
      counts.set(code[0]!, (counts.get(code[0]!) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('throws rather than looping forever on a broken random source', () => {
    expect(() => generateWorkspaceCode(() => new Uint8Array(0))).toThrow(/random source/);
  });
});

describe('normaliseWorkspaceCodeInput', () => {
  it.each([
    ['ab12', 'AB12'],
    [' a-b 1_2 ', 'AB12'],
    ['abcdef', 'ABCD'],
    ['x', 'X'],
    ['', ''],
    ['é!?', ''],
  ])('turns %j into %j', (raw, expected) => {
    expect(normaliseWorkspaceCodeInput(raw)).toBe(expected);
  });

  it('always yields at most 4 characters of A-Z0-9', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(normaliseWorkspaceCodeInput(raw)).toMatch(/^[A-Z0-9]{0,4}$/);
      }),
    );
  });
});

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  the   green team rocks ', 'TG'],
    ['Team\tNine', 'TN'],
    ['', ''],
    ['   ', ''],
    ['élan vital', 'ÉV'],
    ['🚀 rocket', '🚀R'],
    ['ßeta', 'S'],
  ])('initials of %j are %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it('never returns more than two code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        expect(Array.from(initialsOf(name)).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
