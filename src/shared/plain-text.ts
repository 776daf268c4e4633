/**
 * Text people type that others read: team names, cohort names and descriptions, a request's line for help,
 * an instructor's note (docs/product.md, Text people type; docs/decisions/037). One rule for all of it, used by
 * the schemas that accept such text and again wherever it is exported (old rows may predate the rule):
 * - control characters are removed (ESC, BEL, DEL and the C1 range: a terminal or a spreadsheet may act on
 *   them); a line keeps no line break or tab (each becomes a space); a note keeps its line breaks;
 * - direction-changing characters are removed (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C): an
 *   override would reverse what follows it on the screen, the queue of requests included; right-to-left
 *   writing itself needs none of them, and pages show each text isolated from what surrounds it;
 * - text with nothing visible in it (spaces, zero-width and other invisible characters only) is blank.
 */

/** C0 controls but tab, line feed and carriage return; DEL; the C1 range. */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;
/** Embeddings, overrides, isolates and the direction marks. */
const DIRECTION_CHANGES = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * What shows nothing: white space, format characters (zero-width space and joiners, word joiner, soft
 * hyphen, byte order mark...), variation selectors, the combining grapheme joiner, the Hangul fillers and the
 * blank Braille pattern.
 */
const INVISIBLE = /[\s\p{Cf}\p{Cc}\p{Variation_Selector}\u115F\u1160\u3164\uFFA0\u2800]|\u034F/gu;

/** `text` without control or direction-changing characters; line breaks and tabs kept only in `multiline`. */
export function plainText(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const kept = text.replace(DIRECTION_CHANGES, '').replace(CONTROLS, '');
  if (!multiline) return kept.replace(/\r\n|[\t\r\n]/g, ' ');
  return kept.replace(/\r\n?/g, '\n');
}

/** Whether `text` shows nothing at all (empty, or only white space and invisible characters). */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}
