import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { adminListeners } from './schema.ts';

/** A stream counts as open while its heartbeat (every 20 s) keeps its row younger than this. */
export const ADMIN_LISTENER_TTL_SECONDS = 60;

/** The SQL condition "an instance other than `instance` has an instructor's progress stream open". */
export const otherInstanceListensSql = (instance: string) =>
  sql`exists (select 1 from ${adminListeners} al where al.instance <> ${instance}
    and al.seen_at > now() - make_interval(secs => ${ADMIN_LISTENER_TTL_SECONDS}))`;

export async function enterAdminListener(db: Database, streamId: string, instance: string): Promise<void> {
  await db.insert(adminListeners).values({ streamId, instance, seenAt: sql`now()` });
}

export async function refreshAdminListener(db: Database, streamId: string): Promise<void> {
  await db.update(adminListeners).set({ seenAt: sql`now()` }).where(eq(adminListeners.streamId, streamId));
}

export async function leaveAdminListener(db: Database, streamId: string): Promise<void> {
  await db.delete(adminListeners).where(eq(adminListeners.streamId, streamId));
}

/** Rows of an instance that died without removing them; they already count for nothing. */
export async function pruneStaleAdminListeners(db: Database): Promise<void> {
  await db
    .delete(adminListeners)
    .where(lt(adminListeners.seenAt, sql`now() - make_interval(secs => ${ADMIN_LISTENER_TTL_SECONDS})`));
}
