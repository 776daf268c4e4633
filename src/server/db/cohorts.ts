import { eq } from 'drizzle-orm';
import type { Cohort } from '../../shared/schemas/cohort.ts';
import type { Database } from './client.ts';
import { type CohortRow, cohorts } from './schema.ts';

export function toCohort(row: CohortRow): Cohort {
  return {
    tag: row.tag,
    name: row.name,
    description: row.description,
    competitionEnabled: row.competitionEnabled,
    votingOpen: row.votingOpen,
    resultsVisible: row.resultsVisible,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    revealedAt: row.revealedAt ? row.revealedAt.toISOString() : null,
  };
}

export async function findCohortByTag(db: Database, tag: string): Promise<CohortRow | undefined> {
  const [row] = await db.select().from(cohorts).where(eq(cohorts.tag, tag.trim().toLowerCase())).limit(1);
  return row;
}
