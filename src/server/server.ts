import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { upsertAdmin } from './auth/queries.ts';
import type { LiveEventBus } from './live/event-bus.ts';

/** Starts the server: database (migrations included), the admin from the environment, then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  if (config.admin) await upsertAdmin(database.db, config.admin.username, config.admin.password);
  // Several instances on one PostgreSQL share live events through LISTEN/NOTIFY; PGlite stays in process.
  let liveEvents: LiveEventBus | undefined;
  if (database.kind === 'postgres') {
    const { PgLiveEventBus } = await import('./live/postgres-event-bus.ts');
    liveEvents = new PgLiveEventBus(database.pgPool!, config.databaseUrl!);
  }
  const app = await buildApp({ config, database, liveEvents });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );
  if (config.admin) app.log.info({ username: config.admin.username }, 'admin account ensured');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
