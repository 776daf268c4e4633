import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Team } from '../../shared/schemas/team.ts';
import { generateWorkspaceCode } from '../../shared/workspace-code.ts';
import type { Database } from './client.ts';
import { type TeamRow, teams } from './schema.ts';

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

const GENERATED_CODE_ATTEMPTS = 10;

/**
 * Creates a team. With an explicit code a collision is the caller's problem (CodeTakenError); without one,
 * codes are drawn at random and the unique constraint decides, retrying on collision.
 */
export async function createTeam(db: Database, name: string, code?: string): Promise<TeamRow> {
  const attempts = code ? 1 : GENERATED_CODE_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const [row] = await db
        .insert(teams)
        .values({ name, code: code ?? generateWorkspaceCode(), accessToken: newAccessToken() })
        .returning();
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error, 'teams_code_unique')) throw error;
      if (code) throw new CodeTakenError(code);
    }
  }
  throw new Error('Could not find a free workspace code');
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
