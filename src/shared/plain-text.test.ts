import { describe, expect, it } from 'vitest';
import { isBlank, plainText } from './plain-text.ts';
import { NewFeedbackBodySchema, NewHelpBodySchema } from './schemas/coaching.ts';
import { CreateCohortBodySchema } from './schemas/cohort.ts';
import { TeamNameSchema } from './schemas/team.ts';

describe('plain text', () => {
  it('removes control characters, and line breaks and tabs from a line', () => {
    expect(plainText('Bell\u0007 and escape\u001b[31m red\u007f\u0085')).toBe('Bell and escape[31m red');
    expect(plainText('two\nlines\tand a tab\r\n')).toBe('two lines and a tab ');
    expect(plainText('two\r\nlines\rkept\n\tindented', { multiline: true })).toBe(
      'two\nlines\nkept\n\tindented',
    );
  });

  it('removes every direction-changing character', () => {
    const overrides = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(plainText(`abc${overrides}def`)).toBe('abcdef');
    expect(plainText('\u202egnp.exe')).toBe('gnp.exe');
    // Right-to-left writing itself is text, kept as it is.
    expect(plainText('שלום עולם مرحبا')).toBe('שלום עולם مرحبا');
  });

  it('keeps what shows: emoji sequences with their joiners, accents, other scripts', () => {
    for (const text of ['👩‍💻 Team', 'Équipe Été', '東京チーム', 'क्षत्रिय', '❤️'])
      expect(plainText(text)).toBe(text);
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
    ])
      expect(isBlank(text), JSON.stringify(text)).toBe(true);
    for (const text of ['a', '\u200bx', '👍', '·']) expect(isBlank(text), text).toBe(false);
  });
});

describe('the schemas of text people type', () => {
  it('refuse a name, a cohort name or a note that shows nothing; store what they take as plain text', () => {
    expect(TeamNameSchema.safeParse('\u200b\u200b').success).toBe(false);
    expect(TeamNameSchema.safeParse('\u202e').success).toBe(false);
    expect(TeamNameSchema.parse(' \u202eRocket\u0007 Team ')).toBe('Rocket Team');
    expect(CreateCohortBodySchema.safeParse({ tag: 'spring', name: '\u2800' }).success).toBe(false);
    expect(
      NewFeedbackBodySchema.safeParse({ phaseNumber: 1, body: '\u200b' }).error?.issues[0]?.message,
    ).toBe('Write the feedback first.');
    expect(NewFeedbackBodySchema.parse({ phaseNumber: 1, body: 'Line one\u001b\nline two' }).body).toBe(
      'Line one\nline two',
    );
  });

  it('take an invisible help line or description as none', () => {
    expect(NewHelpBodySchema.parse({ phaseNumber: 1, message: '\u200b \u2060' }).message).toBe('');
    expect(NewHelpBodySchema.parse({ phaseNumber: 1, message: 'Stuck\u202e here' }).message).toBe(
      'Stuck here',
    );
    expect(
      CreateCohortBodySchema.parse({ tag: 'spring', name: 'Spring', description: '\u200b' }).description,
    ).toBe('');
  });
});
