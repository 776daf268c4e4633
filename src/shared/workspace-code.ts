/** The 4-character Workspace Code: a team's private access key, generated on the client. */

export const WORKSPACE_CODE_LENGTH = 4;
export const WORKSPACE_CODE_PATTERN = /^[A-Z0-9]{4}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// 252 = 7 * 36: bytes at or above it are discarded so every character is equally likely (no modulo bias).
const UNBIASED_LIMIT = Math.floor(256 / ALPHABET.length) * ALPHABET.length;
// A working random source needs a handful of rounds; this only stops a broken one from looping forever.
const MAX_ROUNDS = 100;

type RandomBytes = (length: number) => Uint8Array;

const cryptoRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A random code of A-Z and 0-9, each character uniform over the 36. */
export function generateWorkspaceCode(random: RandomBytes = cryptoRandomBytes): string {
  let code = '';
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    for (const byte of random(WORKSPACE_CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += ALPHABET[byte % ALPHABET.length];
      if (code.length === WORKSPACE_CODE_LENGTH) return code;
    }
  }
  throw new Error('The random source did not produce enough usable bytes for a Workspace Code.');
}

/** What the code input box keeps of what is typed or pasted: uppercase A-Z0-9, at most 4 characters. */
export function normaliseWorkspaceCodeInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, WORKSPACE_CODE_LENGTH);
}

/** Shown instead of an avatar: the first letters of the first two words, uppercase ('' for a blank name). */
export function initialsOf(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '')
      .slice(0, 2)
      // By code point, so an emoji or accented first letter is kept whole; uppercasing 'ß' gives 'SS', keep one.
      .map((word) => Array.from(Array.from(word)[0]?.toUpperCase() ?? '')[0] ?? '')
      .join('')
  );
}
