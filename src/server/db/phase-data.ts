import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { PhaseDataRecord } from '../../shared/schemas/phase-data.ts';
import type { Database } from './client.ts';
import { type PhaseDataRow, phaseData, sessions, teams } from './schema.ts';
import { hashToken } from './sessions.ts';

export function toPhaseDataRecord(row: PhaseDataRow): PhaseDataRecord {
  return {
    teamId: row.teamId,
    phaseNumber: row.phaseNumber,
    data: row.data,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type SavedRow = {
  team_id: string;
  phase_number: number;
  data: Record<string, unknown>;
  updated_at: string | Date;
};

/**
 * Saves a phase's answers (`dataJson`, serialised once by the route, which measures them in that form) and
 * raises (never lowers) the team's current phase, in ONE statement: the
 * upsert and the team update are data-modifying CTEs of a single query, atomic without a transaction and
 * one round trip instead of four (autosave is the hottest call). The upsert rides on the unique
 * (team, phase) constraint, so concurrent first saves make one row.
 */
export async function savePhaseData(
  db: Database,
  teamId: string,
  phaseNumber: number,
  dataJson: string,
): Promise<PhaseDataRecord> {
  // The owner is the team itself, so there is always a row.
  return (await upsertPhaseData(db, sql`select ${teamId}::uuid as team_id`, phaseNumber, dataJson))!;
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
  dataJson: string,
): Promise<PhaseDataRecord | undefined> {
  // The conditions of findTeamForSession (src/server/db/sessions.ts), narrowed to the named team.
  const owner = sql`
    select ${teams.id} as team_id from ${sessions} join ${teams} on ${teams.id} = ${sessions.teamId}
    where ${sessions.tokenHash} = ${hashToken(token)} and ${sessions.kind} = 'team'
      and ${sessions.expiresAt} > now() and ${teams.id} = ${teamId}::uuid`;
  return upsertPhaseData(db, owner, phaseNumber, dataJson);
}

/** Upserts the answers of the team `owner` selects (none: nothing is written and nothing returned). */
async function upsertPhaseData(
  db: Database,
  owner: SQL,
  phaseNumber: number,
  dataJson: string,
): Promise<PhaseDataRecord | undefined> {
  // Both drivers answer `{ rows }`; the handle's shared type does not say so.
  const result = (await db.execute(sql`
    with owner as (${owner}), saved as (
      insert into ${phaseData} (team_id, phase_number, data)
      select team_id, ${phaseNumber}, ${dataJson}::jsonb from owner
      on conflict (team_id, phase_number) do update set data = excluded.data, updated_at = now()
      returning team_id, phase_number, data, updated_at
    ), raised as (
      update ${teams} set current_phase = greatest(current_phase, ${phaseNumber}), updated_at = now()
      where id = (select team_id from owner)
    )
    select * from saved`)) as unknown as { rows: SavedRow[] };
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    teamId: row.team_id,
    phaseNumber: Number(row.phase_number),
    data: row.data,
    updatedAt: new Date(row.updated_at).toISOString(),
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
