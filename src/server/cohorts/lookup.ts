import { z } from 'zod';
import { cohortTagOf } from '../../shared/schemas/cohort.ts';
import type { Database } from '../db/client.ts';
import type { CohortRow } from '../db/schema.ts';
import { notFound } from '../lib/http-error.ts';
import { MESSAGES } from '../lib/messages.ts';
import { findCohortByTag } from './queries.ts';

/**
 * The parameters of every path that names a cohort. Any text passes: what it names is decided by
 * `cohortTag` (the tag's one rule, src/shared/schemas/cohort.ts), so text no cohort can have answers 404
 * like an unknown tag, never 400.
 */
export const CohortTagParams = z.object({ tag: z.string() });

/** The stored tag `text` names (case and surrounding spaces ignored), or 404 "Cohort not found.". */
export function cohortTag(text: string): string {
  const tag = cohortTagOf(text);
  if (tag === undefined) throw notFound(MESSAGES.cohortNotFound);
  return tag;
}

/**
 * The cohort routes' one look-up: the cohort a path names, or 404 "Cohort not found.". A route plugin makes
 * its own with `const loadCohort = cohortLoader(app.db)`.
 */
export function cohortLoader(db: Database): (text: string) => Promise<CohortRow> {
  return async (text) => {
    const cohort = await findCohortByTag(db, cohortTag(text));
    if (!cohort) throw notFound(MESSAGES.cohortNotFound);
    return cohort;
  };
}
