import { sql } from 'drizzle-orm';
import type { AdminEvent, AdminTeamChange } from '../../shared/schemas/admin.ts';
import { otherInstanceListensSql } from './queries.ts';
import type { Database } from '../db/client.ts';
import { type LiveEventBus, liveChannel } from './event-bus.ts';

type Logger = { warn(object: unknown, message?: string): void };

/**
 * The instructors' progress events (docs/product.md, The live room): which team changed, and why, for
 * every open `GET /api/admin/events`. This instance's streams hear it in memory; the other instances on
 * one PostgreSQL only when one of them has such a stream open (the `admin_listeners` rows say so), so a
 * team's change costs no NOTIFY while no instructor watches. A save's statement finds out the same itself
 * and publishes `teamChange` with its answers (src/server/phase-data/routes.ts;
 * docs/decisions/019-live-room-events.md).
 */
export class AdminEvents {
  constructor(
    private readonly bus: LiveEventBus,
    private readonly db: () => Database,
    private readonly logger?: Logger,
  ) {}

  /**
   * Delivers here, and NOTIFYs the other instances when one of them listens: one statement for any
   * number of teams. Never throws.
   */
  async publish(teamIds: string | readonly string[], reason: AdminTeamChange): Promise<void> {
    const events = (typeof teamIds === 'string' ? [teamIds] : teamIds).map((id) => teamChange(id, reason));
    if (events.length === 0) return;
    for (const event of events) this.bus.deliverLocally(liveChannel.admin(), event);
    const target = this.bus.notifyTarget;
    if (!target) return;
    const payloads = events.map((event) =>
      JSON.stringify({ origin: target.origin, channel: liveChannel.admin(), event }),
    );
    try {
      await this.db().execute(
        sql`select pg_notify(${target.channel}, p) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) p
            where ${otherInstanceListensSql(target.origin)}`,
      );
    } catch (error) {
      // The change itself has landed; the dashboards catch up on their next read.
      this.logger?.warn({ err: error, reason }, 'admin event not published');
    }
  }
}

/** The progress event: team `teamId` changed, and why. */
export function teamChange(teamId: string, reason: AdminTeamChange): AdminEvent {
  return { type: 'team', teamId, reason };
}
