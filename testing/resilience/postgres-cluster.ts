/**
 * A PostgreSQL cluster of a test's own, which it may stop and start as it likes (`pg_ctl stop -m immediate`
 * is a crash: recovery at the next start empties the UNLOGGED tables), without touching the machine's
 * cluster that other tests use. `initdb` and `postgres` refuse to run as root: as root, every command runs
 * as the `postgres` user (`runuser`), in a directory given to it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const POSTGRES_ROOT = '/usr/lib/postgresql';
const TOOLS = ['initdb', 'pg_ctl', 'postgres'];
// Below Linux's ephemeral range (32768-60999): while the cluster is stopped, no outgoing connection or
// `listen(0)` of another process on the machine can take its port.
const PORTS = { from: 20_000, to: 30_000 };
// `pg_ctl -w` waits this long (seconds) for a start or a stop: crash recovery on a busy machine is slow.
const WAIT_SECONDS = '120';

const hasTools = (dir: string) => TOOLS.every((tool) => existsSync(path.join(dir, tool)));

/**
 * The folder of PostgreSQL's server programs: the newest `/usr/lib/postgresql/N/bin` (Debian, Ubuntu), else
 * the first folder on PATH that has them; undefined when there are none.
 */
export function postgresBinDir(): string | undefined {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((version) => hasTools(path.join(POSTGRES_ROOT, version, 'bin')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(POSTGRES_ROOT, versions[0], 'bin');
  return (process.env.PATH ?? '').split(path.delimiter).find((dir) => dir && hasTools(dir));
}

const isRoot = () => process.getuid?.() === 0;

export class PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: trust authentication on loopback only. */
  readonly url: string;

  private constructor(
    private readonly binDir: string,
    /** Holds the data directory, the log and the Unix socket. */
    readonly dir: string,
    readonly port: number,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  /**
   * A new cluster, started. Its port is free when chosen; should another process bind it before PostgreSQL
   * does, another is tried.
   */
  static async start(binDir: string): Promise<PostgresCluster> {
    // As root, in /tmp: the postgres user must reach the directory, which a TMPDIR under /root would hide.
    const dir = mkdtempSync(path.join(isRoot() ? '/tmp' : os.tmpdir(), 'genai-pgcluster-'));
    try {
      if (isRoot()) await run('chown', ['postgres:', dir]);
      await runAsPostgres(binDir, 'initdb', dir, [
        ...['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C'],
        // No fsync of the new files: a throwaway cluster, and crashes here are the server's, not the disk's.
        '--no-sync',
      ]);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    for (let attempt = 1; ; attempt++) {
      const cluster = new PostgresCluster(binDir, dir, await freePort());
      const logged = cluster.log().length;
      try {
        await cluster.start();
        return cluster;
      } catch (error) {
        const taken = /could not bind|Address already in use/i.test(cluster.log().slice(logged));
        if (!taken || attempt === 3) {
          await cluster.destroy();
          throw error;
        }
      }
    }
  }

  /** Starts the stopped cluster on its port, and waits until it accepts connections (after any recovery). */
  async start(): Promise<void> {
    await runAsPostgres(this.binDir, 'pg_ctl', this.dir, [
      ...['-D', path.join(this.dir, 'data'), '-l', this.logFile, '-w', '-t', WAIT_SECONDS],
      ...['-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`, 'start'],
    ]);
  }

  /**
   * Stops it and waits until it has: `immediate` kills every server process at once, as a crash does (the
   * next start recovers from the WAL and empties the UNLOGGED tables); `fast` disconnects every session and
   * shuts down cleanly.
   */
  async stop(mode: 'immediate' | 'fast'): Promise<void> {
    await runAsPostgres(this.binDir, 'pg_ctl', this.dir, [
      ...['-D', path.join(this.dir, 'data'), '-m', mode, '-w', '-t', WAIT_SECONDS, 'stop'],
    ]);
  }

  /** What PostgreSQL logged, for failure messages. */
  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /**
   * Stops it if a server runs on it (a crash: nothing is kept), whatever state a failed test left it in, and
   * removes its directory. Never throws.
   */
  async destroy(): Promise<void> {
    if (existsSync(path.join(this.dir, 'data', 'postmaster.pid')))
      await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private get logFile(): string {
    return path.join(this.dir, 'postgres.log');
  }
}

/** A port in PORTS that nothing listens on now. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Runs one of PostgreSQL's programs, as the `postgres` user when this process is root, in `cwd`. */
function runAsPostgres(binDir: string, tool: string, cwd: string, args: string[]): Promise<void> {
  const program = path.join(binDir, tool);
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', program, ...args], cwd) : run(program, args, cwd);
}

function run(command: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    // PG* variables of the caller's environment (PGPORT, PGDATA...) would override what is asked here.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
    const child: ChildProcess = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${code ?? signal}):\n${output}`));
    });
  });
}
