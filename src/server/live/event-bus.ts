import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AdminEvent } from '../../shared/schemas/admin.ts';
import type { CohortEvent } from '../../shared/schemas/cohort.ts';
import type { TeamEvent } from '../../shared/schemas/team-events.ts';

/**
 * Live events (docs/product.md, The live room): cohort changes, ballot counts and the reveal for showcase
 * and results pages, a team's saves and open pages for its workspace, and which team changed for the
 * instructors' dashboards. Publishers name a channel (routes through `app.announce`, announce.ts); the
 * event-stream routes subscribe to one.
 */
export type LiveEvent = CohortEvent | TeamEvent | AdminEvent | StreamEndEvent;
export type LiveListener = (event: LiveEvent) => void;

export const ADMIN_CHANNEL = 'admin';

/**
 * Between instances only, never to a page: which open event streams to end, because the sessions they rely
 * on ended (logout, a new code, expiry) or a team or cohort they carry was deleted.
 */
export const STREAMS_CHANNEL = 'streams';

export const StreamEndSchema = z.union([
  z.object({ sessions: z.array(z.string()).max(50) }),
  /** A new code: every session of the team ended. */
  z.object({ teamSessionsOf: z.string() }),
  /** The team is gone: whoever carried it. */
  z.object({ team: z.string() }),
  z.object({ cohort: z.string() }),
]);
export type StreamEnd = z.infer<typeof StreamEndSchema>;
export const StreamEndEventSchema = z.object({ type: z.literal('end-streams'), end: StreamEndSchema });
type StreamEndEvent = z.infer<typeof StreamEndEventSchema>;

export const liveChannel = {
  cohort: (tag: string) => `cohort:${tag}`,
  team: (teamId: string) => `team:${teamId}`,
  admin: () => ADMIN_CHANNEL,
};

/** Where a database statement can NOTIFY the other app instances itself (PostgreSQL only). */
export type NotifyTarget = { channel: string; origin: string };

/**
 * An event for one channel. `others` says whether another app instance needs it: false keeps it on this
 * instance, for a change whose own statement found that no other instance has a stream that would hear it.
 */
export type Publication = { channel: string; event: LiveEvent; others: boolean };

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; stay clear of it. */
export const NOTIFY_PAYLOAD_MAX = 7800;

export interface LiveEventBus {
  /** This app instance, as other instances and the presence rows know it. */
  readonly instanceId: string;
  /** Delivers to this instance's subscribers and to every other instance's. */
  publish(channel: string, event: LiveEvent): Promise<void>;
  /**
   * Delivers each event to this instance's subscribers, and those marked `others` to the other instances,
   * together (one NOTIFY statement). With none marked, nothing leaves the process: the hottest call
   * (autosave), whose statement says whether another instance listens, then costs no second round trip.
   */
  publishEach(publications: readonly Publication[]): Promise<void>;
  /**
   * Delivers to this instance's subscribers only: for an event a database statement already sent to the
   * other instances (`notifyTarget`).
   */
  deliverLocally(channel: string, event: LiveEvent): void;
  /** Set when other instances listen through the database; undefined when this is the only instance. */
  readonly notifyTarget: NotifyTarget | undefined;
  subscribe(channel: string, listener: LiveListener): () => void;
  /**
   * Calls `listener` each time the bus hears other instances again after it could not (its connection to
   * the database was lost, or never made): what they sent meanwhile was missed. Absent where nothing can be
   * missed (one process). Returns the unsubscribe.
   */
  onResumed?(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * One process (PGlite, which only ever runs one instance, and tests): subscribers in a map keyed by
 * channel. Not a Node EventEmitter, where the name `error` is special: any channel name is just a key.
 */
export class InProcessLiveEventBus implements LiveEventBus {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  readonly instanceId: string = randomUUID();
  readonly notifyTarget: NotifyTarget | undefined = undefined;

  publish(channel: string, event: LiveEvent): Promise<void> {
    return this.publishEach([{ channel, event, others: true }]);
  }

  async publishEach(publications: readonly Publication[]): Promise<void> {
    for (const { channel, event } of publications) this.deliverLocally(channel, event);
  }

  deliverLocally(channel: string, event: LiveEvent): void {
    const listeners = this.listeners.get(channel);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch {
        // One broken listener (a stream closing mid-write) must not keep the event from the others.
      }
    }
  }

  subscribe(channel: string, listener: LiveListener): () => void {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(channel);
    };
  }

  /** Subscribers per channel (tests and the stream figures in docs/PERFORMANCE.md). */
  listenerCount(channel: string): number {
    return this.listeners.get(channel)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
