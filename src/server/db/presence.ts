import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { PresenceDevice } from '../../shared/schemas/team-events.ts';
import type { Database } from './client.ts';
import { presence } from './schema.ts';

/** A page counts as open while its stream's heartbeat (every 20 s) keeps its row younger than this. */
export const PRESENCE_TTL_SECONDS = 60;

export type PresenceEntry = {
  teamId: string;
  clientId: string;
  streamId: string;
  instance: string;
  phase: number | null;
  label: string | null;
  admin: boolean;
};

const fresh = sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;

/** Records an open page (a reconnecting page takes its row over with its new stream). */
export async function enterPresence(db: Database, entry: PresenceEntry): Promise<void> {
  await db
    .insert(presence)
    .values({ ...entry, seenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [presence.teamId, presence.clientId],
      set: {
        streamId: entry.streamId,
        instance: entry.instance,
        phase: entry.phase,
        label: entry.label,
        admin: entry.admin,
        seenAt: sql`now()`,
      },
    });
}

export async function refreshPresence(db: Database, streamId: string): Promise<void> {
  await db.update(presence).set({ seenAt: sql`now()` }).where(eq(presence.streamId, streamId));
}

/** Removes the page's row, unless a newer stream of the same page has taken it over meanwhile. */
export async function leavePresence(db: Database, teamId: string, streamId: string): Promise<void> {
  await db.delete(presence).where(and(eq(presence.teamId, teamId), eq(presence.streamId, streamId)));
}

/** Rows whose instance died without removing them; they are already left out of every list. */
export async function pruneStalePresence(db: Database): Promise<void> {
  await db.delete(presence).where(lt(presence.seenAt, fresh));
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
