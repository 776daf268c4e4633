import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type AdminCohort,
  type Cohort,
  type CohortSwitch,
  type CohortTeamRef,
  ROOM_CODE_LENGTH,
} from '../../shared/schemas/cohort.ts';
import { NO_PACE, type Pace, type PaceState, type UpdatePaceBody } from '../../shared/schemas/pace.ts';
import { STANDARD_TEAM_PROGRAMME } from '../../shared/schemas/programmes.ts';
import type { Database } from '../db/client.ts';
import { ballots, type CohortRow, cohorts, programmeVersions, teams } from '../db/schema.ts';
import { keepAvatarsDistinct } from '../teams/cohort-avatars.ts';
import { isUniqueViolation } from '../teams/queries.ts';

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
    revealStep: row.revealStep,
    revealHeld: row.revealHeld,
    joiningOpen: row.joiningOpen,
  };
}

type PaceColumns = Pick<CohortRow, 'paceMessage' | 'pacePhase' | 'paceEndsAt'>;

export function toPace(row: PaceColumns): Pace {
  return {
    message: row.paceMessage,
    phase: row.pacePhase,
    endsAt: row.paceEndsAt ? row.paceEndsAt.toISOString() : null,
  };
}

/**
 * The database's clock now, in milliseconds: a countdown's end is set by it, so the `now` sent beside a
 * pace is read from it too (several app instances may disagree with it, and with each other).
 */
const databaseNowMs = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`;
const isoOf = (millis: number | string) => new Date(Number(millis)).toISOString();

/** The cohort with this stored tag (src/server/cohorts/lookup.ts reads a tag from a path). */
export async function findCohortByTag(db: Database, tag: string): Promise<CohortRow | undefined> {
  const [row] = await db.select().from(cohorts).where(eq(cohorts.tag, tag)).limit(1);
  return row;
}

/** The teams of a group matching `where`, as `[{id, name}]` in name order (an empty list for none). */
function teamRefsWhere(where: SQL) {
  return sql<CohortTeamRef[]>`coalesce(
    jsonb_agg(jsonb_build_object('id', ${teams.id}, 'name', ${teams.name})
      order by lower(${teams.name}), ${teams.name}, ${teams.id}) filter (where ${where}),
    '[]'::jsonb)`;
}

/**
 * Cohorts (active or archived) with their team, submission and ballot counts, and the teams that have not
 * voted or not submitted a website yet: one aggregate query.
 */
export async function listCohortsForAdmin(db: Database, archived: boolean): Promise<AdminCohort[]> {
  const teamCounts = db
    .select({
      cohortTag: teams.cohortTag,
      teamCount: count().as('team_count'),
      submittedCount: count(teams.submittedWebsiteUrl).as('submitted_count'),
      notVoted: teamRefsWhere(
        sql`not exists (select 1 from ${ballots} b where b.voter_team_id = ${teams.id} and b.cohort_tag = ${teams.cohortTag})`,
      ).as('not_voted'),
      missingWebsite: teamRefsWhere(sql`${teams.submittedWebsiteUrl} is null`).as('missing_website'),
    })
    .from(teams)
    .where(isNotNull(teams.cohortTag))
    .groupBy(teams.cohortTag)
    .as('team_counts');
  const ballotCounts = db
    .select({ cohortTag: ballots.cohortTag, ballotCount: count().as('ballot_count') })
    .from(ballots)
    .groupBy(ballots.cohortTag)
    .as('ballot_counts');
  const rows = await db
    .select({
      cohort: cohorts,
      teamCount: teamCounts.teamCount,
      submittedCount: teamCounts.submittedCount,
      ballotCount: ballotCounts.ballotCount,
      notVoted: teamCounts.notVoted,
      missingWebsite: teamCounts.missingWebsite,
      clock: databaseNowMs,
      programmeVersion: programmeVersions.version,
      switchedOff: programmeVersions.switchedOff,
    })
    .from(cohorts)
    .leftJoin(teamCounts, eq(teamCounts.cohortTag, cohorts.tag))
    .leftJoin(ballotCounts, eq(ballotCounts.cohortTag, cohorts.tag))
    // What its teams run: the programme's newest version (none: the standard).
    .leftJoin(
      programmeVersions,
      and(
        eq(programmeVersions.programmeId, cohorts.programmeId),
        eq(
          programmeVersions.version,
          sql`(select max(pv.version) from ${programmeVersions} pv where pv.programme_id = ${cohorts.programmeId})`,
        ),
      ),
    )
    .where(archived ? isNotNull(cohorts.archivedAt) : isNull(cohorts.archivedAt))
    .orderBy(archived ? desc(cohorts.archivedAt) : desc(cohorts.createdAt), asc(cohorts.tag));
  return rows.map((row) => ({
    ...toCohort(row.cohort),
    teamCount: Number(row.teamCount ?? 0),
    submittedCount: Number(row.submittedCount ?? 0),
    ballotCount: Number(row.ballotCount ?? 0),
    notVoted: row.notVoted ?? [],
    missingWebsite: row.missingWebsite ?? [],
    joinCode: row.cohort.joinCode,
    roomCode: row.cohort.roomCode,
    pace: toPace(row.cohort),
    clock: isoOf(row.clock),
    programme:
      row.cohort.programmeId && row.programmeVersion
        ? {
            programmeId: row.cohort.programmeId,
            version: row.programmeVersion,
            switchedOff: row.switchedOff ?? [],
          }
        : STANDARD_TEAM_PROGRAMME,
  }));
}

export class CohortTagTakenError extends Error {}

/** The unique constraint decides: two instructors racing for one tag get one cohort and one 409. */
export async function createCohort(
  db: Database,
  values: { tag: string; name: string; description?: string; programmeId?: string | null },
): Promise<CohortRow> {
  // The room code (6 characters: 2^24 codes) is drawn by the database; a draw another cohort holds is drawn
  // again. The join code's 48 bits never collide in practice (decision 035).
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await db
        .insert(cohorts)
        .values({
          tag: values.tag,
          name: values.name,
          description: values.description ?? '',
          programmeId: values.programmeId ?? null,
        })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error, 'cohorts_tag_unique')) throw new CohortTagTakenError(values.tag);
      if (isUniqueViolation(error, 'cohorts_room_code_unique') && attempt < ROOM_CODE_DRAWS) continue;
      throw error;
    }
  }
}

/** How often a new cohort draws its room code before giving up (each draw collides with at most n/2^24). */
const ROOM_CODE_DRAWS = 5;

/**
 * Sets one switch; the others stay as they are (so a second instructor's click is never undone). Hiding
 * the results again also takes back the room's reveal.
 */
export async function setCohortSwitch(
  db: Database,
  tag: string,
  name: CohortSwitch,
  value: boolean,
): Promise<CohortRow | undefined> {
  const hidesResults = name === 'resultsVisible' && !value;
  const [row] = await db
    .update(cohorts)
    .set({ [name]: value, ...(hidesResults ? { revealedAt: null, revealStep: 0 } : {}) })
    .where(eq(cohorts.tag, tag))
    .returning();
  return row;
}

type RevealOutcome =
  | { outcome: 'started'; cohort: CohortRow }
  | { outcome: 'already'; cohort: CohortRow }
  | { outcome: 'hidden'; cohort: CohortRow }
  | { outcome: 'unknown' };

/**
 * Moves the room's reveal to `step` (1 3rd place, 2 2nd, 3 1st, 4 the leaderboard: all of it), starting it
 * (now as the cohort's reveal time) at its first step. Only while the results are released, and only
 * forward: a press for a step already reached (a second press, or two instructors pressing together: the
 * row lock queues them, and the second finds the step reached) gets the stored state back, and 'already'
 * says it changed nothing.
 */
export async function revealCohort(db: Database, tag: string, step: number): Promise<RevealOutcome> {
  // A second pass only when the cohort changed between the two statements (hidden, then released again).
  for (let attempt = 0; attempt < 3; attempt++) {
    const [started] = await db
      .update(cohorts)
      .set({ revealedAt: sql`coalesce(${cohorts.revealedAt}, now())`, revealStep: step })
      .where(and(eq(cohorts.tag, tag), eq(cohorts.resultsVisible, true), lt(cohorts.revealStep, step)))
      .returning();
    if (started) return { outcome: 'started', cohort: started };
    const [current] = await db.select().from(cohorts).where(eq(cohorts.tag, tag)).limit(1);
    if (!current) return { outcome: 'unknown' };
    if (!current.resultsVisible) return { outcome: 'hidden', cohort: current };
    if (current.revealStep >= step) return { outcome: 'already', cohort: current };
  }
  throw new Error('the cohort kept changing while its reveal started');
}

/** An instructor takes the reveal to the big screen; 'already' when it was there. Undefined: no cohort. */
export async function holdCohortReveal(
  db: Database,
  tag: string,
): Promise<{ changed: boolean; cohort: CohortRow } | undefined> {
  const [held] = await db
    .update(cohorts)
    .set({ revealHeld: true })
    .where(and(eq(cohorts.tag, tag), eq(cohorts.revealHeld, false)))
    .returning();
  if (held) return { changed: true, cohort: held };
  const [current] = await db.select().from(cohorts).where(eq(cohorts.tag, tag)).limit(1);
  return current ? { changed: false, cohort: current } : undefined;
}

export async function setCohortArchived(
  db: Database,
  tag: string,
  archived: boolean,
): Promise<CohortRow | undefined> {
  const [row] = await db
    .update(cohorts)
    // Archiving twice keeps the first date.
    .set({ archivedAt: archived ? sql`coalesce(${cohorts.archivedAt}, now())` : null })
    .where(eq(cohorts.tag, tag))
    .returning();
  return row;
}

export class UnknownTeamsError extends Error {
  constructor(readonly missing: number) {
    super(`${missing} unknown team id(s)`);
  }
}

/** What a move changed: the teams moved, and every cohort that lost or gained a team. */
type TeamsMoved = { teamIds: string[]; cohortTags: string[]; avatarsChanged: string[] };

/**
 * Puts the teams in the cohort (or in none, for `null`), all or nothing: an unknown id rolls the whole
 * change back. A team has one cohort column, so moving it is the same write as assigning it.
 */
export async function setTeamsCohort(
  db: Database,
  teamIds: string[],
  tag: string | null,
): Promise<TeamsMoved> {
  const unique = [...new Set(teamIds)];
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: teams.id, cohortTag: teams.cohortTag })
      .from(teams)
      .where(inArray(teams.id, unique))
      .for('update');
    if (before.length !== unique.length) throw new UnknownTeamsError(unique.length - before.length);
    await tx.update(teams).set({ cohortTag: tag }).where(inArray(teams.id, unique));
    const avatarsChanged = tag
      ? await keepAvatarsDistinct(
          tx,
          tag,
          before.filter((team) => team.cohortTag !== tag).map((team) => team.id),
        )
      : [];
    const cohortTags = new Set(before.map((team) => team.cohortTag));
    if (tag) cohortTags.add(tag);
    cohortTags.delete(null);
    return {
      teamIds: before.map((team) => team.id),
      cohortTags: [...cohortTags] as string[],
      avatarsChanged,
    };
  });
}

type CohortDeletion = { tag: string; name: string; teamsUnassigned: number; ballotsDeleted: number };

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

/**
 * Sets the parts of the cohort's pace that `change` names (null clears one); `minutes` ends a countdown that
 * many minutes from the database's now. The cohort as it now stands and that now; undefined for no cohort.
 */
export async function setCohortPace(
  db: Database,
  tag: string,
  change: UpdatePaceBody,
): Promise<{ cohort: CohortRow; now: string } | undefined> {
  const set: { paceMessage?: string | null; pacePhase?: number | null; paceEndsAt?: SQL | null } = {};
  if (change.message !== undefined) set.paceMessage = change.message;
  if (change.phase !== undefined) set.pacePhase = change.phase;
  if (change.minutes !== undefined) {
    set.paceEndsAt =
      change.minutes === null ? null : sql`now() + make_interval(mins => ${change.minutes}::int)`;
  }
  const [row] = await db
    .update(cohorts)
    .set(set)
    .where(eq(cohorts.tag, tag))
    .returning({ ...getTableColumns(cohorts), now: databaseNowMs });
  if (!row) return undefined;
  const { now, ...cohort } = row;
  return { cohort, now: isoOf(now) };
}

/** The cohort's pace (none while it is archived) and the database's now; undefined for no cohort. */
export async function cohortPaceState(db: Database, tag: string): Promise<PaceState | undefined> {
  const [row] = await db
    .select({
      paceMessage: cohorts.paceMessage,
      pacePhase: cohorts.pacePhase,
      paceEndsAt: cohorts.paceEndsAt,
      archivedAt: cohorts.archivedAt,
      now: databaseNowMs,
    })
    .from(cohorts)
    .where(eq(cohorts.tag, tag))
    .limit(1);
  if (!row) return undefined;
  return { pace: row.archivedAt ? NO_PACE : toPace(row), now: isoOf(row.now) };
}

/**
 * The pace a team's pages show: its cohort's, or none (no cohort, or an archived one), with the database's
 * now.
 */
export async function teamPaceState(db: Database, teamId: string): Promise<PaceState> {
  const [row] = await db
    .select({
      paceMessage: cohorts.paceMessage,
      pacePhase: cohorts.pacePhase,
      paceEndsAt: cohorts.paceEndsAt,
      now: databaseNowMs,
    })
    .from(teams)
    .leftJoin(cohorts, and(eq(cohorts.tag, teams.cohortTag), isNull(cohorts.archivedAt)))
    .where(eq(teams.id, teamId))
    .limit(1);
  if (!row) return { pace: NO_PACE, now: new Date().toISOString() };
  const pace =
    row.paceMessage === null && row.pacePhase === null && row.paceEndsAt === null
      ? NO_PACE
      : toPace(row as PaceColumns);
  return { pace, now: isoOf(row.now) };
}

/** The ids of the cohort's teams (whose open pages hear its pace). */
export async function listCohortTeamIds(db: Database, tag: string): Promise<string[]> {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.cohortTag, tag));
  return rows.map((row) => row.id);
}

/**
 * Which column a code read by `joinCodeOf` names: a room code (6 characters, typed from the room's screen)
 * or a join link's code (12 characters, the links and QR codes handed out before room codes).
 */
function codeMatches(code: string): SQL {
  return code.length === ROOM_CODE_LENGTH ? eq(cohorts.roomCode, code) : eq(cohorts.joinCode, code);
}

/** The cohort with this join code or room code, or undefined. */
export async function findCohortByJoinCode(db: Database, code: string): Promise<CohortRow | undefined> {
  const [row] = await db.select().from(cohorts).where(codeMatches(code)).limit(1);
  return row;
}

type CohortName = { tag: string; name: string };

export type JoinOutcome =
  | { outcome: 'unknown-code' }
  | { outcome: 'unknown-team' }
  | { outcome: 'archived' | 'closed'; cohort: CohortName }
  | { outcome: 'needs-move'; cohort: CohortName; from: CohortName }
  | { outcome: 'already'; cohort: CohortName; from: CohortName | null }
  | { outcome: 'joined'; cohort: CohortName; from: CohortName | null; avatarChanged: boolean };

/**
 * Puts the team in the cohort whose join code this is, if the cohort takes teams (not archived, joining
 * open) and, when the team is in another cohort, `move` confirms leaving it. One transaction: the team's
 * row is locked, and the cohort's row shared, so an instructor closing joining or archiving the cohort
 * meanwhile is either before this join (refused) or after it; joins of many teams run side by side.
 */
export async function joinCohortByCode(
  db: Database,
  teamId: string,
  code: string,
  move: boolean,
): Promise<JoinOutcome> {
  return db.transaction(async (tx): Promise<JoinOutcome> => {
    const [cohort] = await tx
      .select({
        tag: cohorts.tag,
        name: cohorts.name,
        archivedAt: cohorts.archivedAt,
        joiningOpen: cohorts.joiningOpen,
      })
      .from(cohorts)
      .where(codeMatches(code))
      .for('share');
    if (!cohort) return { outcome: 'unknown-code' };
    const target = { tag: cohort.tag, name: cohort.name };
    if (cohort.archivedAt) return { outcome: 'archived', cohort: target };
    if (!cohort.joiningOpen) return { outcome: 'closed', cohort: target };
    const [team] = await tx
      .select({ cohortTag: teams.cohortTag, cohortName: cohorts.name })
      .from(teams)
      .leftJoin(cohorts, eq(cohorts.tag, teams.cohortTag))
      .where(eq(teams.id, teamId))
      .for('update', { of: teams });
    if (!team) return { outcome: 'unknown-team' };
    const from = team.cohortTag ? { tag: team.cohortTag, name: team.cohortName ?? team.cohortTag } : null;
    if (from?.tag === target.tag) return { outcome: 'already', cohort: target, from };
    if (from && !move) return { outcome: 'needs-move', cohort: target, from };
    await tx.update(teams).set({ cohortTag: target.tag }).where(eq(teams.id, teamId));
    const avatarChanged = (await keepAvatarsDistinct(tx, target.tag, [teamId])).length > 0;
    return { outcome: 'joined', cohort: target, from, avatarChanged };
  });
}
