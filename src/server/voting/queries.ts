import { and, asc, count, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { ResultRow, ShowcaseTeam, Vote } from '../../shared/schemas/showcase.ts';
import { MAX_RANKS, orderResults, POINTS_BY_RANK } from '../../shared/scoring.ts';
import type { Database } from '../db/client.ts';
import { ballotEntries, ballots, cohorts, teams } from '../db/schema.ts';
import { isUniqueViolation } from '../teams/queries.ts';

/** The teams of a cohort as the showcase lists them, by name. */
export async function listShowcaseTeams(db: Database, tag: string): Promise<ShowcaseTeam[]> {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      avatarIcon: teams.avatarIcon,
      submittedWebsiteUrl: teams.submittedWebsiteUrl,
      // Whether it cast its ballot here, never how: the projector shows who has voted. A join (a team casts
      // one ballot at most), so every column is named with its table: in a correlated subquery of a one-table
      // select, "id" would have meant the ballot's own.
      voted: sql<boolean>`${ballots.id} is not null`,
    })
    .from(teams)
    .leftJoin(ballots, and(eq(ballots.voterTeamId, teams.id), eq(ballots.cohortTag, tag)))
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

/** What the voting rules look at, read inside the ballot's transaction with the rows held (FOR SHARE). */
export type BallotFacts = {
  cohort: { competitionEnabled: boolean; votingOpen: boolean; archived: boolean } | undefined;
  voter: { cohortTag: string | null; submitted: boolean } | undefined;
  /** The other submitted teams of the cohort: the ones that may be ranked. */
  eligibleTeamIds: string[];
};

/**
 * Records a team's ballot when `decide` (the voting rules, given the facts) finds nothing against it, in one
 * transaction that holds the cohort, the voter and the eligible teams (so the instructor cannot close voting
 * half-way through). "One ballot per team" is the unique constraint on `ballots.voter_team_id`: of two
 * simultaneous ballots the second insert fails, and is answered 'already-voted'.
 */
export async function recordBallot<Refusal>(
  db: Database,
  input: { tag: string; voterTeamId: string; votes: readonly Vote[] },
  decide: (facts: BallotFacts) => Refusal | undefined,
): Promise<
  { recorded: true } | { recorded: false; refusal: Refusal } | { recorded: false; alreadyVoted: true }
> {
  try {
    return await db.transaction(async (tx) => {
      const [cohort] = await tx
        .select({
          competitionEnabled: cohorts.competitionEnabled,
          votingOpen: cohorts.votingOpen,
          archived: sql<boolean>`${cohorts.archivedAt} is not null`,
        })
        .from(cohorts)
        .where(eq(cohorts.tag, input.tag))
        .for('share');
      const [voter] = await tx
        .select({
          cohortTag: teams.cohortTag,
          submitted: sql<boolean>`${teams.submittedWebsiteUrl} is not null`,
        })
        .from(teams)
        .where(eq(teams.id, input.voterTeamId))
        .for('share');
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
      const refusal = decide({ cohort, voter, eligibleTeamIds: eligible.map((team) => team.id) });
      if (refusal !== undefined) return { recorded: false as const, refusal };

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
      return { recorded: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'ballots_voter_team_unique')) {
      return { recorded: false, alreadyVoted: true };
    }
    throw error;
  }
}

const RANKS = Array.from({ length: MAX_RANKS }, (_, i) => (i + 1) as 1 | 2 | 3);

/**
 * The cohort's results in one aggregate over its ballots: points (3/2/1) and the count of each rank per
 * team, in the order of the ranking (`orderResults`: points, then 1st-place votes, then 2nd-place votes;
 * teams still equal share a place and are listed by name). A row is every team of the cohort, one nobody ranked at 0 points, and
 * any team ranked on a ballot of this cohort that has left it since (its votes still count). No ballots at
 * all means every row at 0 points ("No votes yet").
 */
export async function cohortResults(db: Database, tag: string): Promise<ResultRow[]> {
  const votes = db
    .select({ teamId: ballotEntries.votedForTeamId, rank: ballotEntries.rank })
    .from(ballotEntries)
    .innerJoin(ballots, eq(ballots.id, ballotEntries.ballotId))
    .where(eq(ballots.cohortTag, tag))
    .as('votes');
  // A team without votes joins one row with no rank: 0 points, no rank counted.
  const points = sql.join(
    [
      sql`sum(case ${votes.rank}`,
      ...RANKS.map(
        (rank) => sql`when ${sql.raw(String(rank))} then ${sql.raw(String(POINTS_BY_RANK[rank]))}`,
      ),
      sql`else 0 end)`,
    ],
    sql` `,
  );
  const rows = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      avatarIcon: teams.avatarIcon,
      websiteUrl: teams.submittedWebsiteUrl,
      totalPoints: sql<number>`${points}::int`,
      rank1: sql<number>`(count(*) filter (where ${votes.rank} = 1))::int`,
      rank2: sql<number>`(count(*) filter (where ${votes.rank} = 2))::int`,
      rank3: sql<number>`(count(*) filter (where ${votes.rank} = 3))::int`,
    })
    .from(teams)
    .leftJoin(votes, eq(votes.teamId, teams.id))
    .where(or(eq(teams.cohortTag, tag), isNotNull(votes.teamId)))
    .groupBy(teams.id);
  const results = rows.map((row) => ({
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
  return orderResults(results);
}
