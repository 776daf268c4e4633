/**
 * What every bench shares: the real server (scripts/start.mjs) started at its default settings on a free
 * port with only an instructor account added, and the readings taken from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password-123' };

export type BenchServer = { base: string; child: ChildProcess; stop(): Promise<void> };

/**
 * Starts one instance on `databaseUrl` (PGlite in a fresh folder without one). The inherited environment's
 * database, limit and proxy settings are dropped so the bench measures the defaults; `env` adds what a
 * bench sets on purpose.
 */
export async function startServer(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  /** The tree whose server runs: this repository, or another worktree (a bench comparing two commits). */
  root = ROOT,
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'genai-bench-'));
  const {
    DATABASE_URL: _database,
    RATE_LIMIT_PER_MINUTE: _limit,
    TRUST_PROXY: _proxy,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      SKIP_CLIENT_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the server did not start');
}

/** Signs the bench's instructor in on `base`: the session cookie to send with admin calls. */
export async function adminCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used, in ms: /proc/<pid>/stat fields 14 and 15, 1/100 s ticks. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
