/**
 * Failure: an acknowledged save survives `kill -9`, and sessions survive a restart. The real
 * server runs as a child process; PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  cleanupAll,
  jsonOf,
  savedAnswers,
  createPostgresDatabase,
  createTeam,
  type ServerOptions,
  savePhaseData,
  startServer,
  stopServer,
  tempDir,
} from '../../../testing/resilience/harness.ts';

const MODES = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
// Two or three server starts per test; on a busy 2-core machine one start has taken over a minute.
const TIMEOUT_MS = 400_000;

/** Where one server's data lives, so a second server can open the same. */
async function storage(mode: 'pglite' | 'postgres'): Promise<ServerOptions> {
  if (mode === 'pglite') return { dataDir: tempDir() };
  return { databaseUrl: (await createPostgresDatabase()).url };
}

afterEach(cleanupAll, 30_000);

describe.each(MODES)('durability on %s', (mode) => {
  test(
    'a save acknowledged with 200 survives kill -9 of the server',
    async () => {
      const where = await storage(mode);
      const first = await startServer(where);
      const team = await createTeam(first, 'Crash Test Dummies');
      // Concurrent saves to two activities, both acknowledged...
      const together = await Promise.all([
        savePhaseData(first, team, 2, { company_name: 'Parallel Two' }),
        savePhaseData(first, team, 3, { company_name: 'Parallel Three' }),
      ]);
      expect(together.map((r) => r.status)).toEqual([200, 200]);
      // ...then a run of saves to one activity; the process is killed the moment the last 200 arrives.
      let last: Record<string, unknown> = {};
      for (let i = 1; i <= 10; i++) {
        last = { company_name: `BrightBlocks v${i}`, notes: 'x'.repeat(2000 + i) };
        const response = await savePhaseData(first, team, 1, last);
        if (i === 10) first.child.kill('SIGKILL');
        expect(response.status).toBe(200);
        await response.body?.cancel();
      }
      expect((await first.exited).signal).toBe('SIGKILL');

      const second = await startServer(where);
      expect(await savedAnswers(second, team, 1)).toEqual(last);
      for (const [phase, name] of [
        [2, 'Parallel Two'],
        [3, 'Parallel Three'],
      ] as const) {
        expect(await savedAnswers(second, team, phase)).toEqual({
          company_name: name,
        });
      }
      await stopServer(second);
    },
    TIMEOUT_MS,
  );

  test(
    'the team session cookie still works after a graceful restart (SIGTERM, exit 0, start)',
    async () => {
      const where = await storage(mode);
      const first = await startServer(where);
      const team = await createTeam(first, 'Restart Rangers');
      expect((await savePhaseData(first, team, 1, { company_name: 'Before Restart' })).status).toBe(200);
      const stopped = await stopServer(first, 'SIGTERM');
      expect(stopped).toEqual({ code: 0, signal: null });

      const second = await startServer(where);
      const status = await fetch(`${second.baseUrl}/api/auth/team/status`, {
        headers: { cookie: team.cookie },
      });
      expect(status.status).toBe(200);
      expect((await jsonOf<{ team: unknown }>(status)).team).toMatchObject({ id: team.id, code: team.code });
      // The same cookie may still write and read.
      expect((await savePhaseData(second, team, 1, { company_name: 'After Restart' })).status).toBe(200);
      expect(await savedAnswers(second, team, 1)).toEqual({
        company_name: 'After Restart',
      });
      expect(await stopServer(second)).toEqual({ code: 0, signal: null });
    },
    TIMEOUT_MS,
  );
});
