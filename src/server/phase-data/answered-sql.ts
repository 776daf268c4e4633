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

/** An activity's form as the done rule reads it: its fields' ids and which are required. */
export type ActivityForm = { phase: number; fields: readonly { id: string; required?: boolean }[] };

/**
 * The activities the team `teamId` (an SQL expression) has done, as a `jsonb` array of phase numbers in
 * order: the SQL translation of `isActivityDone` (src/shared/activity-done.ts), a shared fact read from the
 * team's one copy when it has one. One correlated sub-query per team: its answers and facts read once.
 * `answered-sql.test.ts` holds it to the shared rule.
 */
export function activitiesDoneSql(
  teamId: SQL,
  forms: readonly ActivityForm[],
  isSharedFact: (id: string) => boolean,
): SQL {
  const answerOf = (phase: number, id: string): SQL =>
    isSharedFact(id)
      ? sql`coalesce(x.facts -> ${id}::text, x.answers -> ${String(phase)}::text -> ${id}::text)`
      : sql`(x.answers -> ${String(phase)}::text -> ${id}::text)`;
  const doneOf = ({ phase, fields }: ActivityForm): SQL => {
    const required = fields.filter((field) => field.required);
    const checks = (required.length > 0 ? required : fields).map((field) =>
      isAnsweredSql(answerOf(phase, field.id)),
    );
    if (checks.length === 0) return sql`false`;
    return sql.join(checks, required.length > 0 ? sql` and ` : sql` or `);
  };
  const cases = forms.map((form) => sql`case when ${doneOf(form)} then ${form.phase}::int end`);
  if (cases.length === 0) return sql`'[]'::jsonb`;
  return sql`(select to_jsonb(array_remove(array[${sql.join(cases, sql`, `)}], null)) from (select
    (select jsonb_object_agg(pd.phase_number::text, pd.data) from phase_data pd where pd.team_id = ${teamId})
      as answers,
    (select jsonb_object_agg(tf.fact_id, to_jsonb(tf.value)) from team_facts tf where tf.team_id = ${teamId})
      as facts
  ) x)`;
}
