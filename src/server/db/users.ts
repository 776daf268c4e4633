import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

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
