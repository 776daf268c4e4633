import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { ResultRow, ShowcaseTeam, Vote } from '../../shared/schemas/showcase.ts';
import { MAX_RANKS, POINTS_BY_RANK, validateBallot } from '../../shared/scoring.ts';
import type { Database } from './client.ts';
import { ballotEntries, ballots, cohorts, teams } from './schema.ts';
import { isUniqueViolation } from './teams.ts';

/** The teams of a cohort as the showcase lists them, by name. */
export async function listShowcaseTeams(db: Database, tag: string): Promise<ShowcaseTeam[]> {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      avatarIcon: teams.avatarIcon,
      submittedWebsiteUrl: teams.submittedWebsiteUrl,
    })
    .from(teams)
    .where(eq(teams.cohortTag, tag))
    .orderBy(sql`lower(${teams.name})`, asc(teams.name), asc(teams.id));
}

/** The ballot a team cast in a cohort, by rank; empty when it has not voted there. */
export async function findBallotVotes(db: Database, tag: string, voterTeamId: string): Promise<Vote[]> {
  return db
    .select({ voted_for_team_id: ballotEntries.votedForTeamId, rank: ballotEntries.rank })
    .from(ballotEntries)
    .innerJoin(ballots, eq(ballots.id, ballotEntries.ballotId))
    .where(and(eq(ballots.voterTeamId, voterTeamId), eq(ballots.cohortTag, tag)))
    .orderBy(asc(ballotEntries.rank));
}

/** "N of M teams voted", for the live classroom. */
export async function countBallots(
  db: Database,
  tag: string,
): Promise<{ ballotCount: number; teamCount: number }> {
  const [row] = await db
    .select({
      ballotCount: sql<number>`(select count(*) from ${ballots} where ${ballots.cohortTag} = ${tag})::int`,
      teamCount: count(),
    })
    .from(teams)
    .where(eq(teams.cohortTag, tag));
  return { ballotCount: Number(row?.ballotCount ?? 0), teamCount: Number(row?.teamCount ?? 0) };
}

export type CastBallotOutcome =
  | { ok: true; votes: Vote[] }
  | { ok: false; reason: 'closed' | 'not-voter' | 'invalid' | 'already-voted'; message: string };

export const VOTING_MESSAGES = {
  competitionDisabled: 'This cohort is running in showcase mode: there is no voting.',
  votingClosed: 'Voting is closed for this cohort.',
  notInCohort: 'Only teams of this cohort can vote in its showcase.',
  notSubmitted: 'Submit your own website before voting.',
  alreadyVoted: 'Your team has already voted.',
} as const;

/**
 * Casts a team's ballot. Every rule is checked inside one transaction that holds the cohort row (so the
 * instructor cannot close voting half-way through), and "one ballot per team" is left to the unique
 * constraint on `ballots.voter_team_id`: of two simultaneous ballots, the second insert fails and is
 * reported as already voted.
 */
export async function castBallot(
  db: Database,
  input: { tag: string; voterTeamId: string; votes: readonly Vote[] },
): Promise<CastBallotOutcome> {
  try {
    return await db.transaction(async (tx): Promise<CastBallotOutcome> => {
      const [cohort] = await tx
        .select({ competitionEnabled: cohorts.competitionEnabled, votingOpen: cohorts.votingOpen })
        .from(cohorts)
        .where(eq(cohorts.tag, input.tag))
        .for('share');
      if (!cohort?.competitionEnabled) {
        return { ok: false, reason: 'closed', message: VOTING_MESSAGES.competitionDisabled };
      }
      if (!cohort.votingOpen) return { ok: false, reason: 'closed', message: VOTING_MESSAGES.votingClosed };

      const [voter] = await tx
        .select({ cohortTag: teams.cohortTag, submittedWebsiteUrl: teams.submittedWebsiteUrl })
        .from(teams)
        .where(eq(teams.id, input.voterTeamId))
        .for('share');
      if (voter?.cohortTag !== input.tag) {
        return { ok: false, reason: 'not-voter', message: VOTING_MESSAGES.notInCohort };
      }
      if (!voter.submittedWebsiteUrl) {
        return { ok: false, reason: 'not-voter', message: VOTING_MESSAGES.notSubmitted };
      }

      const eligible = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(
          and(
            eq(teams.cohortTag, input.tag),
            isNotNull(teams.submittedWebsiteUrl),
            ne(teams.id, input.voterTeamId),
          ),
        )
        .for('share');
      const checked = validateBallot(input.votes, {
        voterTeamId: input.voterTeamId,
        eligibleTeamIds: eligible.map((team) => team.id),
      });
      if (!checked.ok) return { ok: false, reason: 'invalid', message: checked.message };

      const [ballot] = await tx
        .insert(ballots)
        .values({ cohortTag: input.tag, voterTeamId: input.voterTeamId })
        .returning({ id: ballots.id });
      await tx.insert(ballotEntries).values(
        input.votes.map((vote) => ({
          ballotId: ballot!.id,
          votedForTeamId: vote.voted_for_team_id,
          rank: vote.rank,
        })),
      );
      const votes = [...input.votes].sort((a, b) => a.rank - b.rank);
      return { ok: true, votes };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'ballots_voter_team_unique')) {
      return { ok: false, reason: 'already-voted', message: VOTING_MESSAGES.alreadyVoted };
    }
    throw error;
  }
}

const RANKS = Array.from({ length: MAX_RANKS }, (_, i) => (i + 1) as 1 | 2 | 3);
const pointsCase = sql.join(
  [
    sql`case ${ballotEntries.rank}`,
    ...RANKS.map((rank) => sql`when ${sql.raw(String(rank))} then ${sql.raw(String(POINTS_BY_RANK[rank]))}`),
    sql`else 0 end`,
  ],
  sql` `,
);

/**
 * The cohort's results in one aggregate over its ballots: points (3/2/1) and the count of each rank per
 * team, sorted by points, then name. A row is a team that received at least one vote on a ballot of this
 * cohort; teams nobody ranked are left out, so no ballots at all means no rows ("No votes yet").
 */
export async function cohortResults(db: Database, tag: string): Promise<ResultRow[]> {
  const rows = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      avatarIcon: teams.avatarIcon,
      websiteUrl: teams.submittedWebsiteUrl,
      totalPoints: sql<number>`sum(${pointsCase})::int`,
      rank1: sql<number>`(count(*) filter (where ${ballotEntries.rank} = 1))::int`,
      rank2: sql<number>`(count(*) filter (where ${ballotEntries.rank} = 2))::int`,
      rank3: sql<number>`(count(*) filter (where ${ballotEntries.rank} = 3))::int`,
    })
    .from(ballotEntries)
    .innerJoin(ballots, eq(ballots.id, ballotEntries.ballotId))
    .innerJoin(teams, eq(teams.id, ballotEntries.votedForTeamId))
    .where(eq(ballots.cohortTag, tag))
    .groupBy(teams.id)
    .orderBy(sql`sum(${pointsCase}) desc`, sql`lower(${teams.name})`, asc(teams.name), asc(teams.id));
  return rows.map((row) => ({
    teamId: row.teamId,
    teamName: row.teamName,
    avatarIcon: row.avatarIcon,
    websiteUrl: row.websiteUrl,
    totalPoints: Number(row.totalPoints),
    votes: [
      { rank: 1, count: Number(row.rank1) },
      { rank: 2, count: Number(row.rank2) },
      { rank: 3, count: Number(row.rank3) },
    ],
  }));
}
