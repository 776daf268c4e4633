import { asc, eq, sql } from 'drizzle-orm';
import type { Fact } from '../../shared/schemas/facts.ts';
import type { Database } from './client.ts';
import { type TeamFactRow, teamFacts } from './schema.ts';

export function toFact(row: Pick<TeamFactRow, 'factId' | 'value' | 'givenIn' | 'updatedAt'>): Fact {
  return {
    id: row.factId,
    value: row.value,
    givenIn: Number(row.givenIn),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Every fact the team holds, in id order. */
export async function listFacts(db: Database, teamId: string): Promise<Fact[]> {
  const rows = await db
    .select()
    .from(teamFacts)
    .where(eq(teamFacts.teamId, teamId))
    .orderBy(asc(teamFacts.factId));
  return rows.map(toFact);
}

type FactRowJson = {
  fact_id: string;
  value: string;
  given_in: number;
  updated_at: string | Date;
  written: boolean;
};

/** A save's outcome: the facts it wrote, as now stored, and every fact the team holds. */
export type SavedFacts = { written: Fact[]; facts: Fact[] };

/**
 * Writes the named facts of a team in ONE statement: each is inserted, or its value replaced (an empty
 * string clears it), keeping `given_in` where the team already had the fact; the team's last activity is
 * touched and its current phase raised (never lowered) to the activity the facts were given in, as an
 * activity's save does. Saves of different facts sent together each write only their own rows, so both
 * survive. The answer also lists the facts this save did not name.
 */
export async function saveFacts(
  db: Database,
  teamId: string,
  values: Record<string, string>,
  givenIn: number,
): Promise<SavedFacts> {
  const result = (await db.execute(sql`
    with written as (
      insert into ${teamFacts} as f (team_id, fact_id, value, given_in)
      select ${teamId}::uuid, v.key, v.value, ${givenIn}::smallint from jsonb_each_text(${JSON.stringify(values)}::jsonb) v
      on conflict (team_id, fact_id) do update set value = excluded.value, updated_at = now()
      returning f.fact_id, f.value, f.given_in, f.updated_at
    ), touched as (
      update teams set updated_at = now(), current_phase = greatest(current_phase, ${givenIn}::smallint)
      where id = ${teamId}::uuid
    )
    select fact_id, value, given_in, updated_at, true as written from written
    union all
    select fact_id, value, given_in, updated_at, false as written from ${teamFacts}
    where team_id = ${teamId}::uuid and fact_id not in (select fact_id from written)
  `)) as unknown as { rows: FactRowJson[] };
  const rows = result.rows
    .map((row) => ({
      fact: toFact({
        factId: row.fact_id,
        value: row.value,
        givenIn: row.given_in,
        updatedAt: new Date(row.updated_at),
      }),
      written: row.written,
    }))
    .sort((a, b) => a.fact.id.localeCompare(b.fact.id));
  return { written: rows.filter((r) => r.written).map((r) => r.fact), facts: rows.map((r) => r.fact) };
}
