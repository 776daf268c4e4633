import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_MODES, openTestDatabase } from '../../../testing/api/test-app.ts';
import { type DatabaseHandle, sqlLiteral } from './client.ts';

const NASTY = [
  'O\'Brien\'s "kit"',
  'back\\slash \\n not a newline',
  '$1 $$ dollar $tag$ quoting',
  "'; drop table teams; --",
  'line\nbreak\ttab',
  'Zoë 日本 🙂',
  '',
];

describe('SQL literals for EXECUTE', () => {
  it('quotes text, doubling single quotes only; writes numbers, booleans and null as they are', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral('a\\b')).toBe("'a\\b'");
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('null');
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({})).toThrow();
    expect(() => sqlLiteral('a\u0000b')).toThrow();
  });
});

for (const mode of DATABASE_MODES) {
  describe(`a prepared statement run many times [${mode}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(mode));
    });
    afterAll(async () => drop?.());

    it('returns every value exactly as given, whatever it holds', async () => {
      const statement = {
        name: 'echo_values',
        text: 'select $1::text as text, $2::int as n, $3::jsonb as j',
      };
      for (const text of NASTY) {
        const [row] = await database.run<{ text: string; n: number; j: unknown }>(statement, [
          text,
          7,
          JSON.stringify({ text }),
        ]);
        expect(row).toEqual({ text, n: 7, j: { text } });
      }
      const [row] = await database.run<{ text: string | null }>(statement, [null, null, null]);
      expect(row).toEqual({ text: null, n: null, j: null });
    });
  });
}
