import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { PresenceDevice } from '../../shared/schemas/team-events.ts';
import type { Database } from '../db/client.ts';
import { adminListeners, presence } from '../db/schema.ts';

/** A page counts as open while its stream's heartbeat (every 20 s) keeps its row younger than this. */
export const PRESENCE_TTL_SECONDS = 60;

type PresenceEntry = {
  teamId: string;
  clientId: string;
  streamId: string;
  instance: string;
  phase: number | null;
  label: string | null;
  admin: boolean;
};

const fresh = sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;

/**
 * Records a stream's open pages (a reconnecting page, or a page whose browser's stream opened again with
 * another set of tabs, takes its row over with the new stream). Returns them as teammates see them.
 */
export async function enterPresence(
  db: Database,
  entries: readonly PresenceEntry[],
): Promise<PresenceDevice[]> {
  if (entries.length === 0) return [];
  await db
    .insert(presence)
    .values(entries.map((entry) => ({ ...entry, seenAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [presence.teamId, presence.clientId],
      set: {
        streamId: sql`excluded.stream_id`,
        instance: sql`excluded.instance`,
        phase: sql`excluded.phase`,
        label: sql`excluded.label`,
        admin: sql`excluded.admin`,
        seenAt: sql`now()`,
      },
    });
  return entries.map(({ clientId, phase, label, admin }) => ({ clientId, phase, label, admin }));
}

export async function refreshPresence(db: Database, streamId: string): Promise<void> {
  await db.update(presence).set({ seenAt: sql`now()` }).where(eq(presence.streamId, streamId));
}

export type LeftPage = { teamId: string; clientId: string };

/** Removes a stream's pages, except those a newer stream has taken over meanwhile; the ones removed. */
export async function leavePresence(db: Database, streamId: string): Promise<LeftPage[]> {
  return db
    .delete(presence)
    .where(eq(presence.streamId, streamId))
    .returning({ teamId: presence.teamId, clientId: presence.clientId });
}

/** Rows whose instance died without removing them (they are already left out of every list); the ones removed. */
export async function pruneStalePresence(db: Database): Promise<LeftPage[]> {
  return db
    .delete(presence)
    .where(lt(presence.seenAt, fresh))
    .returning({ teamId: presence.teamId, clientId: presence.clientId });
}

export async function listPresence(db: Database, teamId: string): Promise<PresenceDevice[]> {
  return db
    .select({
      clientId: presence.clientId,
      phase: presence.phase,
      label: presence.label,
      admin: presence.admin,
    })
    .from(presence)
    .where(and(eq(presence.teamId, teamId), gt(presence.seenAt, fresh)))
    .orderBy(asc(presence.admin), asc(presence.clientId));
}

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
