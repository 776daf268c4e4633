import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, teams, users } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';

export type SessionKind = 'team' | 'admin';

export const SESSION_TTL_MS: Record<SessionKind, number> = {
  team: 30 * 24 * 60 * 60 * 1000,
  admin: 12 * 60 * 60 * 1000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session not past its expiry. An expired row counts for nothing while it waits for the hourly sweep. */
const inForce = sql`${sessions.expiresAt} > now()`;

/**
 * "A live session of kind K": the token's hash matches, the session is of that kind, and it is in force.
 * The one definition of a valid session: the look-ups below and the autosave's one statement
 * (`savePhaseDataForTeamSession`, phase-data/queries.ts, which renders it into its text) use it.
 * `tokenHash` is the hash itself, or the statement's parameter that holds it.
 */
export function liveSessionSql(kind: SessionKind, tokenHash: string | SQL): SQL {
  // The kind is one of two fixed words, written into the text: a prepared statement takes no extra parameter.
  return sql`${sessions.tokenHash} = ${tokenHash} and ${sessions.kind} = ${sql.raw(`'${kind}'`)} and ${inForce}`;
}

/** Creates a session row and returns the raw token for the cookie; only its hash is stored. */
export async function createSession(
  db: Database,
  kind: SessionKind,
  owner: { teamId?: string; userId?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS[kind]);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    kind,
    teamId: owner.teamId ?? null,
    userId: owner.userId ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * When each of these sessions expires (ms since the epoch); a session ended or expired is absent. The event
 * streams ask it of the sessions they rest on: whether each is still in force. Its kind was checked, with
 * `liveSessionSql`, when the stream was granted, and a session never changes kind.
 */
export async function liveSessionExpiries(
  db: Database,
  hashes: readonly string[],
): Promise<Map<string, number>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .select({ hash: sessions.tokenHash, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, [...hashes]), inForce));
  return new Map(rows.map((row) => [row.hash, row.expiresAt.getTime()]));
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Deletes the sessions past their expiry: a look-up already ignores them, and a dump should not hold them. */
export async function deleteExpiredSessions(db: Database): Promise<number> {
  const deleted = await db.delete(sessions).where(not(inForce)).returning({ kind: sessions.kind });
  return deleted.length;
}

export async function findTeamForSession(db: Database, token: string) {
  const [row] = await db
    .select({ team: teams })
    .from(sessions)
    .innerJoin(teams, eq(teams.id, sessions.teamId))
    .where(liveSessionSql('team', hashToken(token)))
    .limit(1);
  return row?.team;
}

export async function findAdminForSession(db: Database, token: string) {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionSql('admin', hashToken(token)))
    .limit(1);
  return row?.user;
}

export async function findUserByUsername(db: Database, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

/** Creates the admin, or sets a new password for an existing one (start-up and `admin:create`). */
export async function upsertAdmin(
  db: Database,
  username: string,
  password: string,
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash, role: 'admin' })
    .onConflictDoUpdate({
      target: users.username,
      set: { passwordHash, role: 'admin', updatedAt: sql`now()` },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted ? 'created' : 'updated';
}

/**
 * Replaces a user's password hash, unless it changed meanwhile (a password set from the command line
 * between the login's read and this write wins).
 */
export async function setPasswordHash(
  db: Database,
  id: string,
  previousHash: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.passwordHash, previousHash)));
}
