/**
 * The live layer after PostgreSQL stops and starts again (docs/RESILIENCE.md): a PostgreSQL cluster of the
 * test's own, two instances of the built server on it, a team's page open on each. PostgreSQL is stopped for
 * real and started again, once as a crash (`pg_ctl stop -m immediate`: recovery empties the UNLOGGED tables,
 * among them the one saying which pages are open) and once cleanly (`-m fast`). Without a reload, the open
 * pages see each other again, each hears its teammate's answer saved on the other instance, and a page opened
 * afterwards on either instance sees every open page of the team, all within RECOVERY_MS of PostgreSQL
 * accepting connections again.
 *
 * Before (docs/decisions/037), after a crash the instances listened again but told each other of no save (no
 * page of the team looked open anywhere), and the open pages were missing from the presence line until a
 * reload.
 */
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import type { LiveMessage } from '../../shared/schemas/live.ts';
import {
  cleanupAll,
  createTeam,
  delay,
  type FollowedStream,
  followEventStream,
  type RunningServer,
  startServer,
  waitForHealth,
} from '../../../testing/resilience/harness.ts';
import { PostgresCluster, postgresBinDir } from '../../../testing/resilience/postgres-cluster.ts';
import { waitUntil } from '../../../testing/wait.ts';

/**
 * From PostgreSQL accepting connections again to the last check: an instance's listener tries again at most
 * every 10 s, and once it listens its pages come back within 8 s (live/plugin.ts, RESUME_RETRY_MS); the rest
 * is room for a busy machine.
 */
const RECOVERY_MS = 30_000;

const binDir = postgresBinDir();
let cluster: PostgresCluster | undefined;

afterEach(async () => {
  await cleanupAll();
  await cluster?.destroy();
  cluster = undefined;
}, 150_000);

type Message = LiveMessage & { event?: { type: string; [key: string]: unknown } };

type Page = { id: string; name: string; server: RunningServer; stream: FollowedStream<Message> };

/** The team's open pages as a page last heard them: its latest full list, then the changes after it. */
function openPages(messages: Message[]): Set<string> | undefined {
  let pages: Set<string> | undefined;
  for (const message of messages) {
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

async function query(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const NO_POSTGRES =
  'no PostgreSQL server programs (initdb, pg_ctl, postgres) in /usr/lib/postgresql/*/bin or on PATH';

describe('the live layer after PostgreSQL stops under open streams and starts again, without a reload', () => {
  test("after a crash (pg_ctl stop -m immediate) the open pages see each other and hear each other's answers", async (context) => {
    if (!binDir) return context.skip(NO_POSTGRES);
    await stopAndStartUnderOpenStreams(binDir, 'immediate');
  }, 400_000);

  test("after a clean restart (pg_ctl stop -m fast) the open pages see each other and hear each other's answers", async (context) => {
    if (!binDir) return context.skip(NO_POSTGRES);
    await stopAndStartUnderOpenStreams(binDir, 'fast');
  }, 400_000);
});

/** Two instances on a cluster of its own, a team's page open on each, PostgreSQL stopped (`mode`) and started. */
async function stopAndStartUnderOpenStreams(binDir: string, mode: 'immediate' | 'fast') {
  const pgCluster = await PostgresCluster.start(binDir);
  cluster = pgCluster; // stopped and removed in afterEach
  const a = await startServer({ databaseUrl: pgCluster.url });
  const b = await startServer({ databaseUrl: pgCluster.url });
  const team = await createTeam(a, 'Outage Owls');
  // Another team's page, written straight into `presence`: whether it is still there after the stop tells a
  // crash (recovery empties the UNLOGGED tables) from a clean restart (they are kept).
  const bystanders = await createTeam(a, 'Bystanders');
  await query(
    pgCluster.url,
    `insert into presence (team_id, client_id, stream_id, instance) values ($1, 'ghost', gen_random_uuid(), 'nowhere')`,
    [bystanders.id],
  );

  const headers = { cookie: team.cookie };
  const openPage = (server: RunningServer, clientId: string) =>
    followEventStream<Message>(server, `/api/events?page=${team.id}:${clientId}:1`, headers);
  // One teammate's page on each instance, each followed as a browser's EventSource follows it (it reconnects
  // by itself when the server ends its stream: no reload).
  const pageA: Page = { id: 'device-a', name: 'the page on A', server: a, stream: openPage(a, 'device-a') };
  const pageB: Page = { id: 'device-b', name: 'the page on B', server: b, stream: openPage(b, 'device-b') };
  const pages = [pageA, pageB];
  const seesBoth = (seen: Set<string> | undefined) => pages.every((page) => seen?.has(page.id) === true);
  const save = async (by: Page, value: string) => {
    const response = await fetch(`${by.server.baseUrl}/api/phase-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        teamId: team.id,
        phaseNumber: 1,
        data: { company_name: value },
        clientId: by.id,
      }),
    });
    expect(response.status, `${by.name} saving "${value}"`).toBe(200);
  };
  /**
   * Each page hears its teammate on the other instance, who keeps typing (a save made before both instances
   * listen again and both pages are back in the presence line reaches nobody: the next one must).
   */
  const eachHearsTheOther = async (label: string, deadline: number) => {
    const heard = new Set<Page>();
    for (let i = 1; heard.size < pages.length; i++) {
      const waiting = pages.filter((hearer) => !heard.has(hearer));
      if (Date.now() > deadline)
        throw new Error(
          `timed out: ${waiting.map((page) => page.name).join(' and ')} hearing the other's save`,
        );
      const values = new Map<Page, string>();
      for (const hearer of waiting) {
        const by = hearer === pageA ? pageB : pageA;
        values.set(hearer, `${label} ${i}, from ${by.id}`);
        await save(by, values.get(hearer)!);
      }
      await delay(1000);
      for (const [hearer, value] of values)
        if (hearer.stream.messages.some(heardAnswer(value))) heard.add(hearer);
    }
  };

  const ready = Date.now() + 60_000;
  for (const page of pages)
    await waitUntil(() => seesBoth(openPages(page.stream.messages)), `${page.name} to see both`, {
      until: ready,
      every: 250,
    });
  await eachHearsTheOther('before', ready);

  // PostgreSQL stops under the open streams, both instances notice, and it starts again.
  await pgCluster.stop(mode);
  await Promise.all([waitForHealth(a, 503), waitForHealth(b, 503)]);
  await pgCluster.start();
  const deadline = Date.now() + RECOVERY_MS;
  const ghosts = await query(pgCluster.url, `select 1 from presence where client_id = 'ghost'`);
  expect(ghosts.rowCount, 'pages left in the presence table').toBe(mode === 'immediate' ? 0 : 1);

  await eachHearsTheOther(`after ${mode}`, deadline);
  // A page opened now, on either instance, sees every open page of the team.
  for (const server of [a, b]) {
    const where = server === a ? 'A' : 'B';
    await waitUntil(
      async () => {
        const late = openPage(server, `device-late-${where}`);
        try {
          await late.waitUntil(
            (m) => m.event?.type === 'presence',
            Math.max(deadline - Date.now(), 0),
            `a page opened late on ${where}`,
          );
          return seesBoth(openPages(late.messages));
        } finally {
          late.stop();
        }
      },
      `a page opened late on ${where} to see both open pages`,
      { until: deadline, every: 250 },
    );
  }
  // And the open pages see each other.
  for (const page of pages)
    await waitUntil(() => seesBoth(openPages(page.stream.messages)), `${page.name} to see both`, {
      until: deadline,
      every: 250,
    });
  for (const page of pages) page.stream.stop();
}
