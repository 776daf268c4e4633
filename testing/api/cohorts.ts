import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cohorts, teams } from '../../src/server/db/schema.ts';
import { createTeamSession, type Member } from './test-app.ts';

export type CohortSwitches = Partial<{
  competitionEnabled: boolean;
  votingOpen: boolean;
  resultsVisible: boolean;
}>;

/**
 * A cohort named `Cohort <tag>` with the given switches, written to the table directly: the admin cohort
 * calls have tests of their own.
 */
export async function createCohort(app: FastifyInstance, tag: string, switches: CohortSwitches = {}) {
  await app.db.insert(cohorts).values({ tag, name: `Cohort ${tag}`, ...switches });
}

/** Teams (each with its session) in the cohort; the first `submitted` of them have a website. */
export async function createCohortMembers(
  app: FastifyInstance,
  tag: string,
  names: string[],
  submitted = names.length,
): Promise<Member[]> {
  const members: Member[] = [];
  for (const [i, name] of names.entries()) {
    const member = await createTeamSession(app, name);
    await app.db
      .update(teams)
      .set({
        cohortTag: tag,
        submittedWebsiteUrl:
          i < submitted ? `https://${name.toLowerCase().replace(/\W+/g, '-')}.example` : null,
      })
      .where(eq(teams.id, member.team.id));
    members.push(member);
  }
  return members;
}
