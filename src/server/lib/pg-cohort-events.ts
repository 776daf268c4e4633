import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type CohortEvent, CohortEventSchema } from '../../shared/schemas/cohort.ts';
import { InProcessCohortEventBus } from './cohort-events.ts';

export const COHORT_EVENTS_CHANNEL = 'cohort_events';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

type Notice = { origin: string; tag: string; event: CohortEvent };

type Logger = { warn(object: unknown, message?: string): void };

/**
 * Cohort events across every app instance on one PostgreSQL: publish is a NOTIFY through
 * the pool; a dedicated client LISTENs and hands what other instances sent to this instance's subscribers.
 * This instance's own events are delivered in memory at once (and skipped when they come back), so local
 * pages stay live even while the listener reconnects after a drop.
 */
export class PgCohortEventBus extends InProcessCohortEventBus {
  private readonly origin = randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private listening: Promise<void>;

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

  override async publish(tag: string, event: CohortEvent): Promise<void> {
    this.deliver(tag, event);
    const notice: Notice = { origin: this.origin, tag, event };
    await this.pool.query('select pg_notify($1, $2)', [COHORT_EVENTS_CHANNEL, JSON.stringify(notice)]);
  }

  override async close(): Promise<void> {
    this.closed = true;
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
      this.logger?.warn({ err: error }, 'cohort event listener failed; reconnecting');
      this.replace(client);
    });
    client.on('end', () => this.replace(client));
    try {
      await client.connect();
      await client.query(`listen ${COHORT_EVENTS_CHANNEL}`);
      if (this.closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.reconnectDelay = RECONNECT_MIN_MS;
    } catch (error) {
      this.logger?.warn({ err: error }, 'cohort event listener could not connect; retrying');
      this.replace(client);
    }
  }

  private replace(client: pg.Client): void {
    if (this.closed || this.reconnectTimer) return;
    if (this.client && this.client !== client) return;
    this.client = undefined;
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
    if (!payload) return;
    let notice: Notice;
    try {
      const parsed = JSON.parse(payload) as Partial<Notice>;
      const event = CohortEventSchema.safeParse(parsed.event);
      if (typeof parsed.origin !== 'string' || typeof parsed.tag !== 'string' || !event.success) return;
      notice = { origin: parsed.origin, tag: parsed.tag, event: event.data };
    } catch {
      return;
    }
    if (notice.origin === this.origin) return;
    this.deliver(notice.tag, notice.event);
  }
}
