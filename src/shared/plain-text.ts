/**
 * Text people type that others read: team names, cohort names and descriptions, a request's line for help,
 * an instructor's note, the room's pace message, a programme's name (docs/product.md, Text people type;
 * docs/decisions/041-names-as-they-look.md). One rule for all of it, used by the schemas that accept such text
 * and again wherever it is exported (old rows may predate the rule):
 * - control characters are removed (ESC, BEL, DEL and the C1 range: a terminal or a spreadsheet may act on
 *   them); a line keeps no line break or tab (each becomes a space); a note keeps its line breaks;
 * - invisible characters are removed: every format character (zero-width space, word joiner, byte order
 *   mark, soft hyphen, the direction marks, embeddings, overrides and isolates, tags...) and every other
 *   character Unicode says to show as nothing (variation selectors, the combining grapheme joiner, the
 *   Hangul fillers), and the blank Braille pattern. A name that differs from another only by them would
 *   look the same; an override would reverse what follows it on others' screens. Kept only where writing
 *   needs them (`KEPT`): a joiner inside an emoji sequence or between letters of a script that joins, a
 *   variation selector after a character it has a variant of, a subdivision flag's tags;
 * - text with nothing visible in it (spaces, invisible characters only) is blank.
 */

/** C0 controls but tab, line feed and carriage return; DEL; the C1 range. */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;
/** The line and paragraph separators: line breaks to a reader. */
const LINE_SEPARATORS = /[\u2028\u2029]/g;

/** Format characters, the other default-ignorable ones and the blank Braille pattern: nothing shows. */
const INVISIBLE = String.raw`[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]`;

/**
 * Scripts whose letters join or form conjuncts, where ZWJ and ZWNJ change what a word looks like (a
 * Persian word's half-space, a Sinhala or Devanagari conjunct): between two of their letters or marks the
 * joiners are writing, elsewhere (Latin, Cyrillic, Han, between words) they show nothing.
 */
const JOINING_SCRIPTS = String.raw`[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Myanmar}\p{sc=Khmer}]`;
const EMOJI_MODIFIER = String.raw`[\u{1F3FB}-\u{1F3FF}]`;

/** The invisible characters writing needs, each only where it is needed; tried before removing one. */
const KEPT = [
  // A subdivision flag (England, Scotland, Wales): the black flag, a region code in tags, the cancel tag.
  String.raw`\u{1F3F4}[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,3}\u{E007F}`,
  // ZWJ between two emoji (👩‍💻, 👩🏽‍💻, ❤️‍🔥): one picture instead of two.
  String.raw`(?<=\p{Extended_Pictographic}(?:${EMOJI_MODIFIER}|\uFE0F)?)\u200D(?=\p{Extended_Pictographic})`,
  // ZWJ and ZWNJ between two letters (or marks) of a script that joins.
  String.raw`(?<=${JOINING_SCRIPTS})[\u200C\u200D](?=${JOINING_SCRIPTS})`,
  // Emoji or text presentation after an emoji (❤️); after a digit, # or * only in a keycap (1️⃣).
  String.raw`(?<=\p{Emoji})(?<![0-9#*])[\uFE0E\uFE0F]`,
  String.raw`(?<=[0-9#*])\uFE0F(?=\u20E3)`,
  // The standardised and ideographic variants: of Han characters (a name's kanji), math symbols, Myanmar.
  String.raw`(?<=[\p{sc=Han}\p{sc=Myanmar}\p{Sm}])[\uFE00-\uFE0D\u{E0100}-\u{E01EF}]`,
  // Mongolian's free variation selectors choose a letter's form.
  String.raw`(?<=\p{sc=Mongolian})[\u180B-\u180D\u180F]`,
];
/** A kept sequence (left as it is), else an invisible character (captured, removed). */
const KEPT_OR_INVISIBLE = new RegExp(`${KEPT.join('|')}|(${INVISIBLE})`, 'gu');
/** Every invisible character, kept ones included. */
const EVERY_INVISIBLE = new RegExp(INVISIBLE, 'gu');
/** ...and white space and controls: what a blank text lacks. */
const NOTHING_VISIBLE = new RegExp(`[\\s\\p{Cc}]|${INVISIBLE}`, 'gu');

/** `text` without invisible characters but those writing needs (see above). */
function withoutInvisible(text: string): string {
  return text.replace(KEPT_OR_INVISIBLE, (match, invisible: string | undefined) =>
    invisible === undefined ? match : '',
  );
}

/** `text` without control or invisible characters; line breaks and tabs kept only in `multiline`. */
export function plainText(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const kept = withoutInvisible(text.replace(CONTROLS, ''));
  if (!multiline) return kept.replace(/\r\n|[\t\r\n\u2028\u2029]/g, ' ');
  return kept.replace(/\r\n?/g, '\n').replace(LINE_SEPARATORS, '\n');
}

/** Whether `text` shows nothing at all (empty, or only white space and invisible characters). */
export function isBlank(text: string): boolean {
  return text.replace(NOTHING_VISIBLE, '') === '';
}

/**
 * A name as it looks, to compare two names: compatibility forms folded (NFKC: "Ａｌｐｈａ" is "Alpha"), every
 * invisible character removed (the joiners writing keeps too: a name never differs from another by them
 * alone), white space collapsed and trimmed, case folded. "Alpha", "ALPHA", "Al\u200Bpha", "Ａｌｐｈａ" and
 * "Alpha " have one key. Letters of other scripts that merely look alike (Cyrillic "А") stay apart.
 */
export function nameKey(name: string): string {
  return (
    plainText(name)
      .normalize('NFKC')
      .replace(EVERY_INVISIBLE, '')
      .replace(/\s+/g, ' ')
      .trim()
      // Unicode's default lower case, the same in every locale (`toLocaleLowerCase('und')`, without the cost
      // of a locale per call).
      .toLowerCase()
      .normalize('NFKC')
  );
}
