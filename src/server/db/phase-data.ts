import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { planSave, type SaveRequest } from '../../shared/answer-merge.ts';
import type { PhaseDataRecord } from '../../shared/schemas/phase-data.ts';
import type { NotifyTarget } from '../lib/live-events.ts';
import type { Database } from './client.ts';
import { type PhaseDataRow, phaseData, sessions, teams } from './schema.ts';
import { hashToken } from './sessions.ts';

export function toPhaseDataRecord(row: PhaseDataRow): PhaseDataRecord {
  return {
    teamId: row.teamId,
    phaseNumber: row.phaseNumber,
    data: row.data,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A save's outcome: the merged record, and the fields this save wrote (the others' answers stayed). */
export type SavedAnswers = { record: PhaseDataRecord; written: string[] };

/** What a save carries besides the answers: which page sent it, and where to NOTIFY other instances. */
export type SaveContext = { clientId: string | null; notify: NotifyTarget | undefined };

type SavedRow = {
  team_id: string;
  phase_number: number;
  data: Record<string, unknown>;
  version: number;
  updated_at: string | Date;
  written: string[] | null;
};

/**
 * Saves one activity's answers, merged field by field with what other devices saved (the rule:
 * src/shared/answer-merge.ts), and raises (never lowers) the team's current phase, in ONE statement: the
 * upsert and the team update are data-modifying CTEs of a single query, atomic without a transaction and
 * one round trip (autosave is the hottest call). Concurrent saves of one activity queue on its row (the
 * upsert locks it, and a concurrent first save turns into an update of the row the other inserted), so
 * each merges into the other's result. On PostgreSQL the same statement NOTIFYs the other app instances.
 */
export async function savePhaseData(
  db: Database,
  teamId: string,
  phaseNumber: number,
  save: SaveRequest,
  context: SaveContext,
): Promise<SavedAnswers> {
  // The owner is the team itself, so there is always a row.
  return (await upsertPhaseData(db, sql`select ${teamId}::uuid as team_id`, phaseNumber, save, context))!;
}

/**
 * The same save, made only when `token` is a live team session of team `teamId`; undefined (nothing
 * written) otherwise. Autosave's common case, a team saving its own answers, then takes one round trip
 * instead of two (the session look-up joins the save); the session is still read from the database on
 * every call, so a logout ends it everywhere at once.
 */
export async function savePhaseDataForTeamSession(
  db: Database,
  token: string,
  teamId: string,
  phaseNumber: number,
  save: SaveRequest,
  context: SaveContext,
): Promise<SavedAnswers | undefined> {
  // The conditions of findTeamForSession (src/server/db/sessions.ts), narrowed to the named team.
  const owner = sql`
    select ${teams.id} as team_id from ${sessions} join ${teams} on ${teams.id} = ${sessions.teamId}
    where ${sessions.tokenHash} = ${hashToken(token)} and ${sessions.kind} = 'team'
      and ${sessions.expiresAt} > now() and ${teams.id} = ${teamId}::uuid`;
  return upsertPhaseData(db, owner, phaseNumber, save, context);
}

/** Upserts the answers of the team `owner` selects (none: nothing is written and nothing returned). */
async function upsertPhaseData(
  db: Database,
  owner: SQL,
  phaseNumber: number,
  save: SaveRequest,
  { clientId, notify }: SaveContext,
): Promise<SavedAnswers | undefined> {
  const { values, removed, baseVersion } = planSave(save);
  const candidates = [...Object.keys(values), ...removed];
  // A field may be written when the save is not limited to a base version, or nobody wrote it since.
  const writable = (field: SQL) =>
    sql`(${baseVersion}::int is null or coalesce((p.field_versions ->> ${field})::int, 0) <= ${baseVersion}::int)`;
  const firstVersions = Object.fromEntries(candidates.map((id) => [id, 1]));
  // Lists travel as one JSON parameter: both drivers take it the same way (a JS array would be spread).
  const list = (ids: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  // Other instances hear of the save from this statement itself; the payload stays under NOTIFY's 8000
  // bytes by leaving the values out when they would not fit (the pages then read the activity again).
  const notified = notify
    ? sql`, event as (
        select jsonb_build_object('type', 'answers', 'teamId', team_id, 'phaseNumber', phase_number,
          'version', version, 'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'clientId', ${clientId}::text, 'changed', to_jsonb(coalesce(written, '{}'::text[])),
          'values', (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(data)
                     where key = any(written))) as body
        from saved
      ), notice as (
        select pg_notify(${notify.channel}, case
          when octet_length(n.full::text) < 7800 then n.full::text
          else (n.full #- '{event,values}')::text end)
        from (select jsonb_build_object('origin', ${notify.origin}::text,
                'channel', 'team:' || (select team_id from saved), 'event', body) as full from event) n
      )`
    : sql``;
  // Both drivers answer `{ rows }`; the handle's shared type does not say so.
  const result = (await db.execute(sql`
    with owner as (${owner}), saved as (
      insert into ${phaseData} as p (team_id, phase_number, data, version, field_versions)
      select team_id, ${phaseNumber}, ${JSON.stringify(values)}::jsonb, 1, ${JSON.stringify(firstVersions)}::jsonb
      from owner
      on conflict (team_id, phase_number) do update set
        data = (p.data - ${list(removed)}) || (
          select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
          from jsonb_each(excluded.data) e where ${writable(sql`e.key`)}),
        field_versions = p.field_versions || (
          select coalesce(jsonb_object_agg(k, p.version + 1), '{}'::jsonb)
          from unnest(${list(candidates)}) k where ${writable(sql`k`)}),
        version = p.version + 1,
        updated_at = now()
      returning team_id, phase_number, data, version, updated_at,
        array(select key from jsonb_each_text(field_versions) where value::int = version) as written
    ), raised as (
      update ${teams} set current_phase = greatest(current_phase, ${phaseNumber}), updated_at = now()
      where id = (select team_id from owner)
    )${notified}
    select saved.*${notify ? sql`, (select count(*) from notice) as notices` : sql``} from saved`)) as unknown as {
    rows: SavedRow[];
  };
  const row = result.rows[0];
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
