import { type SQL, sql } from 'drizzle-orm';

/**
 * "Has an answer" in SQL: the one translation of `isAnswered` and `hasAnyAnswer` (src/shared/answers.ts) for
 * the queries that count answers where they are stored (the dashboard's activities with data, the CSV
 * export's answered fields). `answered-sql.test.ts` runs a table of values, and every character, through both
 * on each database, so the two cannot drift.
 */

/**
 * What JavaScript's `trim()` removes (ECMAScript's white space and line terminators), so text is blank here
 * exactly when it is blank in the browser. PostgreSQL's `btrim(text)` alone removes only spaces.
 */
const BLANK_CHARACTERS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** Text (never null) that counts as an answer: not blank. */
export const isAnsweredTextSql = (text: SQL): SQL => sql`btrim(${text}, ${BLANK_CHARACTERS}) <> ''`;

/** A `jsonb` value (SQL null when absent) that counts as an answer: `isAnswered`. */
export const isAnsweredSql = (value: SQL): SQL => sql`(${value} is not null
  and ${value} not in ('null'::jsonb, '[]'::jsonb, '{}'::jsonb)
  and not (jsonb_typeof(${value}) = 'string' and not ${isAnsweredTextSql(sql`${value} #>> '{}'`)}))`;

/** How many fields of a `jsonb` object of answers count as answers. */
export const answeredCountSql = (data: SQL): SQL =>
  sql`(select count(*) from jsonb_each(${data}) answer where ${isAnsweredSql(sql`answer.value`)})`;

/** Whether a `jsonb` object of answers holds at least one answer: `hasAnyAnswer`. */
export const hasAnyAnswerSql = (data: SQL): SQL =>
  sql`exists (select 1 from jsonb_each(${data}) answer where ${isAnsweredSql(sql`answer.value`)})`;
