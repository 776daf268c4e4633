import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Exposes an already-open database; the app closes it when it closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; closeOnShutdown: boolean }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) app.addHook('onClose', () => options.database.close());
  },
  { name: 'db' },
);
