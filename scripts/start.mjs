// `npm start`: builds the client and the server when their sources are newer than their builds, then runs
// the server (compiled ahead of time: no TypeScript loader in production).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtServer = path.join(root, 'dist/server/server.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function clientIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  // content/phases too: the pre-rendered activity pages carry their configs.
  const sources = ['src/web', 'src/shared', 'public', 'content/phases']
    .map((d) => path.join(root, d))
    .filter(existsSync);
  const configs = ['vite.config.ts', 'package-lock.json'].map((f) => path.join(root, f)).filter(existsSync);
  return Math.max(...sources.map(newestMtime), ...configs.map((f) => statSync(f).mtimeMs)) > built;
}

function serverIsStale() {
  if (!existsSync(builtServer)) return true;
  const built = statSync(builtServer).mtimeMs;
  const sources = ['src/server', 'src/shared'].map((d) => newestMtime(path.join(root, d)));
  return Math.max(...sources, statSync(path.join(root, 'scripts/build-server.mjs')).mtimeMs) > built;
}

// Settings from .env when present (see .env.example); the real environment wins.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) {
  const fromShell = { ...process.env };
  process.loadEnvFile(envFile);
  Object.assign(process.env, fromShell);
}

if (process.env.SKIP_CLIENT_BUILD !== '1' && clientIsStale()) {
  console.log('Building the client…');
  const { buildClient } = await import('./build-client.mjs');
  await buildClient();
}

// Always checked (SKIP_CLIENT_BUILD is for the client only): it takes a fraction of a second. In a child
// process, so the compiler's own memory is not kept by the server's.
if (serverIsStale()) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
// Stack traces then name the TypeScript sources rather than the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(builtServer).href);
