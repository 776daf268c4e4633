/**
 * The live layer after PostgreSQL comes back (docs/RESILIENCE.md): two instances, a team's pages open on
 * both, PostgreSQL cut off under them and back. Every open page hears its teammates' answers again, and a
 * page opened afterwards sees every open page of the team, without a reload.
 *
 * The instances reach PostgreSQL through a TCP proxy this test controls (the machine's cluster is never
 * stopped). A crash also empties PostgreSQL's UNLOGGED tables (open pages and instructors' streams), which a
 * cut connection does not: the test empties them while the database is unreachable, as crash recovery does.
 * Before, the instances listened again but never told each other of a save (no page looked open), and the
 * open pages were gone from the presence line until a reload.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import {
  cleanupAll,
  createPostgresDatabase,
  createTeam,
  delay,
  followEventStream,
  queryDatabase,
  startServer,
  TcpProxy,
  type Team,
  waitForHealth,
} from '../../../testing/resilience/harness.ts';

let proxy: TcpProxy | undefined;

afterEach(async () => {
  await cleanupAll();
  await proxy?.close();
  proxy = undefined;
}, 30_000);

type Message = LiveMessage & { event?: { type: string; [key: string]: unknown } };

/** The team's open pages as a page last heard them: its latest full list, then the changes after it. */
function openPages(messages: Message[], from = 0): Set<string> | undefined {
  let pages: Set<string> | undefined;
  for (const message of messages.slice(from)) {
    const event = message.event;
    if (event?.type === 'presence')
      pages = new Set((event.devices as { clientId: string }[]).map((d) => d.clientId));
    else if (event?.type === 'presence-change' && pages) {
      for (const device of event.upsert as { clientId: string }[]) pages.add(device.clientId);
      for (const clientId of event.remove as string[]) pages.delete(clientId);
    }
  }
  return pages;
}

const heardAnswer = (value: string) => (m: Message) =>
  m.event?.type === 'answers' &&
  (m.event.values as Record<string, unknown> | undefined)?.company_name === value;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the live layer after a PostgreSQL outage [postgres]', () => {
  test("every open page hears its teammates' answers again, and a new page sees every open page", async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const tcp = new TcpProxy(target.hostname, Number(target.port || 5432));
    proxy = tcp;
    await tcp.listen();
    const database = await createPostgresDatabase();
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(tcp.port);
    const [a, b] = [
      await startServer({ databaseUrl: proxied.toString() }),
      await startServer({ databaseUrl: proxied.toString() }),
    ];
    const team: Team = await createTeam(a, 'Outage Owls');
    const page = (clientId: string) => `/api/events?page=${team.id}:${clientId}:1`;
    const headers = { cookie: team.cookie };
    // One teammate's page on each instance.
    const one = followEventStream<Message>(a, page('device-one'), headers);
    const two = followEventStream<Message>(b, page('device-two'), headers);
    const bothOpen = () => {
      const seen = openPages(one.messages);
      return seen?.has('device-one') === true && seen.has('device-two');
    };
    await waitUntil(bothOpen, 'device one to see both pages', 30_000);
    const save = (value: string) =>
      fetch(`${b.baseUrl}/api/phase-data`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          teamId: team.id,
          phaseNumber: 1,
          data: { company_name: value },
          clientId: 'device-two',
        }),
      });
    expect((await save('Before')).status).toBe(200);
    await one.waitUntil(
      heardAnswer('Before'),
      15_000,
      "device one hearing device two's save before the outage",
    );

    // PostgreSQL goes away; crash recovery empties the UNLOGGED tables; it comes back.
    tcp.down();
    await Promise.all([waitForHealth(a, 503), waitForHealth(b, 503)]);
    await queryDatabase(database.name, 'truncate presence, admin_listeners');
    await delay(1500);
    tcp.up();
    await Promise.all([waitForHealth(a, 200, 60_000), waitForHealth(b, 200, 60_000)]);

    // Device two keeps typing; device one hears it, without a reload (its page reconnects by itself).
    let heard = false;
    for (let i = 0; i < 60 && !heard; i++) {
      const value = `After ${i}`;
      const saved = await save(value);
      expect([200, 503]).toContain(saved.status);
      heard = await one
        .waitUntil(heardAnswer(value), 1000, 'a save after the outage')
        .then(() => true)
        .catch(() => false);
    }
    expect(heard, "device one heard device two's answers after the outage").toBe(true);

    // A page opened now (on either instance) sees both open pages: they are back in the presence line.
    for (const server of [a, b]) {
      await waitUntil(
        async () => {
          const late = followEventStream<Message>(server, page('device-late'), headers);
          try {
            await late.waitUntil((m) => m.event?.type === 'presence', 10_000, 'the late page to open');
            const seen = openPages(late.messages);
            return seen?.has('device-one') === true && seen.has('device-two');
          } finally {
            late.stop();
          }
        },
        'a late page to see both open pages',
        30_000,
      );
    }
    one.stop();
    two.stop();
  }, 400_000);
});

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await delay(250);
  }
}
