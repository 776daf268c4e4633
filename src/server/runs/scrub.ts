/**
 * The provider's key never comes back (docs/SECURITY.md): any text from the provider, an answer or a part
 * of one, is scrubbed of the configured key and of any `Authorization` value before it is streamed to the
 * team, stored or exported. A provider that echoes the request must not hand the key to a room.
 */

export const SCRUBBED = '[removed]';

/** The shortest key scrubbed as such: shorter "keys" ('none', for a model served without one) mean nothing. */
const MIN_KEY_LENGTH = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the text's last two words start: the part of a stream not yet sent. */
function heldFrom(text: string): number {
  let end = text.length;
  for (let words = 0; words < 2; words += 1) {
    // Back over the word, then over the space before it.
    while (end > 0 && !/\s/.test(text[end - 1]!)) end -= 1;
    if (words === 1) break;
    while (end > 0 && /\s/.test(text[end - 1]!)) end -= 1;
  }
  return end;
}

/** A scrubber of `key`: `scrub(text)` gives the text with the key and any bearer or Authorization value removed. */
export function scrubberOf(key: string) {
  const patterns = [
    // "Authorization: Bearer sk-..." / "authorization":"sk-..." / Authorization=...
    /(authorization["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}]+/gi,
    /\bbearer\s+[A-Za-z0-9._~+/=-]{6,}/gi,
    ...(key.length >= MIN_KEY_LENGTH ? [new RegExp(escapeRegExp(key), 'g')] : []),
  ];
  const scrub = (text: string): string => {
    let out = text;
    out = out.replace(patterns[0]!, (_m, head: string) => `${head}${SCRUBBED}`);
    out = out.replace(patterns[1]!, (match) => `${match.slice(0, 6)} ${SCRUBBED}`);
    if (patterns[2]) out = out.replace(patterns[2], SCRUBBED);
    return out;
  };

  /**
   * A stream's scrubber: `push` takes the next raw part and gives what may be sent now, `end` the rest.
   * What is held back is the text's last two words: a key is one word (it may still be arriving), and the
   * word before it may be "Bearer"; every word before those is final once scrubbed.
   */
  const stream = () => {
    let raw = '';
    let sent = 0;
    return {
      push(part: string): string {
        raw += part;
        const clean = scrub(raw);
        const safe = heldFrom(clean);
        if (safe <= sent) return '';
        const out = clean.slice(sent, safe);
        sent = safe;
        return out;
      },
      end(): string {
        const clean = scrub(raw);
        const out = clean.slice(sent);
        sent = clean.length;
        return out;
      },
      /** The whole answer, scrubbed. */
      text: () => scrub(raw),
    };
  };

  return { scrub, stream };
}
