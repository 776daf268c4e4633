import pg from 'pg';
import { AdminEventSchema } from '../../shared/schemas/admin.ts';
import { CohortEventSchema } from '../../shared/schemas/cohort.ts';
import { TeamEventSchema } from '../../shared/schemas/team-events.ts';
import {
  ADMIN_CHANNEL,
  InProcessLiveEventBus,
  type LiveEvent,
  NOTIFY_PAYLOAD_MAX,
  type NotifyTarget,
  type Publication,
  STREAMS_CHANNEL,
  StreamEndEventSchema,
} from './event-bus.ts';

export const LIVE_EVENTS_CHANNEL = 'live_events';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

type Notice = { origin: string; channel: string; event: LiveEvent };

type Logger = { warn(object: unknown, message?: string): void };

/**
 * What another instance sent, checked: a notice is data from the database, and a malformed one is
 * dropped rather than handed to open pages.
 */
function parseNotice(payload: string): Notice | undefined {
  try {
    const parsed = JSON.parse(payload) as Partial<Notice>;
    if (typeof parsed.origin !== 'string' || typeof parsed.channel !== 'string') return undefined;
    const schema = parsed.channel.startsWith('team:')
      ? TeamEventSchema
      : parsed.channel === ADMIN_CHANNEL
        ? AdminEventSchema
        : parsed.channel === STREAMS_CHANNEL
          ? StreamEndEventSchema
          : CohortEventSchema;
    const event = schema.safeParse(parsed.event);
    return event.success ? { origin: parsed.origin, channel: parsed.channel, event: event.data } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A notice small enough for NOTIFY: a save's values and documents (or a facts save's facts) are left out when they would
 * not fit (the pages that receive it read the activity, or the facts, again instead). Undefined when even that does not fit.
 */
export function notifiablePayload(notice: Notice): string | undefined {
  const full = JSON.stringify(notice);
  if (Buffer.byteLength(full) < NOTIFY_PAYLOAD_MAX) return full;
  if (notice.event.type === 'answers' && (notice.event.values || notice.event.textUpdates)) {
    // Without its values, the save says nothing of its documents either: the pages read the activity again.
    const { values: _, textUpdates: __, ...rest } = notice.event;
    const compact = JSON.stringify({ ...notice, event: rest });
    if (Buffer.byteLength(compact) < NOTIFY_PAYLOAD_MAX) return compact;
  }
  if (notice.event.type === 'facts' && notice.event.facts.length > 0) {
    // No facts at all: the pages that receive it read the team's facts again.
    return JSON.stringify({ ...notice, event: { ...notice.event, facts: [] } });
  }
  return undefined;
}

/**
 * Live events across every app instance on one PostgreSQL: publish is a NOTIFY through the pool (the
 * instructors' progress events NOTIFY in a statement of their own that checks for a listener:
 * `notifyTarget`); a dedicated client LISTENs and hands what other
 * instances sent to this instance's subscribers. This instance's own events are delivered in memory at
 * once (and skipped when they come back), so local pages stay live even while the listener reconnects.
 */
export class PgLiveEventBus extends InProcessLiveEventBus {
  private readonly origin = this.instanceId;
  override readonly notifyTarget: NotifyTarget = { channel: LIVE_EVENTS_CHANNEL, origin: this.origin };
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private listening: Promise<void>;
  /** Set when the listener was lost (or its first connection failed): its next connection resumes. */
  private interrupted = false;
  private readonly resumedListeners = new Set<() => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly logger?: Logger,
  ) {
    super();
    this.listening = this.connect();
  }

  /** Resolves once the listener is connected (start-up and tests wait for it; publishing does not). */
  ready(): Promise<void> {
    return this.listening;
  }

  override async publishEach(publications: readonly Publication[]): Promise<void> {
    const payloads: string[] = [];
    for (const { channel, event, others } of publications) {
      this.deliverLocally(channel, event);
      if (!others) continue;
      const payload = notifiablePayload({ origin: this.origin, channel, event });
      if (payload === undefined)
        this.logger?.warn({ channel, type: event.type }, 'live event too large for other instances');
      else payloads.push(payload);
    }
    if (payloads.length === 0) return;
    // In the array's order: the NOTIFYs of one statement reach the listeners in the order they were sent.
    await this.pool.query('select pg_notify($1, p) from unnest($2::text[]) p', [
      LIVE_EVENTS_CHANNEL,
      payloads,
    ]);
  }

  /**
   * After a lost connection, the notices sent meanwhile are gone, and a database that crashed has also
   * emptied its UNLOGGED tables (presence, instructors' listeners): `listener` restarts what relies on them.
   */
  onResumed(listener: () => void): () => void {
    this.resumedListeners.add(listener);
    return () => {
      this.resumedListeners.delete(listener);
    };
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.resumedListeners.clear();
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await super.close();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.receive(message.payload));
    // A dropped connection (server restart, network) is replaced; the error itself is only logged.
    client.on('error', (error) => {
      this.logger?.warn({ err: error }, 'live event listener failed; reconnecting');
      this.replace(client);
    });
    client.on('end', () => this.replace(client));
    try {
      await client.connect();
      await client.query(`listen ${LIVE_EVENTS_CHANNEL}`);
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.reconnectDelay = RECONNECT_MIN_MS;
      if (this.interrupted) {
        this.interrupted = false;
        for (const listener of [...this.resumedListeners]) listener();
      }
    } catch (error) {
      this.logger?.warn({ err: error }, 'live event listener could not connect; retrying');
      this.replace(client);
    }
  }

  private replace(client: pg.Client): void {
    if (this.closed || this.reconnectTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
    this.interrupted = true;
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => undefined);
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.listening = this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private receive(payload: string | undefined): void {
    // This instance's own notices come back too; they start with its id, so they cost no parsing.
    if (!payload || payload.slice(0, 80).includes(this.origin)) return;
    const notice = parseNotice(payload);
    if (!notice || notice.origin === this.origin) return;
    this.deliverLocally(notice.channel, notice.event);
  }
}
