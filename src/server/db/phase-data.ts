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

/**
 * Saves a phase's answers and raises the team's current phase, in one transaction. The upsert rides on the
 * unique (team, phase) constraint, so concurrent first saves make one row.
 */
export async function savePhaseData(
  db: Database,
  teamId: string,
  phaseNumber: number,
  data: Record<string, unknown>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(phaseData)
      .values({ teamId, phaseNumber, data })
      .onConflictDoUpdate({
        target: [phaseData.teamId, phaseData.phaseNumber],
        set: { data, updatedAt: sql`now()` },
      })
      .returning();
    await tx
      .update(teams)
      .set({ currentPhase: sql`greatest(${teams.currentPhase}, ${phaseNumber})`, updatedAt: sql`now()` })
      .where(eq(teams.id, teamId));
    return row!;
  });
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
