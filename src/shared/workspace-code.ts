/** The 4-character Workspace Code: a team's private access key, generated on the client. */

export const WORKSPACE_CODE_LENGTH = 4;
export const WORKSPACE_CODE_PATTERN = /^[A-Z0-9]{4}$/;

/**
 * The characters new codes are drawn from: A-Z and 0-9 without the look-alikes 0, O, 1 and I, so a code
 * read off a screen or a note is typed right. Every code of A-Z0-9 stays valid (the pattern above): codes
 * made before keep working, and what is typed is only uppercased.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** How many codes can be drawn: 32^4 = 1,048,576. */
export const CODE_SPACE = CODE_ALPHABET.length ** WORKSPACE_CODE_LENGTH;
// 256 = 8 * 32: every byte maps onto one character with the same chance (no modulo bias); the limit stays
// so that an alphabet that does not divide 256 would still be drawn fairly.
const UNBIASED_LIMIT = Math.floor(256 / CODE_ALPHABET.length) * CODE_ALPHABET.length;
// A working random source needs a handful of rounds; this only stops a broken one from looping forever.
const MAX_ROUNDS = 100;

type RandomBytes = (length: number) => Uint8Array;

const cryptoRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A random code of CODE_ALPHABET, each character uniform over its 32. */
export function generateWorkspaceCode(random: RandomBytes = cryptoRandomBytes): string {
  let code = '';
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    for (const byte of random(WORKSPACE_CODE_LENGTH * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
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
