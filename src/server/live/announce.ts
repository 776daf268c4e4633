import type { FastifyInstance } from 'fastify';
import { countBallots } from '../voting/queries.ts';

/**
 * "N of M teams voted": the open showcase and results pages of the cohort hear its ballot and team counts
 * again after anything that changes them (a ballot, a website, a team joining, leaving or deleted). The
 * change itself has landed; a failed broadcast only leaves the count behind until the next one.
 */
export async function announceCounts(app: FastifyInstance, tag: string): Promise<void> {
  try {
    await app.cohortEvents.publish(tag, { type: 'ballots', ...(await countBallots(app.db, tag)) });
  } catch (error) {
    app.log.warn({ err: error }, 'ballot count not published');
  }
}
