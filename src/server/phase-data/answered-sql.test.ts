import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAnyAnswer, isAnswered } from '../../shared/answers.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { DATABASE_MODES, openTestDatabase } from '../../../testing/api/test-app.ts';
import { answeredCountSql, hasAnyAnswerSql, isAnsweredSql, isAnsweredTextSql } from './answered-sql.ts';

/** Every kind of value an answer can hold, blank and not. */
const VALUES: [string, unknown][] = [
  ['null', null],
  ['absent', undefined],
  ['empty text', ''],
  ['spaces', '  '],
  ['a tab', '\t'],
  ['line breaks', '\n\r\n'],
  ['no-break and ideographic spaces, a byte-order mark', '\u00a0\u3000\ufeff'],
  ['line and paragraph separators', '\u2028\u2029'],
  ['a zero-width space (not white space)', '\u200b'],
  ['text', 'x'],
  ['text between spaces', '  Acme \t'],
  ['an emoji', '🚀'],
  ['zero', 0],
  ['a negative number', -1.5],
  ['false', false],
  ['true', true],
  ['an empty list', []],
  ['a list of blank text', ['']],
  ['a list of nothing', [null]],
  ['an empty object', {}],
  ['an object', { a: 1 }],
  ['an object of blank text', { a: '' }],
  ['nested empties', [[], {}]],
  ['a nested object', { a: { b: [] } }],
];

for (const mode of DATABASE_MODES) {
  describe(`"has an answer": the SQL says what isAnswered says [${mode}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(mode));
    });
    afterAll(async () => {
      await drop?.();
    });

    const one = async <T>(expression: SQL): Promise<T> => {
      const result = (await database.db.execute(sql`select ${expression} as result`)) as unknown as {
        rows: { result: T }[];
      };
      return result.rows[0]!.result;
    };
    /** The value as `jsonb`: SQL null when absent, as a missing field reads. */
    const jsonb = (value: unknown) =>
      value === undefined ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

    it.each(VALUES)('%s', async (_name, value) => {
      expect(await one<boolean>(isAnsweredSql(jsonb(value)))).toBe(isAnswered(value));
      if (typeof value === 'string')
        expect(await one<boolean>(isAnsweredTextSql(sql`${value}::text`))).toBe(isAnswered(value));
    });

    it('counts and finds the answers of an activity as hasAnyAnswer does', async () => {
      const all = Object.fromEntries(VALUES.filter(([, v]) => v !== undefined).map(([name, v]) => [name, v]));
      const blanks = Object.fromEntries(Object.entries(all).filter(([, v]) => !isAnswered(v)));
      for (const data of [all, blanks, {}, { only: 'x' }, { only: ' ' }]) {
        expect(Number(await one(answeredCountSql(jsonb(data))))).toBe(
          Object.values(data).filter(isAnswered).length,
        );
        expect(await one<boolean>(hasAnyAnswerSql(jsonb(data)))).toBe(hasAnyAnswer(data));
      }
    });

    it('agrees on every character: each one alone is blank in SQL exactly when trim() removes it', async () => {
      // Every code point of the basic plane but the surrogates (no text holds one alone) and NUL (no text
      // holds one at all).
      const result = (await database.db.execute(sql`
        select n from generate_series(1, 65535) n
        where (n < 55296 or n > 57343) and not ${isAnsweredTextSql(sql`chr(n)`)} order by n`)) as unknown as {
        rows: { n: number }[];
      };
      const blankInSql = result.rows.map((row) => Number(row.n));
      const blankInJs: number[] = [];
      for (let n = 1; n <= 0xffff; n++) {
        if (n >= 0xd800 && n <= 0xdfff) continue;
        if (!isAnswered(String.fromCharCode(n))) blankInJs.push(n);
      }
      expect(blankInSql).toEqual(blankInJs);
      expect(blankInJs.length).toBeGreaterThan(20);
    });
  });
}
