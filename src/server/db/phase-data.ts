import { and, asc, eq, sql } from 'drizzle-orm';
import type { PhaseDataRecord } from '../../shared/schemas/phase-data.ts';
import type { Database } from './client.ts';
import { type PhaseDataRow, phaseData, teams } from './schema.ts';

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
 * Saves a phase's answers and raises (never lowers) the team's current phase, in ONE statement: the
 * upsert and the team update are data-modifying CTEs of a single query, atomic without a transaction and
 * one round trip instead of four (autosave is the hottest call). The upsert rides on the unique
 * (team, phase) constraint, so concurrent first saves make one row.
 */
export async function savePhaseData(
  db: Database,
  teamId: string,
  phaseNumber: number,
  data: Record<string, unknown>,
): Promise<PhaseDataRecord> {
  // Both drivers answer `{ rows }`; the handle's shared type does not say so.
  const result = (await db.execute(sql`
    with saved as (
      insert into ${phaseData} (team_id, phase_number, data)
      values (${teamId}, ${phaseNumber}, ${JSON.stringify(data)}::jsonb)
      on conflict (team_id, phase_number) do update set data = excluded.data, updated_at = now()
      returning team_id, phase_number, data, updated_at
    ), raised as (
      update ${teams} set current_phase = greatest(current_phase, ${phaseNumber}), updated_at = now()
      where id = ${teamId}
    )
    select * from saved`)) as unknown as { rows: SavedRow[] };
  const row = result.rows[0]!;
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
