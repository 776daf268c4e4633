import { and, asc, eq, sql } from 'drizzle-orm';
import { setTimeout as delay } from 'node:timers/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import { applySave, isRefused, planSave, type SaveRequest } from '../../shared/answer-merge.ts';
import {
  decodeText,
  type EncodedText,
  encodeText,
  mergeTextEdit,
  type TextEdit,
  type TextRefusal,
  writeWholeText,
} from '../../shared/shared-text.ts';
import { FACT_VALUE_MAX, type Fact } from '../../shared/schemas/facts.ts';
import type { PhaseDataRecord } from '../../shared/schemas/phase-data.ts';
import { hashToken, liveSessionSql } from '../auth/queries.ts';
import { OneAtATime } from '../lib/one-at-a-time.ts';
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
    ...(Object.keys(row.textState).length > 0 ? { text: row.textState } : {}),
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
  /** By text field merged: what the saving device lacks of its document (docs/decisions/051-...). */
  replies: Record<string, EncodedText>;
  /** By text field written: what the save added to its document, for every other open page. */
  deltas: Record<string, EncodedText>;
};

/** A save the store cannot merge: one of its text edits (named) cannot be read, or not merged. */
export class TextEditRefused extends Error {
  constructor(
    readonly refusal: TextRefusal,
    readonly field: string,
  ) {
    super(`text edit of ${field} refused: ${refusal}`);
  }
}

/** Saves of one activity that kept crossing: each merge found another save had landed first. */
export class SaveContended extends Error {}

/** A fact whose text, merged with what others typed, would pass the bound of one fact. */
export class FactTooLong extends Error {
  constructor(readonly field: string) {
    super(`fact ${field} too long`);
  }
}

/**
 * Which instance saves: its id when other instances may listen (PostgreSQL,
 * src/server/live/postgres-event-bus.ts), so the save finds out whether any of them needs telling; null when
 * this is the only one.
 */
export type SaveContext = { instance: string | null };

type SavedRow = {
  /** False when the save was not made: a field it writes has a document, so it is merged (`mergeSave`). */
  saved: boolean;
  team_id: string;
  phase_number: number;
  data: Record<string, unknown>;
  version: number;
  updated_at: string | Date;
  written: string[] | null;
  team_page_elsewhere: boolean;
  admin_stream_elsewhere: boolean;
};

/** Whether another instance needs telling of a save of team `saved.team_id` ($7: this instance, or null). */
const ELSEWHERE = `
      $7::text is not null and exists (
        select 1 from presence pr where pr.team_id = saved.team_id and pr.instance <> $7::text
          and pr.seen_at > now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})) as team_page_elsewhere,
      $7::text is not null and exists (
        select 1 from admin_listeners al where al.instance <> $7::text
          and al.seen_at > now() - make_interval(secs => ${ADMIN_LISTENER_TTL_SECONDS})) as admin_stream_elsewhere`;

/** Raises (never lowers) the team's current phase to $1, the activity saved. */
const RAISED = `raised as (
      update teams set current_phase = greatest(current_phase, $1::smallint), updated_at = now()
      where id = (select team_id from owner)
    )`;

/**
 * The save, merged field by field (the rule: src/shared/answer-merge.ts, `planSave`). Parameters: $1 phase,
 * $2 the values to write, $3 their first versions, $4 fields to remove, $5 every field the save names, $6
 * the base version (null: no limit), $7 this instance's id (null: the only instance), then the owner's
 * parameters. A field the save names whose text has a document is not written here: the statement then
 * changes nothing and answers `saved` false, and the save is merged in code (`mergeSave`). It also says
 * whether another instance needs telling, from the rows that say where streams are open: a page of the team
 * (presence), an instructor's progress stream (admin_listeners). The events themselves are built in
 * TypeScript from the shared schemas (src/server/phase-data/routes.ts), never here.
 */
const saveStatement = (name: string, owner: Owner) => ({
  name,
  text: `
    with owner as (${owner(8)}), saved as (
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
      where not (p.text_state ?| array(select jsonb_array_elements_text($5::jsonb)))
      returning team_id, phase_number, data, version, updated_at,
        array(select key from jsonb_each_text(field_versions) where value::int = version) as written
    ), ${RAISED}
    select saved.team_id is not null as saved, saved.*, ${ELSEWHERE}
    from owner left join saved on true`,
});

/** The stored activity of the owner's team, for a save merged in code. $1 phase, then the owner's parameters. */
const readStatement = (name: string, owner: Owner) => ({
  name,
  text: `
    with owner as (${owner(2)})
    select owner.team_id, p.data, p.version, p.field_versions, p.text_state
    from owner left join phase_data p on p.team_id = owner.team_id and p.phase_number = $1::smallint`,
});

/**
 * A save merged in code, written only over the version it was merged with: $1 phase, $2 the answers, $3
 * their version, $4 the field versions, $5 the documents, $6 the version read (0: none yet), $7 this
 * instance's id, then the owner's parameters. No row: another save landed first (merge again), or the owner
 * is gone.
 */
const writeStatement = (name: string, owner: Owner) => ({
  name,
  text: `
    with owner as (${owner(8)}), saved as (
      insert into phase_data as p (team_id, phase_number, data, version, field_versions, text_state)
      select team_id, $1::smallint, $2::jsonb, $3::int, $4::jsonb, $5::jsonb from owner
      on conflict (team_id, phase_number) do update set
        data = excluded.data,
        version = excluded.version,
        field_versions = excluded.field_versions,
        text_state = excluded.text_state,
        updated_at = now()
      where p.version = $6::int
      returning team_id, phase_number, data, version, updated_at
    ), ${RAISED}
    select true as saved, saved.*, null::text[] as written, ${ELSEWHERE}
    from saved`,
});

/**
 * Who owns a save, as a query of its team's id from the statement's parameters (the first one named, and
 * for a session the next): a live team session (its token's hash) of the named team, the one definition
 * rendered into the text; or the team itself, whose access was checked before.
 */
type Owner = (first: number) => string;
const TEAM_SESSION_OWNER: Owner = (first) => `select sessions.team_id from sessions
   where ${new PgDialect().sqlToQuery(liveSessionSql('team', sql.raw(`$${first}`))).sql}
     and sessions.team_id = $${first + 1}::uuid`;
const TEAM_OWNER: Owner = (first) => `select $${first}::uuid as team_id`;

/** The statements of a save, by who owns it: a live session of the team, or the team itself (checked before). */
type SaveStatements = { save: PreparedStatement; read: PreparedStatement; write: PreparedStatement };
const FOR_TEAM_SESSION: SaveStatements = {
  save: saveStatement('save_phase_data_for_team_session', TEAM_SESSION_OWNER),
  read: readStatement('read_phase_data_for_team_session', TEAM_SESSION_OWNER),
  write: writeStatement('write_phase_data_for_team_session', TEAM_SESSION_OWNER),
};
const FOR_TEAM: SaveStatements = {
  save: saveStatement('save_phase_data', TEAM_OWNER),
  read: readStatement('read_phase_data', TEAM_OWNER),
  write: writeStatement('write_phase_data', TEAM_OWNER),
};

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
  return (await upsertPhaseData(database, FOR_TEAM, [teamId], teamId, phaseNumber, save, context))!;
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
  return upsertPhaseData(database, FOR_TEAM_SESSION, owner, teamId, phaseNumber, save, context);
}

/**
 * Merges in code of one activity (or one fact) run one at a time on an instance, so devices of a team on
 * one instance never cross; saves crossing from another instance retry this often, each after a short
 * random pause that grows, before the save is refused (503).
 */
const MERGE_ATTEMPTS = 8;
const merges = new OneAtATime();

/** The pause before merge attempt `attempt` (1, 2, ...) starts again: random, up to 2^attempt ms. */
const pauseBefore = (attempt: number) => delay(Math.random() * 2 ** attempt);

async function upsertPhaseData(
  database: DatabaseHandle,
  statements: SaveStatements,
  owner: unknown[],
  teamId: string,
  phaseNumber: number,
  save: SaveRequest,
  context: SaveContext,
): Promise<SavedAnswers | undefined> {
  if (!save.text || Object.keys(save.text).length === 0) {
    const { values, removed, baseVersion } = planSave(save);
    const named = [...Object.keys(values), ...removed];
    const [row] = await database.run<SavedRow>(statements.save, [
      phaseNumber,
      JSON.stringify(values),
      JSON.stringify(Object.fromEntries(named.map((id) => [id, 1]))),
      JSON.stringify(removed),
      JSON.stringify(named),
      baseVersion,
      context.instance,
      ...owner,
    ]);
    if (!row) return undefined;
    if (row.saved) return savedAnswers(row, row.written ?? [], {}, {});
  }
  return merges.run(`answers:${teamId}:${phaseNumber}`, () =>
    mergeSave(database, statements, owner, phaseNumber, save, context),
  );
}

type ReadRow = {
  team_id: string;
  data: Record<string, unknown> | null;
  version: number | null;
  field_versions: Record<string, number> | null;
  text_state: Record<string, string> | null;
};

/**
 * A save that merges text (or writes a field whose text has a document): the stored activity is read, the
 * save applied to it in code (`applySave`, src/shared/answer-merge.ts), and the result written only if no
 * other save landed meanwhile; else read and merged again. Two round trips, no lock held between them.
 */
async function mergeSave(
  database: DatabaseHandle,
  statements: SaveStatements,
  owner: unknown[],
  phaseNumber: number,
  save: SaveRequest,
  context: SaveContext,
): Promise<SavedAnswers | undefined> {
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    if (attempt > 0) await pauseBefore(attempt);
    const [read] = await database.run<ReadRow>(statements.read, [phaseNumber, ...owner]);
    if (!read) return undefined;
    const stored =
      read.version === null
        ? undefined
        : {
            data: read.data ?? {},
            version: Number(read.version),
            fieldVersions: read.field_versions ?? {},
            text: read.text_state ?? {},
          };
    const applied = applySave(stored, save);
    if (isRefused(applied)) throw new TextEditRefused(applied.refused, applied.field);
    const { record } = applied;
    const [row] = await database.run<SavedRow>(statements.write, [
      phaseNumber,
      JSON.stringify(record.data),
      record.version,
      JSON.stringify(record.fieldVersions),
      JSON.stringify(record.text),
      stored?.version ?? 0,
      context.instance,
      ...owner,
    ]);
    if (row) return savedAnswers(row, applied.written, applied.replies, applied.deltas);
  }
  throw new SaveContended();
}

function savedAnswers(
  row: SavedRow,
  written: string[],
  replies: Record<string, EncodedText>,
  deltas: Record<string, EncodedText>,
): SavedAnswers {
  return {
    record: {
      teamId: row.team_id,
      phaseNumber: Number(row.phase_number),
      data: row.data,
      updatedAt: new Date(row.updated_at).toISOString(),
      version: Number(row.version),
    },
    written,
    elsewhere: {
      teamPage: row.team_page_elsewhere === true,
      adminStream: row.admin_stream_elsewhere === true,
    },
    replies,
    deltas,
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

export function toFact(
  row: Pick<TeamFactRow, 'factId' | 'value' | 'givenIn' | 'updatedAt'> & { textState?: string | null },
): Fact {
  return {
    id: row.factId,
    value: row.value,
    givenIn: Number(row.givenIn),
    updatedAt: new Date(row.updatedAt).toISOString(),
    ...(row.textState ? { text: row.textState } : {}),
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
  text_state: string | null;
  written: boolean;
};

/** A save's outcome: the facts it wrote, as now stored, and every fact the team holds. */
type SavedFacts = { written: Fact[]; facts: Fact[] };

const factOfRow = (row: FactRowJson) =>
  toFact({
    factId: row.fact_id,
    value: row.value,
    givenIn: row.given_in,
    updatedAt: new Date(row.updated_at),
    textState: row.text_state,
  });

/**
 * Writes the named facts of a team: each is inserted, or its value replaced (an empty string clears it),
 * keeping `given_in` where the team already had the fact; the team's last activity is touched and its
 * current phase raised (never lowered) to the activity the facts were given in, as an activity's save does.
 * Saves of different facts sent together each write only their own rows, so both survive. The answer also
 * lists the facts this save did not name.
 *
 * Values are written in ONE statement, except a fact whose text has a document and every text edit
 * (`text`): those are merged in code (`mergeFact`, docs/decisions/051-text-typed-together-merges.md).
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
  text: Readonly<Record<string, TextEdit>> = {},
): Promise<SavedFacts> {
  const plain = Object.fromEntries(Object.entries(values).filter(([id]) => !Object.hasOwn(text, id)));
  const result = (await db.execute(sql`
    with written as (
      insert into ${teamFacts} as f (team_id, fact_id, value, given_in)
      select ${teamId}::uuid, v.key, v.value, ${givenIn}::smallint from jsonb_each_text(${JSON.stringify(plain)}::jsonb) v
      on conflict (team_id, fact_id) do update set value = excluded.value,
        updated_at = greatest(clock_timestamp(), f.updated_at + interval '1 millisecond')
      where f.text_state is null
      returning f.fact_id, f.value, f.given_in, f.updated_at, f.text_state
    ), touched as (
      update teams set updated_at = now(), current_phase = greatest(current_phase, ${givenIn}::smallint)
      where id = ${teamId}::uuid
    )
    select fact_id, value, given_in, updated_at, text_state, true as written from written
    union all
    select fact_id, value, given_in, updated_at, text_state, false as written from ${teamFacts}
    where team_id = ${teamId}::uuid and fact_id not in (select fact_id from written)
  `)) as unknown as { rows: FactRowJson[] };
  const written = new Map(result.rows.filter((r) => r.written).map((r) => [r.fact_id, factOfRow(r)]));
  const others = new Map(result.rows.filter((r) => !r.written).map((r) => [r.fact_id, factOfRow(r)]));
  // Values of facts with a document (not written above), and text edits: merged one fact at a time.
  const merging = [...Object.keys(plain).filter((id) => !written.has(id)), ...Object.keys(text)];
  for (const id of new Set(merging)) {
    const change = text[id] ?? { value: values[id] ?? '' };
    const fact = await merges.run(`fact:${teamId}:${id}`, () => mergeFact(db, teamId, id, givenIn, change));
    written.set(id, fact);
    others.delete(id);
  }
  const facts = [...written.values(), ...others.values()].sort((a, b) => a.id.localeCompare(b.id));
  return { written: [...written.values()].sort((a, b) => a.id.localeCompare(b.id)), facts };
}

type FactReadRow = { value: string; given_in: number; text_state: string | null; updated_at: string };

/**
 * One fact's text edit merged into its document, or a whole value written over a fact that has one: read,
 * merged in code, written only over the copy read (its `updated_at`, read as text to the microsecond); else
 * read and merged again.
 */
async function mergeFact(
  db: Database,
  teamId: string,
  id: string,
  givenIn: number,
  change: TextEdit | { value: string },
): Promise<Fact> {
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    if (attempt > 0) await pauseBefore(attempt);
    const read = (await db.execute(sql`
      select value, given_in, text_state, updated_at::text as updated_at from ${teamFacts}
      where team_id = ${teamId}::uuid and fact_id = ${id}
    `)) as unknown as { rows: FactReadRow[] };
    const stored = read.rows[0];
    const state = stored?.text_state ? decodeText(stored.text_state) : undefined;
    let next: { value: string; state: Uint8Array | undefined };
    if ('value' in change) {
      next = state
        ? { value: change.value, state: writeWholeText(state, stored?.value ?? '', change.value).state }
        : { value: change.value, state: undefined };
    } else {
      let merged: ReturnType<typeof mergeTextEdit>;
      try {
        merged = mergeTextEdit(state, stored?.value ?? '', {
          update: decodeText(change.update),
          sv: decodeText(change.sv),
        });
      } catch {
        merged = 'unreadable';
      }
      if (typeof merged === 'string') throw new TextEditRefused(merged, id);
      next = { value: merged.value, state: merged.state };
    }
    if (next.value.length > FACT_VALUE_MAX) throw new FactTooLong(id);
    const encoded = next.state ? encodeText(next.state) : null;
    const result = (await db.execute(sql`
      insert into ${teamFacts} as f (team_id, fact_id, value, given_in, text_state)
      values (${teamId}::uuid, ${id}, ${next.value}, ${givenIn}::smallint, ${encoded})
      on conflict (team_id, fact_id) do update set value = excluded.value, text_state = excluded.text_state,
        updated_at = greatest(clock_timestamp(), f.updated_at + interval '1 millisecond')
      where f.updated_at = ${stored?.updated_at ?? null}::timestamptz
      returning fact_id, value, given_in, updated_at, text_state, true as written
    `)) as unknown as { rows: FactRowJson[] };
    const row = result.rows[0];
    if (row) return factOfRow(row);
  }
  throw new SaveContended();
}
