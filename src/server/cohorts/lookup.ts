import type { Database } from '../db/client.ts';
import { findCohortByTag } from './queries.ts';
import type { CohortRow } from '../db/schema.ts';
import { notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';

/**
 * The cohort routes' one look-up: a cohort by its tag, or 404 "Cohort not found.". A route plugin makes
 * its own with `const loadCohort = cohortLoader(app.db)`.
 */
export function cohortLoader(db: Database): (tag: string) => Promise<CohortRow> {
  return async (tag) => {
    const cohort = await findCohortByTag(db, tag);
    if (!cohort) throw notFound(MESSAGES.cohortNotFound);
    return cohort;
  };
}
