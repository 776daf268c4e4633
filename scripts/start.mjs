// `npm start`: builds the client and the server when their sources are newer than their builds, then runs
// the server (compiled ahead of time: no TypeScript loader in production).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtServer = path.join(root, 'dist/server/server.mjs');
// The programme checks' worker thread, built with the server.
const builtWorker = path.join(root, 'dist/server/checks-worker.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `built` is missing or older than any of `inputs` (files, or folders read whole) that exist. */
function isStale(built, inputs) {
  if (!existsSync(built)) return true;
  const newest = inputs
    .map((p) => path.join(root, p))
    .filter(existsSync)
    .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs));
  return Math.max(...newest) > statSync(built).mtimeMs;
}

// content/phases too: the pre-rendered activity pages carry their configs.
const CLIENT_INPUTS = [
  'src/web',
  'src/shared',
  'public',
  'content/phases',
  'vite.config.ts',
  'package-lock.json',
];
const SERVER_INPUTS = ['src/server', 'src/shared', 'scripts/build-server.mjs'];

// Settings from .env when present (see .env.example); the real environment wins.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) {
  const fromShell = { ...process.env };
  process.loadEnvFile(envFile);
  Object.assign(process.env, fromShell);
}

if (process.env.SKIP_CLIENT_BUILD !== '1' && isStale(builtIndex, CLIENT_INPUTS)) {
  console.log('Building the client…');
  const { buildClient } = await import('./build-client.mjs');
  await buildClient();
}

// Always checked (SKIP_CLIENT_BUILD is for the client only): it takes a fraction of a second. In a child
// process, so the compiler's own memory is not kept by the server's.
if (isStale(builtServer, SERVER_INPUTS) || !existsSync(builtWorker)) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
// Stack traces then name the TypeScript sources rather than the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(builtServer).href);
