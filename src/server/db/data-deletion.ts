import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from './client.ts';
import { ballots, cohorts, type TeamRow, teams } from './schema.ts';

/**
 * Deletes the team if it still has the name the caller confirmed. Its answers, its ballot, the votes cast
 * for it and its sessions go with it (foreign keys `on delete cascade`), in the same statement.
 */
export async function deleteTeamNamed(db: Database, id: string, name: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .delete(teams)
    .where(and(eq(teams.id, id), eq(teams.name, name)))
    .returning();
  return row;
}

export type CohortDeletion = { tag: string; name: string; teamsUnassigned: number; ballotsDeleted: number };

/**
 * Deletes an archived cohort (an active one is left alone: undefined). Its teams stay, in no cohort
 * (`on delete set null`); its ballots and their entries are deleted (`on delete cascade`). The cohort row
 * is locked first, so no team joins and no ballot lands between the counts and the deletion.
 */
export async function deleteArchivedCohort(db: Database, tag: string): Promise<CohortDeletion | undefined> {
  return db.transaction(async (tx) => {
    const [cohort] = await tx
      .select({ tag: cohorts.tag, name: cohorts.name })
      .from(cohorts)
      .where(and(eq(cohorts.tag, tag), isNotNull(cohorts.archivedAt)))
      .for('update');
    if (!cohort) return undefined;
    const [teamCount] = await tx.select({ n: count() }).from(teams).where(eq(teams.cohortTag, tag));
    const [ballotCount] = await tx.select({ n: count() }).from(ballots).where(eq(ballots.cohortTag, tag));
    await tx.delete(cohorts).where(eq(cohorts.tag, tag));
    return {
      tag: cohort.tag,
      name: cohort.name,
      teamsUnassigned: Number(teamCount?.n ?? 0),
      ballotsDeleted: Number(ballotCount?.n ?? 0),
    };
  });
}
