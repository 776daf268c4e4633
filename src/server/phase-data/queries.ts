import { and, asc, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { planSave, type SaveRequest } from '../../shared/answer-merge.ts';
import type { Fact } from '../../shared/schemas/facts.ts';
import type { PhaseDataRecord } from '../../shared/schemas/phase-data.ts';
import { hashToken, liveSessionSql } from '../auth/queries.ts';
import type { Database, DatabaseHandle, PreparedStatement } from '../db/client.ts';
import { type PhaseDataRow, phaseData, type TeamFactRow, teamFacts } from '../db/schema.ts';
import { ADMIN_LISTENER_TTL_SECONDS, PRESENCE_TTL_SECONDS } from '../live/queries.ts';

export function toPhaseDataRecord(row: PhaseDataRow): PhaseDataRecord {
  return {
    teamId: row.teamId,
    phaseNumber: row.phaseNumber,
    data: row.data,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * A save's outcome: the merged record, the fields this save wrote (the others' answers stayed), and who on
 * another app instance needs telling: a page of the team open there, an instructor's progress stream open
 * there. Both false on the only instance.
 */
export type SavedAnswers = {
  record: PhaseDataRecord;
  written: string[];
  elsewhere: { teamPage: boolean; adminStream: boolean };
};

/**
 * Which instance saves: its id when other instances may listen (PostgreSQL,
 * src/server/live/postgres-event-bus.ts), so the save finds out whether any of them needs telling; null when
 * this is the only one.
 */
export type SaveContext = { instance: string | null };

type SavedRow = {
  team_id: string;
  phase_number: number;
  data: Record<string, unknown>;
  version: number;
  updated_at: string | Date;
  written: string[] | null;
  team_page_elsewhere: boolean;
  admin_stream_elsewhere: boolean;
};

/**
 * The save, merged field by field (the rule: src/shared/answer-merge.ts). Parameters: $1 phase, $2 the
 * values to write, $3 their first versions, $4 fields to remove, $5 every field the save names, $6 the base
 * version (null: no limit), $7 this instance's id (null: the only instance), then the owner's parameters.
 * It also says whether another instance needs telling, from the rows that say where streams are open: a
 * page of the team (presence), an instructor's progress stream (admin_listeners). The events themselves
 * are built in TypeScript from the shared schemas (src/server/phase-data/routes.ts), never here.
 */
const saveStatement = (name: string, owner: string) => ({
  name,
  text: `
    with owner as (${owner}), saved as (
      insert into phase_data as p (team_id, phase_number, data, version, field_versions)
      select team_id, $1::smallint, $2::jsonb, 1, $3::jsonb from owner
      on conflict (team_id, phase_number) do update set
        data = (p.data - array(select jsonb_array_elements_text($4::jsonb))) || (
          select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(excluded.data) e
          where $6::int is null or coalesce((p.field_versions ->> e.key)::int, 0) <= $6::int),
        field_versions = p.field_versions || (
          select coalesce(jsonb_object_agg(k, p.version + 1), '{}'::jsonb) from jsonb_array_elements_text($5::jsonb) k
          where $6::int is null or coalesce((p.field_versions ->> k)::int, 0) <= $6::int),
        version = p.version + 1,
        updated_at = now()
      returning team_id, phase_number, data, version, updated_at,
        array(select key from jsonb_each_text(field_versions) where value::int = version) as written
    ), raised as (
      update teams set current_phase = greatest(current_phase, $1::smallint), updated_at = now()
      where id = (select team_id from owner)
    )
    select saved.*,
      $7::text is not null and exists (
        select 1 from presence pr where pr.team_id = saved.team_id and pr.instance <> $7::text
          and pr.seen_at > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})) as team_page_elsewhere,
      $7::text is not null and exists (
        select 1 from admin_listeners al where al.instance <> $7::text
          and al.seen_at > now() - make_interval(secs => ${ADMIN_LISTENER_TTL_SECONDS})) as admin_stream_elsewhere
    from saved`,
});

const SAVE_FOR_TEAM_SESSION = saveStatement(
  'save_phase_data_for_team_session',
  // A live team session ($8 its token's hash) of the named team: the one definition, rendered into the text.
  `select sessions.team_id from sessions
   where ${new PgDialect().sqlToQuery(liveSessionSql('team', sql.raw('$8'))).sql} and sessions.team_id = $9::uuid`,
);
const SAVE_FOR_TEAM = saveStatement('save_phase_data', 'select $8::uuid as team_id');

/**
 * Saves one activity's answers, merged field by field with what other devices saved, and raises (never
 * lowers) the team's current phase, in ONE prepared statement: the upsert and the team update are
 * data-modifying CTEs of a single query, atomic without a transaction and one round trip (autosave is the
 * hottest call). Concurrent saves of one activity queue on its row (the upsert locks it, and a concurrent
 * first save turns into an update of the row the other inserted), so each merges into the other's result.
 */
export async function savePhaseData(
  database: DatabaseHandle,
  teamId: string,
  phaseNumber: number,
  save: SaveRequest,
  context: SaveContext,
): Promise<SavedAnswers> {
  // The owner is the team itself, so there is always a row.
  return (await upsertPhaseData(database, SAVE_FOR_TEAM, [teamId], phaseNumber, save, context))!;
}

/**
 * The same save, made only when `token` is a live team session of team `teamId`; undefined (nothing
 * written) otherwise. Autosave's common case, a team saving its own answers, then takes one round trip
 * instead of two (the session look-up joins the save); the session is still read from the database on
 * every call, so a logout ends it everywhere at once.
 */
export async function savePhaseDataForTeamSession(
  database: DatabaseHandle,
  token: string,
  teamId: string,
  phaseNumber: number,
  save: SaveRequest,
  context: SaveContext,
): Promise<SavedAnswers | undefined> {
  const owner = [hashToken(token), teamId];
  return upsertPhaseData(database, SAVE_FOR_TEAM_SESSION, owner, phaseNumber, save, context);
}

async function upsertPhaseData(
  database: DatabaseHandle,
  statement: PreparedStatement,
  owner: unknown[],
  phaseNumber: number,
  save: SaveRequest,
  { instance }: SaveContext,
): Promise<SavedAnswers | undefined> {
  const { values, removed, baseVersion } = planSave(save);
  const named = [...Object.keys(values), ...removed];
  const [row] = await database.run<SavedRow>(statement, [
    phaseNumber,
    JSON.stringify(values),
    JSON.stringify(Object.fromEntries(named.map((id) => [id, 1]))),
    JSON.stringify(removed),
    JSON.stringify(named),
    baseVersion,
    instance,
    ...owner,
  ]);
  if (!row) return undefined;
  return {
    record: {
      teamId: row.team_id,
      phaseNumber: Number(row.phase_number),
      data: row.data,
      updatedAt: new Date(row.updated_at).toISOString(),
      version: Number(row.version),
    },
    written: row.written ?? [],
    elsewhere: {
      teamPage: row.team_page_elsewhere === true,
      adminStream: row.admin_stream_elsewhere === true,
    },
  };
}

export async function findPhaseData(db: Database, teamId: string, phaseNumber: number) {
  const [row] = await db
    .select()
    .from(phaseData)
    .where(and(eq(phaseData.teamId, teamId), eq(phaseData.phaseNumber, phaseNumber)))
    .limit(1);
  return row;
}

export async function listPhaseData(db: Database, teamId: string) {
  return db.select().from(phaseData).where(eq(phaseData.teamId, teamId)).orderBy(asc(phaseData.phaseNumber));
}

/** Each saved activity's version: what a page reconnecting to its workspace's events compares with. */
export async function listPhaseVersions(db: Database, teamId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ phaseNumber: phaseData.phaseNumber, version: phaseData.version })
    .from(phaseData)
    .where(eq(phaseData.teamId, teamId));
  return Object.fromEntries(rows.map((r) => [String(r.phaseNumber), r.version]));
}

/** The stored activity would outgrow its bound (the `phase_data_size` check). */
export function isAnswersTooLarge(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === '23514' && e.constraint === 'phase_data_size') return true;
    e = e.cause as typeof e;
  }
  return false;
}

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
type SavedFacts = { written: Fact[]; facts: Fact[] };

/**
 * Writes the named facts of a team in ONE statement: each is inserted, or its value replaced (an empty
 * string clears it), keeping `given_in` where the team already had the fact; the team's last activity is
 * touched and its current phase raised (never lowered) to the activity the facts were given in, as an
 * activity's save does. Saves of different facts sent together each write only their own rows, so both
 * survive. The answer also lists the facts this save did not name.
 *
 * A fact's `updated_at` grows with every save of it, in the order the saves landed, by at least a
 * millisecond (the precision pages compare): it is read from the clock once the row is locked, never from
 * the statement's start, so a page can tell which of two copies it holds is the later one.
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
      on conflict (team_id, fact_id) do update set value = excluded.value,
        updated_at = greatest(clock_timestamp(), f.updated_at + interval '1 millisecond')
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
