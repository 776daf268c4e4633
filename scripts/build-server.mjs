// Compiles the server ahead of time into one ES module, `dist/server/server.mjs` (with its source map), so
// `npm start` runs plain JavaScript: no TypeScript loader in the server process (about 80 MB less memory
// after start-up, see docs/PERFORMANCE.md). Only our own code (src/server, src/shared) goes into the
// bundle; packages stay in node_modules and load as usual. The programme checks' worker thread is a module
// of its own beside it, `dist/server/checks-worker.mjs` (src/server/programmes/checks-pool.ts loads it).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Two levels below the project like src/server/, so `import.meta.dirname` in src/server/config.ts still
// resolves PROJECT_ROOT (and with it drizzle/, content/ and dist/web) to the same place.
const outDir = path.join(root, 'dist/server');

export async function buildServer() {
  const result = await build({
    entryPoints: [
      path.join(root, 'src/server/server.ts'),
      path.join(root, 'src/server/programmes/checks-worker.ts'),
    ],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the TypeScript sources (start.mjs turns source maps on).
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  // Several servers may start at once (the resilience tests do) and none may import a half-written bundle:
  // each file is written beside its target and renamed into place, the source maps first, and the server
  // last (start.mjs rebuilds when it is older than the sources, so the worker is never older than it).
  mkdirSync(outDir, { recursive: true });
  const rank = (file) => (file.path.endsWith('.map') ? 0 : file.path.endsWith('server.mjs') ? 2 : 1);
  const files = result.outputFiles.toSorted((a, b) => rank(a) - rank(b));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
