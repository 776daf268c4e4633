import { sql } from 'drizzle-orm';
import type { AdminEvent, AdminTeamChange } from '../../shared/schemas/admin.ts';
import type { Database } from '../db/client.ts';
import { type LiveEventBus, liveChannel } from './event-bus.ts';
import { otherInstanceListensSql } from './queries.ts';

/**
 * The instructors' progress events (docs/product.md, The live room): which team changed, and why, for
 * every open `GET /api/admin/events`. This instance's streams hear them in memory; the other instances on
 * one PostgreSQL only when one of them has such a stream open (the `admin_listeners` rows say so), so a
 * team's change costs no NOTIFY while no instructor watches: one statement for any number of teams. A save's
 * own statement finds out the same itself (src/server/phase-data/routes.ts;
 * docs/decisions/019-live-room-events.md). Throws when the NOTIFY fails; routes publish through
 * `app.announce` (announce.ts), which logs it.
 */
export async function publishAdminEvents(
  bus: LiveEventBus,
  db: Database,
  events: readonly AdminEvent[],
): Promise<void> {
  if (events.length === 0) return;
  for (const event of events) bus.deliverLocally(liveChannel.admin(), event);
  const target = bus.notifyTarget;
  if (!target) return;
  const payloads = events.map((event) =>
    JSON.stringify({ origin: target.origin, channel: liveChannel.admin(), event }),
  );
  await db.execute(
    sql`select pg_notify(${target.channel}, p) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) p
        where ${otherInstanceListensSql(target.origin)}`,
  );
}

/** The progress event: team `teamId` changed, and why. */
export function teamChange(teamId: string, reason: AdminTeamChange): AdminEvent {
  return { type: 'team', teamId, reason };
}
