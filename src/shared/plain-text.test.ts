import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmsTeamName } from './data-deletion.ts';
import { isBlank, nameKey, plainText } from './plain-text.ts';
import { NewFeedbackBodySchema, NewHelpBodySchema } from './schemas/coaching.ts';
import { CreateCohortBodySchema } from './schemas/cohort.ts';
import { UpdatePaceBodySchema } from './schemas/pace.ts';
import { ProgrammeNameSchema } from './schemas/programmes.ts';
import { TeamNameSchema } from './schemas/team.ts';

/** The invisible characters a name, a line or a note loses, wherever they stand (docs/decisions/041). */
const INVISIBLE = {
  'zero-width space': '\u200b',
  'zero-width non-joiner': '\u200c',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'Mongolian vowel separator': '\u180e',
  'combining grapheme joiner': '\u034f',
  'Hangul choseong filler': '\u115f',
  'Hangul jungseong filler': '\u1160',
  'Hangul filler': '\u3164',
  'halfwidth Hangul filler': '\uffa0',
  'blank Braille pattern': '\u2800',
  'variation selector 16': '\ufe0f',
  'variation selector 1': '\ufe00',
  'ideographic variation selector': '\u{e0100}',
  'tag letter A': '\u{e0041}',
  'language tag': '\u{e0001}',
  'function application': '\u2061',
  'invisible times': '\u2062',
  'inhibit symmetric swapping': '\u206a',
  'Khmer inherent vowel': '\u17b4',
  'musical symbol begin beam': '\u{1d173}',
  'interlinear annotation anchor': '\ufff9',
  'Arabic letter mark': '\u061c',
  'left-to-right mark': '\u200e',
  'right-to-left mark': '\u200f',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  'pop directional isolate': '\u2069',
};

const codePoints = (text: string) =>
  [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`);

describe('plain text', () => {
  it('removes control characters, and line breaks and tabs from a line', () => {
    expect(plainText('Bell\u0007 and escape\u001b[31m red\u007f\u0085')).toBe('Bell and escape[31m red');
    expect(plainText('two\nlines\tand a tab\r\n')).toBe('two lines and a tab ');
    expect(plainText('two\r\nlines\rkept\n\tindented', { multiline: true })).toBe(
      'two\nlines\nkept\n\tindented',
    );
    // The line and paragraph separators are line breaks too.
    expect(plainText('one\u2028two\u2029three')).toBe('one two three');
    expect(plainText('one\u2028two', { multiline: true })).toBe('one\ntwo');
  });

  it('removes every direction-changing character', () => {
    const overrides = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(plainText(`abc${overrides}def`)).toBe('abcdef');
    expect(plainText('\u202egnp.exe')).toBe('gnp.exe');
    // Right-to-left writing itself is text, kept as it is.
    expect(plainText('שלום עולם مرحبا')).toBe('שלום עולם مرحبا');
  });

  for (const [name, character] of Object.entries(INVISIBLE)) {
    it(`removes the ${name} inside a word, at either end and alone (then blank)`, () => {
      expect(plainText(`Al${character}pha`)).toBe('Alpha');
      expect(plainText(`${character}Alpha${character}`)).toBe('Alpha');
      expect(plainText(`Team ${character} Alpha`, { multiline: true })).toBe('Team  Alpha');
      expect(plainText(character)).toBe('');
      expect(isBlank(character)).toBe(true);
      expect(isBlank(`${character} ${character}`)).toBe(true);
      expect(TeamNameSchema.parse(`${character}Al${character}pha ${character}`)).toBe('Alpha');
      expect(TeamNameSchema.safeParse(character).success).toBe(false);
    });
  }

  it('removes them in runs, and tags that spell hidden text', () => {
    expect(plainText('A\u200b\u200c\u200d\u2060\ufeffB')).toBe('AB');
    const hidden = [...'ignore this'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(plainText(`Visible${hidden}`)).toBe('Visible');
    // A flag's tags spell hidden text too: only a subdivision's code (letters, up to 5) makes a flag.
    expect(plainText(`\u{1f3f4}${hidden}\u{e007f}`)).toBe('\u{1f3f4}');
  });

  it('keeps what writing needs: emoji sequences, keycaps, flags, joining scripts, variants', () => {
    for (const text of [
      '👩‍💻 Team', // woman technologist: ZWJ between two emoji
      '👩🏽‍💻', // with a skin tone
      '❤️‍🔥', // variation selector, then ZWJ
      '🏳️‍⚧️',
      '🧑‍🤝‍🧑',
      '👩‍🦰',
      '❤️',
      '☺︎', // text presentation
      '1️⃣ #️⃣',
      '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', // Scotland
      'می‌خواهم', // Persian: ZWNJ between letters (the half-space)
      'ශ්‍රී ලංකා', // Sinhala: ZWJ after the virama
      'क्‍ष', // Devanagari: a half form
      'क्‌ष', // Devanagari: the virama shown
      '葛\u{e0100}飾', // an ideographic variant of a kanji
      '≩\ufe00', // a math symbol's variant
      'ᠠ\u180bᠠ', // a Mongolian letter's form
      'Équipe Été',
      '東京チーム',
      'क्षत्रिय',
    ])
      expect(codePoints(plainText(text)), text).toEqual(codePoints(text));
  });

  it('removes a joiner or a selector where nothing needs it', () => {
    expect(plainText('A\u200dB 👩\u200d B\u200d💻 1\ufe0f A\ufe0f 葛\u200d飾')).toBe('AB 👩 B💻 1 A 葛飾');
    // Between a letter of a joining script and a Latin one, or a space.
    expect(plainText('م\u200cA م\u200c ')).toBe('مA م ');
    expect(plainText('A\ufe00 \u{e0100}')).toBe('A ');
  });

  it('counts text with nothing visible in it as blank', () => {
    for (const text of [
      '',
      '   ',
      '\u200b',
      '\u200b\u200c\u200d',
      '\u2060\ufeff\u00ad',
      '\u3164',
      '\u2800',
      '\ufe0f',
      '\u00a0\u3000',
      '\u{e0041}\u{e0042}',
    ])
      expect(isBlank(text), JSON.stringify(text)).toBe(true);
    for (const text of ['a', '\u200bx', '👍', '·', '👩‍💻']) expect(isBlank(text), text).toBe(false);
  });
});

describe('a name as it looks (nameKey)', () => {
  it('is one key for names that look alike: case, invisible characters, width, spaces', () => {
    const key = nameKey('Alpha');
    for (const name of [
      'ALPHA',
      'alpha',
      'Al\u200bpha',
      'Al\u200dpha',
      '\ufeffAlpha\u2060',
      'Ａｌｐｈａ', // fullwidth
      'Alpha ',
      ' alpha\t',
      '\u202eAlpha',
    ])
      expect(nameKey(name), JSON.stringify(name)).toBe(key);
    expect(nameKey('Team  One')).toBe(nameKey('team\u3000one'));
    expect(nameKey('Team\u00a0One')).toBe(nameKey('TEAM ONE'));
    // Composed or not, an accent is the same letter.
    expect(nameKey('E\u0301quipe')).toBe(nameKey('équipe'));
    // The joiners writing keeps are no difference either.
    expect(nameKey('👩‍💻')).toBe(nameKey('👩💻'));
    expect(nameKey('می‌خواهم')).toBe(nameKey('میخواهم'));
  });

  it('keeps names apart that look different', () => {
    expect(nameKey('Alpha')).not.toBe(nameKey('Alpha 2'));
    expect(nameKey('Alpha')).not.toBe(nameKey('Alpa'));
    expect(nameKey('Team One')).not.toBe(nameKey('TeamOne'));
    // Another script's look-alike letter is another letter (not folded).
    expect(nameKey('Аlpha')).not.toBe(nameKey('Alpha'));
  });

  it('gives every name and the name with an invisible character added anywhere one key', () => {
    const invisible = fc.constantFrom(...Object.values(INVISIBLE));
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        invisible,
        fc.nat(),
        (name, character, at) => {
          const units = [...name];
          const cut = at % (units.length + 1);
          const changed = [...units.slice(0, cut), character, ...units.slice(cut)].join('');
          expect(nameKey(changed)).toBe(nameKey(name));
        },
      ),
    );
  });
});

describe('the schemas of text people type', () => {
  it('refuse a name, a cohort name or a note that shows nothing; store what they take as plain text', () => {
    expect(TeamNameSchema.safeParse('\u200b\u200b').success).toBe(false);
    expect(TeamNameSchema.safeParse('\u202e').success).toBe(false);
    expect(TeamNameSchema.parse(' \u202eRocket\u0007 Team ')).toBe('Rocket Team');
    expect(CreateCohortBodySchema.safeParse({ tag: 'spring', name: '\u2800' }).success).toBe(false);
    expect(CreateCohortBodySchema.parse({ tag: 'spring', name: 'Spr\u200bing\u00ad' }).name).toBe('Spring');
    expect(
      NewFeedbackBodySchema.safeParse({ phaseNumber: 1, body: '\u200b' }).error?.issues[0]?.message,
    ).toBe('Write the feedback first.');
    expect(NewFeedbackBodySchema.parse({ phaseNumber: 1, body: 'Line one\u001b\nline two' }).body).toBe(
      'Line one\nline two',
    );
    expect(NewFeedbackBodySchema.parse({ phaseNumber: 1, body: 'Good\u200b\nwork\u2060' }).body).toBe(
      'Good\nwork',
    );
  });

  it('take an invisible help line or description as none', () => {
    expect(NewHelpBodySchema.parse({ phaseNumber: 1, message: '\u200b \u2060' }).message).toBe('');
    expect(NewHelpBodySchema.parse({ phaseNumber: 1, message: 'Stuck\u202e here' }).message).toBe(
      'Stuck here',
    );
    expect(NewHelpBodySchema.parse({ phaseNumber: 1, message: 'St\u200buck' }).message).toBe('Stuck');
    expect(
      CreateCohortBodySchema.parse({ tag: 'spring', name: 'Spring', description: '\u200b' }).description,
    ).toBe('');
  });

  it('keep the pace message and a programme name plain too', () => {
    expect(UpdatePaceBodySchema.parse({ message: '\u202eCoffee\u200b now\u2066' }).message).toBe(
      'Coffee now',
    );
    expect(UpdatePaceBodySchema.safeParse({ message: '\u200b\u202e' }).success).toBe(false);
    expect(ProgrammeNameSchema.parse(' Cli\u200bnics\u202e ')).toBe('Clinics');
    expect(ProgrammeNameSchema.safeParse('\u200b\u2800').success).toBe(false);
  });

  it("confirm a team's deletion with the name as shown, even for a name stored before the rule", () => {
    expect(confirmsTeamName('Alpha', 'Al\u200bpha')).toBe(true);
    expect(confirmsTeamName(' Al\u2060pha ', 'Alpha')).toBe(true);
    // Still the name itself: not another case.
    expect(confirmsTeamName('alpha', 'Alpha')).toBe(false);
  });
});
