import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AVATAR_ICONS } from '../../shared/avatars.ts';
import type { Team } from '../../shared/schemas/team.ts';
import { generateWorkspaceCode } from '../../shared/workspace-code.ts';
import type { Database } from './client.ts';
import { sessions, type TeamRow, teams } from './schema.ts';

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    avatarIcon: row.avatarIcon,
    currentPhase: row.currentPhase,
    cohortTag: row.cohortTag,
    accessToken: row.accessToken,
    submittedWebsiteUrl: row.submittedWebsiteUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function newAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pgError = e as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
}

export class CodeTakenError extends Error {}

/** Every code drawn was taken: the code space is (nearly) full. */
export class NoFreeCodeError extends Error {
  constructor() {
    super('Could not find a free workspace code');
  }
}

const GENERATED_CODE_ATTEMPTS = 10;

/** What a write answers when the code it was given is not free. */
const TAKEN = Symbol('taken');

/**
 * Runs `write` with random codes until one is free (the unique constraint on the code decides, or `write`
 * answers TAKEN); NoFreeCodeError after GENERATED_CODE_ATTEMPTS collisions in a row.
 */
async function withFreshCode<T>(write: (code: string) => Promise<T | typeof TAKEN>): Promise<T> {
  for (let attempt = 0; attempt < GENERATED_CODE_ATTEMPTS; attempt++) {
    try {
      const result = await write(generateWorkspaceCode());
      if (result !== TAKEN) return result;
    } catch (error) {
      if (!isUniqueViolation(error, 'teams_code_unique')) throw error;
    }
  }
  throw new NoFreeCodeError();
}

/** One of the 36 avatars, drawn at random: a new workspace starts with one (the team may change it). */
export function randomAvatar(): string {
  return AVATAR_ICONS[randomInt(AVATAR_ICONS.length)]!;
}

/**
 * Creates a team with a random avatar. With an explicit code a collision is the caller's problem
 * (CodeTakenError); without one, codes are drawn at random and the unique constraint decides, retrying on
 * collision (NoFreeCodeError when none is free).
 */
export async function createTeam(db: Database, name: string, code?: string): Promise<TeamRow> {
  const avatarIcon = randomAvatar();
  const insert = async (value: string) => {
    const [row] = await db
      .insert(teams)
      .values({ name, code: value, avatarIcon, accessToken: newAccessToken() })
      .returning();
    return row!;
  };
  if (!code) return withFreshCode(insert);
  try {
    return await insert(code);
  } catch (error) {
    if (isUniqueViolation(error, 'teams_code_unique')) throw new CodeTakenError(code);
    throw error;
  }
}

/**
 * Gives a team a new random code (never its current one) and a new access token, and ends every session of
 * the team, in one transaction: the old code and token open nothing from then on; the team's answers stay.
 * Undefined when there is no such team.
 */
export async function replaceTeamCode(db: Database, id: string): Promise<TeamRow | undefined> {
  return withFreshCode((code) =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ code: teams.code })
        .from(teams)
        .where(eq(teams.id, id))
        .for('update');
      if (!current) return undefined;
      if (current.code === code) return TAKEN;
      const [row] = await tx
        .update(teams)
        .set({ code, accessToken: newAccessToken(), updatedAt: sql`now()` })
        .where(eq(teams.id, id))
        .returning();
      await tx.delete(sessions).where(eq(sessions.teamId, id));
      return row;
    }),
  );
}

export async function findTeamByCode(db: Database, code: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.code, code.toUpperCase())).limit(1);
  return row;
}

export async function findTeamById(db: Database, id: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  return row;
}

export async function findTeamByAccessToken(db: Database, token: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.accessToken, token)).limit(1);
  return row;
}

export async function updateTeamAvatar(db: Database, id: string, avatarIcon: string) {
  const [row] = await db
    .update(teams)
    .set({ avatarIcon, updatedAt: sql`now()` })
    .where(eq(teams.id, id))
    .returning();
  return row;
}

export async function updateTeamWebsite(db: Database, id: string, url: string) {
  const [row] = await db
    .update(teams)
    .set({ submittedWebsiteUrl: url, updatedAt: sql`now()` })
    .where(eq(teams.id, id))
    .returning();
  return row;
}
