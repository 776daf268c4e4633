import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.ts';

export const E2E_ADMIN = { username: 'e2e-instructor', password: 'e2e-password-123' };

/**
 * Waits for the app's health to answer. A bound, not a wait: a first start compiles the server and creates a
 * PGlite directory (seconds on an idle machine, more than a minute has been seen beside busy processes).
 */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The app did not become healthy at ${url}`);
}

/**
 * Starts the built app on a free port with its own PGlite directory (and `env` on top of the test
 * settings); `stop()` ends it and removes the directory.
 */
export async function startApp(
  env: Record<string, string> = {},
): Promise<{ baseURL: string; dataDir: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'genai-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseURL, child);
  } catch (error) {
    // Never leave an app running (and its directory behind) when the run cannot start.
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the built app once, with its own PGlite directory, for every browser test; on PostgreSQL instead
 * when E2E_DATABASE_URL names a database (the tests that handle the PGlite directory itself need the default).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const onPostgres = process.env.E2E_DATABASE_URL;
  const app = await startApp(onPostgres ? { DATABASE_URL: onPostgres } : {});
  process.env.E2E_BASE_URL = app.baseURL;
  process.env.E2E_DATA_DIR = app.dataDir;
  return app.stop;
}
