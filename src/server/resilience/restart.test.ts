/**
 * Failure: the server on PGlite dies without closing (kill -9) and is started again at once, as a supervisor
 * or an instructor pressing the up arrow does. It must come back without anyone deleting anything, with
 * every acknowledged save; a second live server on the same directory must still be refused. The real
 * server runs as `npm start` runs it (scripts/start.mjs and the built server).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { LEGACY_LOCK_FILE } from '../db/data-dir-lock.ts';
import {
  cleanupAll,
  createTeam,
  delay,
  type RunningServer,
  savedAnswers,
  savePhaseData,
  startServer,
  stopServer,
  tempDir,
} from '../../../testing/resilience/harness.ts';

/**
 * Starts the server under a parent that never collects its exit: a server killed with -9 stays a zombie,
 * its pid still alive to `kill(pid, 0)` (as while the kernel tears down a dying process, or under a parent
 * busy elsewhere), until the parent's stdin ends; then the parent kills the server if it lives, and exits.
 */
const NON_REAPING_PARENT = [
  '-e',
  `
  const { spawn } = require('node:child_process');
  const { readSync, writeSync } = require('node:fs');
  const server = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit' });
  writeSync(1, 'server pid ' + server.pid + '\\n');
  // Blocks the event loop, so the server's exit is never collected, until stdin ends.
  try { readSync(0, Buffer.alloc(1)); } catch {}
  try { server.kill('SIGKILL'); } catch {}
  process.exit(0);
`,
];

const serverPids: number[] = [];
afterEach(async () => {
  // The servers first: killing a parent (cleanupAll) would leave its server running.
  for (const pid of serverPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await cleanupAll();
}, 30_000);

async function startUnderParent(dataDir: string): Promise<{ server: RunningServer; pid: number }> {
  const server = await startServer({ dataDir, launcher: NON_REAPING_PARENT });
  const pid = Number(/server pid (\d+)/.exec(server.output())?.[1]);
  expect(pid).toBeGreaterThan(0);
  serverPids.push(pid);
  return { server, pid };
}

/** The process's state letter from /proc (Z: a zombie, dead but not collected). */
function processState(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
  } catch {
    return undefined;
  }
}

async function becomesZombie(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (processState(pid) === 'Z') return true;
    await delay(50);
  }
  return false;
}

const ROUNDS = 10;

describe('restarting on PGlite', () => {
  test(
    `kill -9 and an immediate restart, ${ROUNDS} rounds: it comes back each time with every acknowledged save`,
    async () => {
      const dataDir = tempDir();
      let { server, pid } = await startUnderParent(dataDir);
      const team = await createTeam(server, 'Phoenix Bakery');
      const acknowledged = new Map<number, Record<string, unknown>>();
      for (let round = 1; round <= ROUNDS; round++) {
        // Each round saves to one activity of eight, so later rounds overwrite earlier ones' answers.
        const phase = ((round - 1) % 8) + 1;
        const answers = { company_name: `Phoenix Bakery, round ${round}`, notes: 'x'.repeat(round * 100) };
        const response = await savePhaseData(server, team, phase, answers);
        expect(response.status, server.output()).toBe(200);
        await response.body?.cancel();
        acknowledged.set(phase, answers);

        process.kill(pid, 'SIGKILL');
        // On Linux the killed server stays a zombie: its pid answers kill(pid, 0) as a live one would.
        if (process.platform === 'linux') expect(await becomesZombie(pid)).toBe(true);
        ({ server, pid } = await startUnderParent(dataDir));
        expect(server.output()).not.toContain('does not answer');
        for (const [saved, expected] of acknowledged) {
          expect(await savedAnswers(server, team, saved), `round ${round}, activity ${saved}`).toEqual(
            expected,
          );
        }
      }
    },
    ROUNDS * 60_000,
  );

  test('a lock file from an earlier version naming a live unrelated process does not block the start', async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    await stopServer(first);
    // pid 1 always runs; this test's own pid is alive too (a reused pid, as after a reboot).
    writeFileSync(path.join(dataDir, LEGACY_LOCK_FILE), '1\n');
    const second = await startServer({ dataDir });
    await stopServer(second);
    writeFileSync(path.join(dataDir, LEGACY_LOCK_FILE), `${process.pid}\n`);
    const third = await startServer({ dataDir });
    expect((await fetch(`${third.baseUrl}/api/health`)).status).toBe(200);
    await stopServer(third);
  }, 300_000);

  test('a second server on the same data directory is refused, naming the first, which keeps serving', async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir });
    const team = await createTeam(first, 'First Come');
    const refusal = await startServer({ dataDir }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refusal).toContain(
      `The data directory ${dataDir} is in use by another process (pid ${first.child.pid}).`,
    );
    expect(refusal).toMatch(/The server exited \(1\) before it listened/);
    const response = await savePhaseData(first, team, 1, { company_name: 'Still Serving' });
    expect(response.status).toBe(200);
    expect(await savedAnswers(first, team, 1)).toEqual({ company_name: 'Still Serving' });
    await stopServer(first);
  }, 300_000);
});
