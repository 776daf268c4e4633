import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * One process per PGlite data directory (docs/decisions/020-data-directory-lock.md). Two processes on one
 * directory would each run their own PostgreSQL on the same files and corrupt them, and PGlite's own
 * postmaster.pid holds no real process id, so it cannot tell.
 *
 * The lock is a socket the holder listens on: the operating system closes it the moment the process dies,
 * however it dies (kill -9, the out-of-memory killer), so a dead holder never blocks a restart and no process
 * id is ever judged. A process that finds the lock taken connects to it: a live holder answers with its pid
 * and the newcomer is refused, naming it; a holder that does not answer (it is exiting, or stopped) is waited
 * for, a few seconds at most, and said so.
 */

/** The socket's file inside the data directory, where the platform has no socket that vanishes by itself. */
export const LOCK_SOCKET = 'genai-lab.sock';
/** The lock file of earlier versions, which named a pid: removed on sight, it never blocks a start. */
export const LEGACY_LOCK_FILE = 'genai-lab.lock';

/**
 * Where the lock lives:
 * - `abstract` (Linux): a socket in the kernel's abstract namespace, named after the directory's identity;
 *   no file at all, released with the last descriptor.
 * - `pipe` (Windows): a named pipe, likewise released by the system.
 * - `file` (macOS and other systems): a socket file in the data directory; one left by a dead holder
 *   refuses connections and is replaced.
 */
export type LockKind = 'abstract' | 'pipe' | 'file';

type LockOptions = {
  /** How long to wait for a holder that does not answer (exiting, or stopped) before refusing. */
  waitMs?: number;
  /** Told once, when the start has to wait, why and for how long. */
  onWait?: (message: string) => void;
  /** The platform's by default; tests choose. */
  kind?: LockKind;
};

export const DEFAULT_LOCK_WAIT_MS = 10_000;
/** How long a live holder has to answer "who are you". It answers from its event loop, at once. */
const ASK_TIMEOUT_MS = 1000;
const RETRY_MS = 200;
/** The holder's answer: a word that tells this app's lock from anything else, then the holder's pid. */
const GREETING = 'applied-genai-lab-lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** The holder's pid, when it answered. */
    readonly pid: number | undefined,
  ) {
    super(
      pid === undefined
        ? `The data directory ${dataDir} is in use by another process that does not answer (it may be ` +
            'stopped, or stuck while exiting). PGlite is a database inside one process: end that process and ' +
            'try again.'
        : `The data directory ${dataDir} is in use by another process (pid ${pid}). PGlite is a database ` +
            'inside one process: stop that process (the server, or a backup or restore) and try again.',
    );
    this.name = 'DataDirInUseError';
  }
}

export function defaultLockKind(platform: NodeJS.Platform = process.platform): LockKind {
  if (platform === 'linux') return 'abstract';
  if (platform === 'win32') return 'pipe';
  return 'file';
}

/** The address of a directory's lock. The directory must exist. */
export function lockAddress(dataDir: string, kind: LockKind): string {
  if (kind === 'file') {
    const file = path.join(dataDir, LOCK_SOCKET);
    // A socket's path has room for about 100 bytes, and the lock's own name is 20 longer (listenAtFile);
    // a relative path is often shorter.
    const relative = path.relative(process.cwd(), file);
    const shortest = relative.length < file.length ? `.${path.sep}${relative}` : file;
    if (Buffer.byteLength(shortest) > 80) {
      throw new Error(
        `The data directory's path is too long to hold its lock (${file}). Choose a shorter DATA_DIR.`,
      );
    }
    return shortest;
  }
  // The directory itself, whatever path reaches it (a symlink, a bind mount, a relative path).
  const { dev, ino } = statSync(dataDir);
  const identity = kind === 'abstract' ? `${dev}:${ino}` : realpathSync(dataDir).toLowerCase();
  const name = `${GREETING}-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
  return kind === 'abstract' ? `\0${name}` : `\\\\.\\pipe\\${name}`;
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the live process that has
 * it. Returns the release (which the process's death does as well).
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => void> {
  const kind = options.kind ?? defaultLockKind();
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const address = lockAddress(dataDir, kind);
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const release = kind === 'file' ? await listenAtFile(address) : await listenAt(address);
    if (release) {
      rmSync(path.join(dataDir, LEGACY_LOCK_FILE), { force: true });
      return release;
    }
    const holder = await askHolder(address);
    if (holder.pid !== undefined) throw new DataDirInUseError(dataDir, holder.pid);
    if (holder.gone && kind === 'file' && (await removeDeadSocket(address))) continue;
    if (Date.now() >= deadline) throw new DataDirInUseError(dataDir, undefined);
    if (!told) {
      told = true;
      options.onWait?.(
        `The data directory ${dataDir} is held by a process that does not answer; it is probably exiting. ` +
          `Waiting up to ${Math.round(waitMs / 1000)} s for it to let go.`,
      );
    }
    await delay(RETRY_MS);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Listens on the address: the release, or undefined when the address is taken. */
async function listenAt(address: string): Promise<(() => void) | undefined> {
  const server = await listen(address);
  return server && (() => server.close());
}

/**
 * The `file` kind: the socket listens under a name of its own first and is then linked into place, which
 * fails if the lock's file exists. So the lock's file is always a socket that was listening when it got
 * there (a connection it refuses means its holder is dead), and of two takers exactly one links it.
 */
async function listenAtFile(file: string): Promise<(() => void) | undefined> {
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const server = await listen(own);
  if (!server) throw new Error(`Could not listen on ${own}: it exists.`);
  try {
    linkSync(own, file);
  } catch (error) {
    server.close();
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
  return () => {
    // The file first: once the socket is closed, the file would look dead and another may replace it.
    rmSync(file, { force: true });
    server.close();
  };
}

/** Listens on the address: the server, or undefined when the address is taken. */
function listen(address: string): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => socket.destroy());
      socket.end(`${GREETING} ${process.pid}\n`);
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(undefined);
      else reject(error);
    });
    server.listen(address, () => {
      // The lock never keeps the process alive, nor does a slow peer.
      server.unref();
      resolve(server);
    });
  });
}

type Holder = {
  /** The holder's pid, when it answered as this app's lock. */
  pid?: number;
  /** Nobody listens: the holder died and left its socket file (the `file` kind only), or there is none. */
  gone?: boolean;
  /** There is no socket file at all (gone, and nothing to remove). */
  absent?: boolean;
};

/** Asks whoever listens on the address who it is. */
function askHolder(address: string): Promise<Holder> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let answer = '';
    const done = (holder: Holder) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    const timer = setTimeout(() => done({}), ASK_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const match = new RegExp(`^${GREETING} (\\d+)\\n`).exec(answer);
      if (match) done({ pid: Number(match[1]) });
    });
    socket.on('end', () => done({}));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done({
        gone: error.code === 'ECONNREFUSED' || error.code === 'ENOENT',
        absent: error.code === 'ENOENT',
      }),
    );
  });
}

/** A takeover that started longer ago than this was left by a process that died in it. */
const TAKEOVER_STALE_MS = 5000;

/**
 * Removes the lock's socket file when nobody listens on it, under a takeover marker (a directory: making
 * one is atomic), so that of several processes finding the same dead file, one checks it again and removes
 * it while the others wait: a live holder's file is never removed. True when the file is gone.
 */
async function removeDeadSocket(file: string): Promise<boolean> {
  const marker = `${file}.takeover`;
  try {
    mkdirSync(marker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (statSafe(marker)?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) rmSync(marker, { recursive: true, force: true });
    await delay(20);
    return true;
  }
  try {
    // Checked again now that no one else can remove it: a file at this name listened when it got there,
    // so a refusal means its holder is dead, and no new holder can link its own while it stands. No file
    // at all is left alone: a new holder may link its own between this look and a removal, and removing
    // that one would let a second holder in.
    const holder = await askHolder(file);
    if (holder.gone && !holder.absent) rmSync(file, { force: true });
    return true;
  } finally {
    rmSync(marker, { recursive: true, force: true });
  }
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
