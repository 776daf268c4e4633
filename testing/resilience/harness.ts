/**
 * Helpers for the resilience tests: they run the real server (`node scripts/start.mjs`) as a child process,
 * talk HTTP to it with fetch, kill it (SIGKILL / SIGTERM), and put a TCP proxy they control between the server
 * and PostgreSQL. Every process, database and temp directory made here is registered so `cleanupAll()` can
 * remove it even when a test fails halfway.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/server/config.ts';

// A fresh PGlite directory takes ~4 s on an idle 2-core machine, but over a minute has been seen under load.
export const START_TIMEOUT_MS = 150_000;
export const ADMIN = { username: 'resilience-admin', password: 'resilience-password-123' };

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const databases = new Set<string>();

export type ServerOptions = {
  /** PGlite data directory (ignored when databaseUrl is set). */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Node's arguments that start the server (default `scripts/start.mjs`), e.g. a parent that starts it. */
  launcher?: string[];
};

export type RunningServer = {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Resolves when the process has exited, with its code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote, for failure messages. */
  output(): string;
};

/** A temp directory removed by cleanupAll(). */
export function tempDir(prefix = 'genai-resilience-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Starts the server on a port the OS picks (PORT=0; the port is read from its "listening" log line). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const child = spawn(process.execPath, options.launcher ?? ['scripts/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir ?? tempDir(),
      DATABASE_URL: options.databaseUrl ?? '',
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const append = (chunk: Buffer) => {
    // Keep the tail only: request logs add up.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The server did not start listening in time:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before it listened:\n${output}`));
    });
  });
  const server: RunningServer = {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    exited,
    output: () => output,
  };
  await waitForHealth(server, 200);
  return server;
}

/** Polls /api/health until it answers `status` (no fixed sleeps: these machines are busy). */
export async function waitForHealth(server: RunningServer, status: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`The server exited while waiting for health ${status}:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
      last = String(response.status);
      await response.body?.cancel();
      if (response.status === status) return;
    } catch (error) {
      last = String(error);
    }
    await delay(100);
  }
  throw new Error(`/api/health did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sends a signal and waits for the exit. */
export async function stopServer(server: RunningServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export type Team = { id: string; code: string; cookie: string };

/** POST /api/teams: the team and its session cookie (`name=value`). */
export async function createTeam(server: RunningServer, name: string): Promise<Team> {
  const response = await fetch(`${server.baseUrl}/api/teams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`create team: ${response.status} ${await response.text()}`);
  const team = (await response.json()) as { id: string; code: string };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('genai_team='));
  if (!cookie) throw new Error('create team: no session cookie');
  return { id: team.id, code: team.code, cookie };
}

export function savePhaseData(
  server: RunningServer,
  team: Team,
  phaseNumber: number,
  data: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${server.baseUrl}/api/phase-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: team.cookie },
    body: JSON.stringify({ teamId: team.id, phaseNumber, data }),
  });
}

export function readPhaseData(server: RunningServer, team: Team, phaseNumber: number): Promise<Response> {
  return fetch(`${server.baseUrl}/api/phase-data/${team.id}/${phaseNumber}`, {
    headers: { cookie: team.cookie },
  });
}

/** A saved phase record's answers (GET /api/phase-data/:teamId/:phase), or the status when not 200. */
export async function savedAnswers(
  server: RunningServer,
  team: Team,
  phaseNumber: number,
): Promise<Record<string, unknown> | number> {
  const response = await readPhaseData(server, team, phaseNumber);
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A response body as JSON, typed for the assertions that follow. */
export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * An event stream followed as a browser's EventSource follows it: each `data:` message is kept, and when the
 * server ends the stream (or it drops, or cannot be opened) it is opened again after the last `retry:` the
 * server sent. `stop()` closes it for good.
 */
export type FollowedStream<M> = {
  messages: M[];
  /** How many times the stream was opened (1 at first). */
  readonly connections: number;
  /** Resolves with the first message `match` accepts, arriving from now on or already kept. */
  waitUntil(match: (message: M) => boolean, timeoutMs: number, what: string): Promise<M>;
  stop(): void;
};

export function followEventStream<M = unknown>(
  server: RunningServer,
  path: string,
  headers: Record<string, string> = {},
): FollowedStream<M> {
  const messages: M[] = [];
  let connections = 0;
  let stopped = false;
  let retryMs = 3000;
  let controller = new AbortController();
  const run = async () => {
    while (!stopped) {
      connections++;
      controller = new AbortController();
      try {
        const response = await fetch(`${server.baseUrl}${path}`, { headers, signal: controller.signal });
        if (response.body) {
          let buffer = '';
          for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const retry = /^retry: (\d+)$/m.exec(block);
              if (retry) retryMs = Number(retry[1]);
              const data = /^data: (.*)$/m.exec(block);
              if (data && !block.startsWith('event:')) messages.push(JSON.parse(data[1]!) as M);
            }
          }
        }
      } catch {
        // Dropped, refused or stopped: like a browser, try again after the retry.
      }
      if (!stopped) await delay(retryMs);
    }
  };
  void run();
  return {
    messages,
    get connections() {
      return connections;
    },
    async waitUntil(match, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
        await delay(50);
      }
    },
    stop() {
      stopped = true;
      controller.abort();
    },
  };
}

/** A fresh PostgreSQL database `genai_resilience_<random>` next to TEST_DATABASE_URL's; dropped by cleanupAll(). */
export async function createPostgresDatabase(): Promise<{ name: string; url: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `genai_resilience_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  databases.add(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function adminQuery(sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A TCP proxy in front of PostgreSQL that the test controls: `down()` cuts every open connection and refuses
 * new ones (the listener stays bound, so the port cannot be taken meanwhile); `hang()` is a network partition:
 * connections stay open but no byte goes through, and new ones are accepted and left waiting; `up()` ends
 * either (a partition's stalled connections are cut, as TCP would eventually) and lets connections through
 * again. `accepted` counts connections that reached PostgreSQL, to see the pool open new ones.
 */
export class TcpProxy {
  private server = net.createServer((socket) => this.accept(socket));
  private sockets = new Set<net.Socket>();
  private isDown = false;
  private isHung = false;
  accepted = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  down(): void {
    this.isDown = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  hang(): void {
    this.isHung = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  up(): void {
    if (this.isHung) {
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
    }
    this.isDown = false;
    this.isHung = false;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.isDown) {
      client.destroy();
      return;
    }
    if (this.isHung) {
      client.pause();
      client.on('error', () => client.destroy());
      this.sockets.add(client);
      return;
    }
    this.accepted += 1;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(client);
    this.sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** SIGKILLs every child still running, drops the databases and removes the temp directories. */
export async function cleanupAll(): Promise<void> {
  await Promise.all(
    [...children].map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      return exited;
    }),
  );
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  for (const name of databases) {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
  databases.clear();
}
