import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import { CHECK_TIME_LIMIT_MS, type ProgrammeProblem } from '../../shared/programme-checks.ts';

/**
 * The programme checks of a publish or an import, run in worker threads (tinypool) so that a programme that
 * takes long to check never holds up the thread that answers every other request
 * (docs/decisions/040-programme-checks-off-the-request-thread.md). A few run at once, a few more wait their
 * turn, and each gets a time and a memory limit: past either, the worker is stopped and replaced, and the
 * programme is reported as unchecked, never as fine.
 */

export type CheckOutcome =
  | { outcome: 'checked'; problems: ProgrammeProblem[] }
  /** Stopped at the time or memory limit. */
  | { outcome: 'unchecked' }
  /** Every worker busy and too many checks waiting already: try again later. */
  | { outcome: 'busy' };

export type ProgrammeCheckerOptions = {
  /** Checks that run at once, each on a thread of its own. */
  threads?: number;
  /** Checks that may wait for a thread; one more is refused at once (busy). */
  waiting?: number;
  /** How long a check may run, and also how long one may wait for a thread. */
  timeLimitMs?: number;
  /** The heap a worker may use (its old generation), in megabytes. */
  memoryMb?: number;
};

/**
 * One thread less than the machine has, so a core is left for the requests, and at most two: a check takes a
 * fraction of a second, and instructors publish rarely.
 */
const DEFAULT_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
const DEFAULT_WAITING = 8;
/** The standard programme's checks need well under 100 MB. */
const DEFAULT_MEMORY_MB = 256;
/** An idle worker is kept this long, so a second publish does not pay for starting one again. */
const IDLE_MS = 60_000;
/**
 * How long a worker may take to start. Not the programme's time: from the sources a worker compiles the
 * checks first (seconds on a busy machine); the compiled server's start in well under one.
 */
const START_LIMIT_MS = 60_000;

/**
 * The worker's module. The compiled server (dist/server/server.mjs) has it compiled beside it. From the
 * sources (tsx, the tests) it is the TypeScript file, which a worker thread cannot load by itself (Node 20
 * gives workers no `--import`): a one-line module registers tsx in the worker first.
 */
function workerModule(): string {
  if (!import.meta.url.endsWith('.ts')) return new URL('./checks-worker.mjs', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./checks-worker.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); export default (await import(${JSON.stringify(worker)})).default;`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

/** What a stopped worker reports: tinypool's abort at the time limit, or Node's at the memory limit. */
function stoppedAtLimit(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export class ProgrammeChecker {
  private readonly pool: Tinypool;
  private readonly threads: number;
  private readonly waiting: number;
  private readonly timeLimitMs: number;
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** The checks under way, to stop them at once if a worker cannot start. */
  private readonly underWay = new Set<AbortController>();

  constructor(options: ProgrammeCheckerOptions = {}) {
    this.threads = options.threads ?? DEFAULT_THREADS;
    this.waiting = options.waiting ?? DEFAULT_WAITING;
    this.timeLimitMs = options.timeLimitMs ?? CHECK_TIME_LIMIT_MS;
    this.pool = new Tinypool({
      filename: workerModule(),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? DEFAULT_MEMORY_MB },
    });
    // A worker that fails to start (its module missing from a build) is a fault of the server, not of the
    // programme: the checks waiting for it fail with it (a 500, logged), rather than wait for the time limit.
    this.pool.on('error', (error: unknown) => {
      for (const check of this.underWay) check.abort(error);
    });
  }

  /** The problems of a programme's activities (checkProgramme), checked on a worker thread. */
  async check(activities: readonly unknown[]): Promise<CheckOutcome> {
    if (!(await this.turn())) return { outcome: 'busy' };
    const check = new AbortController();
    this.underWay.add(check);
    try {
      // Every thread busy with a check (this one's included) but fewer threads started: one is to start.
      // It starts on an empty task of its own, so the time limit below is the check's alone.
      if (this.pool.threads.length < this.running) {
        await this.pool.run(null, {
          signal: AbortSignal.any([check.signal, AbortSignal.timeout(START_LIMIT_MS)]),
        });
      }
      const problems = (await this.pool.run(activities, {
        signal: AbortSignal.any([check.signal, AbortSignal.timeout(this.timeLimitMs)]),
      })) as ProgrammeProblem[];
      return { outcome: 'checked', problems };
    } catch (error) {
      if (check.signal.aborted) throw check.signal.reason;
      if (stoppedAtLimit(error)) return { outcome: 'unchecked' };
      throw error;
    } finally {
      this.underWay.delete(check);
      this.running -= 1;
      this.queue.shift()?.();
    }
  }

  /** Waits for a thread: false when too many wait already, or the wait passes the time limit. */
  private turn(): Promise<boolean> {
    if (this.running < this.threads) {
      this.running += 1;
      return Promise.resolve(true);
    }
    if (this.queue.length >= this.waiting) return Promise.resolve(false);
    return new Promise((resolve) => {
      const start = () => {
        clearTimeout(timer);
        this.running += 1;
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(start), 1);
        resolve(false);
      }, this.timeLimitMs);
      this.queue.push(start);
    });
  }

  /** Stops the workers (the app's close). */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
