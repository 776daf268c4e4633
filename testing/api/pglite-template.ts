import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT } from '../../src/server/config.ts';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as an archive (dumpDataDir), for every test database. */
    pgliteTemplate: string;
  }
}

const CACHE = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'applied-genai-lab');

/** What the archive depends on: the migrations and the PGlite that made it. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = path.join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Vitest's global set-up: one migrated PGlite database, archived, from which every test file's in-memory
 * database starts (testing/api/test-app.ts). Creating an empty PGlite database costs 3-4 s of CPU; loading
 * the archive about 1 s, and the migrations then find nothing to do. The archive is kept between runs
 * (under node_modules/.cache), made again when a migration or PGlite changes.
 */
export default async function setup(project: TestProject) {
  const file = path.join(CACHE, `pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
    const archive = await client.dumpDataDir('none');
    await handle.close();
    mkdirSync(CACHE, { recursive: true });
    // Written whole, then renamed: two runs at once never read half an archive.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
