import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file inside a PGlite data directory: the process that has the database open. */
export const LOCK_FILE = 'genai-lab.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}). PGlite is a database inside ` +
        'one process: stop that process (the server, or a backup or restore) and try again. If no such ' +
        `process runs, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the process that has it.
 * Two processes on one PGlite directory would each run their own PostgreSQL on the same files and corrupt
 * them; PGlite's own postmaster.pid holds no real process id, so it cannot tell. A lock left by a process
 * that died (kill -9, power loss) names a pid that no longer runs and is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  // Written aside, then linked into place: the lock appears whole (never empty), and link() fails if it
  // exists, so of two processes starting at once exactly one gets it.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    return takeLock(file, mine, dataDir);
  } finally {
    rmSync(mine, { force: true });
  }
}

function takeLock(file: string, mine: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      linkSync(mine, file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(file) === process.pid) rmSync(file, { force: true });
      };
      // A process that exits without closing the database (process.exit) still leaves the directory free.
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner !== undefined && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
      removeStaleLock(file, owner, dataDir);
    }
  }
  throw new Error(`Could not take the lock ${file}; another process keeps taking it.`);
}

/**
 * Removes a lock whose process is gone. Moved aside first and checked, so that of two processes finding
 * the same stale lock, the second cannot delete the fresh lock the first has just taken.
 */
function removeStaleLock(file: string, stalePid: number | undefined, dataDir: string): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (moved !== stalePid && moved !== undefined && isAlive(moved)) {
    // Someone took the lock between our read and the move: give it back.
    try {
      linkSync(aside, file);
    } finally {
      rmSync(aside, { force: true });
    }
    throw new DataDirInUseError(dataDir, moved);
  }
  rmSync(aside, { force: true });
}
