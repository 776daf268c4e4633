import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { PgLiveEventBus } from '../../src/server/live/postgres-event-bus.ts';
import { buildTestApp, openTestDatabase } from './test-app.ts';

/** An open Server-Sent Events stream read over a real socket: its comment lines and its `data:` events. */
type EventStreamReader<E> = {
  response: Response;
  events: E[];
  comments: string[];
  readonly ended: boolean;
  pump: Promise<void>;
  /** Resolves with the events once `count` have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<E[]>;
  /** Resolves with the first event (in arrival order) that `match` accepts, waiting for it if needed. */
  waitUntil(match: (event: E) => boolean, timeoutMs?: number): Promise<E>;
  /** Closes the connection from the client's side, as a page that goes away. */
  close(): Promise<void>;
};

/** Listens on a free port if the app is not listening yet, and returns its address. */
export async function addressOf(app: FastifyInstance): Promise<string> {
  const existing = app.addresses()[0];
  if (existing && typeof existing !== 'string') return `http://127.0.0.1:${existing.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export async function openEventStream<E = unknown>(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader<E>> {
  const controller = new AbortController();
  const response = await fetch(`${await addressOf(app)}${path}`, {
    headers: { 'accept-encoding': 'gzip, br', ...headers },
    signal: controller.signal,
  });
  const events: E[] = [];
  const comments: string[] = [];
  let ended = false;
  const pump = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as E);
          else comments.push(block);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
  })();

  const poll = async <T>(found: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(what());
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  return {
    response,
    events,
    comments,
    get ended() {
      return ended;
    },
    pump,
    waitFor: (count, timeoutMs = 5000) =>
      poll(
        () => (events.length >= count ? events : undefined),
        timeoutMs,
        () => `only ${events.length} of ${count} events arrived`,
      ),
    waitUntil: (match, timeoutMs = 5000) =>
      poll(
        () => events.find(match),
        timeoutMs,
        () => `no matching event among ${JSON.stringify(events)}`,
      ),
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/**
 * Two app instances on one fresh PostgreSQL database, each with its own pool and its own LISTEN
 * connection: what two servers behind a load balancer are.
 */
export async function openTwoInstances(): Promise<{
  first: FastifyInstance;
  second: FastifyInstance;
  close(): Promise<void>;
}> {
  const opened = await openTestDatabase('postgres');
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const result = (await opened.database.db.execute(sql`select current_database() as db`)) as unknown as {
    rows: { db: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.db}`;
  const secondHandle = await openDatabase({ url: url.toString() });
  const instance = async (database: typeof secondHandle) => {
    const bus = new PgLiveEventBus(database.pgPool!, url.toString());
    await bus.ready();
    return buildTestApp(database, {}, { liveEvents: bus });
  };
  const first = await instance(opened.database);
  const second = await instance(secondHandle);
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await secondHandle.close();
      await opened.drop();
    },
  };
}

type TwoInstances = { first: FastifyInstance; second: FastifyInstance };

/**
 * A suite over two app instances (see `openTwoInstances`), opened once for the suite and closed after it.
 * It needs PostgreSQL, so it is skipped without `TEST_DATABASE_URL`; its name ends in `[postgres]`.
 */
export function describeTwoInstances(name: string, suite: (apps: TwoInstances) => void): void {
  describe.skipIf(!process.env.TEST_DATABASE_URL)(`${name} [postgres]`, () => {
    const apps = {} as TwoInstances;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ first: apps.first, second: apps.second, close } = await openTwoInstances());
    });
    afterAll(async () => {
      await close?.();
    });
    suite(apps);
  });
}
