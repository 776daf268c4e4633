import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as an archive (dumpDataDir), for every test database. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global set-up: one migrated PGlite database, archived once per run, from which every test file's
 * in-memory database starts (testing/api/test-app.ts). Creating an empty PGlite database costs 3-4 s of CPU;
 * loading the archive about 1 s, and the migrations then find nothing to do.
 */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ dataDir: 'memory://' });
  const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const archive = await client.dumpDataDir('none');
  await handle.close();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'genai-pglite-template-'));
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
