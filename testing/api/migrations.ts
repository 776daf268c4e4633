import { rmSync } from 'node:fs';
import type { DatabaseHandle } from '../../src/server/db/client.ts';

/**
 * Migrates the database with the migrations of `folder` (a copy of drizzle/ cut short by a migration
 * test), with the driver's own migrator, then removes the folder.
 */
export async function migrateFromFolder(database: DatabaseHandle, folder: string): Promise<void> {
  try {
    if (database.kind === 'postgres') {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
      await migrate(database.db as any, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the concrete driver type.
      await migrate(database.db as any, { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
