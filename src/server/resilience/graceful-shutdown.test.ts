/**
 * Failure: SIGTERM drains in-flight requests. Several autosaves are left half-sent (headers
 * and part of the body) so they are provably in flight when the signal arrives; the server must stop
 * accepting connections, still answer those saves with 200, commit them, and exit 0.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import {
  cleanupAll,
  savedAnswers,
  createPostgresDatabase,
  createTeam,
  delay,
  type RunningServer,
  type ServerOptions,
  startServer,
  type Team,
  tempDir,
} from '../../../testing/resilience/harness.ts';

const MODES = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

afterEach(cleanupAll, 30_000);

type SlowSave = { finish(): void; response: Promise<{ status: number; body: string }> };

/** POST /api/phase-data with its headers and half its body sent; `finish()` sends the rest. */
function startSlowSave(server: RunningServer, team: Team, phaseNumber: number, data: object): SlowSave {
  const body = Buffer.from(JSON.stringify({ teamId: team.id, phaseNumber, data }));
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${server.baseUrl}/api/phase-data`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length, cookie: team.cookie },
    });
    request.on('error', reject);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    request.write(body.subarray(0, half));
    finish = () => request.end(body.subarray(half));
  });
  return { finish: () => finish(), response };
}

/** True once a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

function countIncoming(server: RunningServer, url: string): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"incoming request"') && line.includes(`"url":"${url}"`)).length;
}

describe.each(MODES)('SIGTERM on %s', (mode) => {
  test('in-flight saves complete with 200 and are kept, new connections are refused, the process exits 0', async () => {
    const where: ServerOptions =
      mode === 'pglite' ? { dataDir: tempDir() } : { databaseUrl: (await createPostgresDatabase()).url };
    const server = await startServer(where);
    const team = await createTeam(server, 'Drain Testers');

    const phases = [1, 2, 3, 4, 5];
    const saves = phases.map((phase) =>
      startSlowSave(server, team, phase, { company_name: `In flight ${phase}`, notes: 'y'.repeat(4000) }),
    );
    // The server has parsed every request's headers (Fastify logs each at onRequest): they are in flight.
    const deadline = Date.now() + 30_000;
    while (countIncoming(server, '/api/phase-data') < phases.length) {
      if (Date.now() > deadline) throw new Error(`requests never arrived:\n${server.output()}`);
      await delay(50);
    }

    server.child.kill('SIGTERM');
    // Stops accepting: a new connection is refused while the saves are still open.
    const refusedBy = Date.now() + 10_000;
    while (!(await connectionRefused(server.port))) {
      if (Date.now() > refusedBy) throw new Error('the server kept accepting connections after SIGTERM');
      await delay(50);
    }
    expect(server.child.exitCode).toBeNull();

    for (const save of saves) save.finish();
    const results = await Promise.all(saves.map((s) => s.response));
    expect(results.map((r) => r.status)).toEqual(phases.map(() => 200));
    expect(await server.exited).toEqual({ code: 0, signal: null });

    // The drained saves were committed, not only answered.
    const again = await startServer(where);
    for (const phase of phases) {
      expect(await savedAnswers(again, team, phase)).toMatchObject({ company_name: `In flight ${phase}` });
    }
  }, 400_000);
});
