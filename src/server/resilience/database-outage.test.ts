/**
 * Failure (docs/RESILIENCE.md): with the database down, /api/health is 503 and calls fail with a clear 503
 * `{ message }` (no stack, no SQL); when the database returns, the node-postgres pool opens new connections
 * and everything works again. The server reaches PostgreSQL through a TCP proxy this test controls, so the
 * machine's PostgreSQL cluster is never stopped.
 *
 * PGlite is not tested here: it runs inside the server process, so "the database is down while the server is
 * up" cannot happen short of a bug; a PGlite failure is a server failure (see durability.test.ts).
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  cleanupAll,
  savedAnswers,
  createPostgresDatabase,
  createTeam,
  readPhaseData,
  savePhaseData,
  startServer,
  stopServer,
  TcpProxy,
  waitForHealth,
} from '../../../testing/resilience/harness.ts';

const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly.' };

let proxy: TcpProxy | undefined;

afterEach(async () => {
  await cleanupAll();
  await proxy?.close();
  proxy = undefined;
}, 30_000);

/** A server whose PostgreSQL connections pass through a proxy the test controls, with one team that has saved. */
async function serverBehindProxy(teamName: string) {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const tcp = new TcpProxy(target.hostname, Number(target.port || 5432));
  proxy = tcp; // closed in afterEach
  await tcp.listen();
  const database = await createPostgresDatabase();
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(tcp.port);
  const server = await startServer({ databaseUrl: proxied.toString() });
  const team = await createTeam(server, teamName);
  expect((await savePhaseData(server, team, 1, { company_name: 'Before' })).status).toBe(200);
  return { server, team, tcp };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL outage (through a TCP proxy)', () => {
  test('health is 503 and calls answer a clear 503 while the database is down; all recovers when it returns', async () => {
    const { server, team, tcp } = await serverBehindProxy('Outage Otters');

    tcp.down();
    await waitForHealth(server, 503);
    expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toEqual({ status: 'unavailable' });

    const calls: [string, () => Promise<Response>][] = [
      ['save', () => savePhaseData(server, team, 1, { company_name: 'During' })],
      ['read', () => readPhaseData(server, team, 1)],
      ['look-up', () => fetch(`${server.baseUrl}/api/teams/${team.code}`)],
      [
        'create',
        () =>
          fetch(`${server.baseUrl}/api/teams`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Nobody' }),
          }),
      ],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      const text = await response.text();
      expect(response.status, name).toBe(503);
      expect(JSON.parse(text), name).toEqual(UNAVAILABLE);
      expect(text, name).not.toMatch(/select|insert|ECONN|terminated|stack|\bat \w/i);
    }
    // The process rides out the outage rather than crashing.
    expect(server.child.exitCode).toBeNull();

    const before = tcp.accepted;
    tcp.up();
    await waitForHealth(server, 200);
    const saved = await savePhaseData(server, team, 1, { company_name: 'After' });
    expect(saved.status).toBe(200);
    expect(await savedAnswers(server, team, 1)).toEqual({ company_name: 'After' });
    // The pool recovered by opening new connections through the proxy.
    expect(tcp.accepted).toBeGreaterThan(before);
    // Shutdown is still clean after an outage.
    expect(await stopServer(server, 'SIGTERM')).toEqual({ code: 0, signal: null });
  }, 400_000);

  test('a database that stops answering (network partition): health is 503 in seconds, calls 503, then recovery', async () => {
    const { server, team, tcp } = await serverBehindProxy('Partition Pandas');

    tcp.hang();
    // The health check's own 2 s query timeout: a 503, not a request that never ends.
    const started = Date.now();
    const health = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(20_000) });
    expect(health.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
    // A call waits at most the pool's query timeout (10 s), then answers the clear 503.
    const save = await savePhaseData(server, team, 1, { company_name: 'During' });
    expect(save.status).toBe(503);
    expect(await save.json()).toEqual(UNAVAILABLE);

    tcp.up();
    await waitForHealth(server, 200);
    expect((await savePhaseData(server, team, 1, { company_name: 'After' })).status).toBe(200);
    expect(await savedAnswers(server, team, 1)).toEqual({ company_name: 'After' });
    expect(await stopServer(server, 'SIGTERM')).toEqual({ code: 0, signal: null });
  }, 400_000);
});
