import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockingProcess } from '../../../testing/lock-holder.ts';
import { pgliteTemplate } from '../../../testing/api/template.ts';
import { openDatabase } from './client.ts';
import {
  DataDirInUseError,
  LEGACY_LOCK_FILE,
  LOCK_SOCKET,
  type LockKind,
  lockDataDir,
} from './data-dir-lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'genai-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another process that holds the lock until killed. */
async function holderProcess(dir: string, kind: LockKind): Promise<ChildProcess> {
  const { child, locked } = await lockingProcess(dir, kind);
  children.push(child);
  if (!locked) throw new Error('the holder was refused');
  return child;
}

/** Locks with a short wait, recording what the lock says while it waits. */
async function lockQuickly(dir: string, kind: LockKind, waitMs = 3000) {
  const said: string[] = [];
  const started = Date.now();
  const release = await lockDataDir(dir, { kind, waitMs, onWait: (message) => said.push(message) });
  return { release, said, tookMs: Date.now() - started };
}

describe.each(['abstract', 'file'] as const)('the PGlite data directory lock (%s)', (kind) => {
  it('is held by one taker: a second is refused with the holder named, until it is released', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir, { kind });
    const second = lockDataDir(dir, { kind });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dir, { kind })).rejects.toThrow(
      `is in use by another process (pid ${process.pid})`,
    );
    release();
    (await lockDataDir(dir, { kind }))();
  });

  it('refuses while another live process holds it, naming that process, and leaves its lock alone', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir, kind);
    const refusal = await lockDataDir(dir, { kind, waitMs: 3000 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).pid).toBe(holder.pid);
    // Refused at once: a live holder answers, there is nothing to wait for.
    await expect(lockDataDir(dir, { kind, waitMs: 3000 })).rejects.toThrow(`(pid ${holder.pid})`);
    expect(holder.exitCode).toBeNull();
  });

  it('is free the moment its holder is killed with -9, without waiting for the process to be reaped', async () => {
    const dir = tempDir();
    for (let round = 0; round < 3; round++) {
      const holder = await holderProcess(dir, kind);
      holder.kill('SIGKILL');
      // No wait for the exit: the kernel closes the socket as the process dies.
      const { release, tookMs } = await lockQuickly(dir, kind);
      expect(tookMs).toBeLessThan(3000);
      release();
    }
  });

  it('waits for a holder that does not answer, says so, and refuses when it never lets go', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir, kind);
    holder.kill('SIGSTOP');
    const said: string[] = [];
    const refusal = await lockDataDir(dir, { kind, waitMs: 1500, onWait: (m) => said.push(m) }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain('does not answer');
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('Waiting up to 2 s');
    // Once it is gone, the next start takes the directory.
    holder.kill('SIGKILL');
    const { release } = await lockQuickly(dir, kind);
    release();
  });

  it('is not blocked by an old-style lock file naming a live process, its own pid or pid 1', async () => {
    for (const pid of [1, process.pid]) {
      const dir = tempDir();
      writeFileSync(path.join(dir, LEGACY_LOCK_FILE), `${pid}\n`);
      const { release, said } = await lockQuickly(dir, kind);
      expect(said).toEqual([]);
      expect(existsSync(path.join(dir, LEGACY_LOCK_FILE))).toBe(false);
      release();
    }
  });
});

describe('the socket file lock (macOS and other systems)', () => {
  it('replaces the socket file a killed holder left behind', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir, 'file');
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(path.join(dir, LOCK_SOCKET))).toBe(true);
    const { release, said } = await lockQuickly(dir, 'file');
    expect(said).toEqual([]);
    release();
    expect(existsSync(path.join(dir, LOCK_SOCKET))).toBe(false);
  });

  it('of many takers racing over a dead socket file, exactly one wins', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir, 'file');
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => lockDataDir(dir, { kind: 'file', waitMs: 2000 })),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(DataDirInUseError);
    }
    (won[0] as PromiseFulfilledResult<() => void>).value();
  });

  it('of several processes starting together over a dead socket file, exactly one gets it', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir, 'file');
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const takers = await Promise.all(Array.from({ length: 4 }, () => lockingProcess(dir, 'file')));
    children.push(...takers.map((taker) => taker.child));
    expect(takers.filter((taker) => taker.locked)).toHaveLength(1);
  }, 60_000);
});

describe('the database on a locked directory', () => {
  it('keeps a second PGlite off a data directory in use, and frees it on close', async () => {
    const dir = tempDir();
    // From the run's migrated archive: making a PGlite directory from nothing takes seconds of CPU.
    const first = await openDatabase({ dataDir: dir, loadDataDir: pgliteTemplate() });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
      await first.ping();
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 60_000);
});
