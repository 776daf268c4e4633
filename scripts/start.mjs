// `npm start`: builds the client when its sources are newer than the build, then runs the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

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

process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import('../src/server/server.ts');
