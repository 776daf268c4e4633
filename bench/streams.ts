/**
 * `npm run bench:streams`: how many live-classroom event streams (SSE, `GET /api/events?cohort=TAG`, one per
 * browser) one instance holds, what they cost in memory, and how long a change takes to reach all of them.
 * Two instances on a fresh PostgreSQL database, as behind the proxy: the streams are opened on instance A and
 * the change (an instructor opening or closing voting) is made on instance B, so it travels through
 * PostgreSQL's NOTIFY before A writes it to every stream. A thousand streams come from each loopback address
 * (127.0.0.1, 127.0.0.2 ...), within the per-address cap, as rooms on different networks would; each is a
 * participant's browser, with a team session (8 streams a session, its cap), since streams with no session
 * at all have only a quarter of an instance (docs/decisions/037).
 *
 * Then the readers that never read: 1,008 streams of 42 teams (their cap of 24 each), every one from a fresh
 * session, reading nothing, while the teams save large answers on A: the server's memory and how long
 * `/api/health` takes meanwhile, and how many streams the server disconnected for falling behind.
 *
 * Writes both tables into docs/PERFORMANCE.md. STREAM_COUNTS=1000,2000,4000 (default) sets the steps; each
 * step adds streams to the ones already open.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminCookie, type BenchServer, ROOT, cpuMs, rssMb, startServer } from './server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const COUNTS = (process.env.STREAM_COUNTS ?? '1000,2000,4000').split(',').map(Number);
const ROUNDS = 20;
const TAG = 'bench-live';
/** Streams opened from one loopback address: under the server's cap of 1,200 per address. */
const PER_ADDRESS = 1000;
/** A session's cap on open streams. */
const STREAMS_PER_SESSION = 8;
/** The flood limit out of the way: thousands of streams are opened from one address on purpose. */
const STREAMS_ENV = { RATE_LIMIT_PER_MINUTE: '100000000' };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One open stream: when it last saw `"votingOpen":<value>` in an event. */
type Stream = { socket: http.ClientRequest; seen: Map<boolean, number>; ready: Promise<void> };

function openStream(base: string, n: number, cookie: string): Stream {
  const seen = new Map<boolean, number>();
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const localAddress = `127.0.0.${1 + Math.floor(n / PER_ADDRESS)}`;
  const request = http.get(
    `${base}/api/events?cohort=${TAG}`,
    { agent: false, localAddress, headers: { cookie } },
    (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const now = performance.now();
        if (chunk.includes('"votingOpen":true')) seen.set(true, now);
        if (chunk.includes('"votingOpen":false')) seen.set(false, now);
        if (chunk.includes('"type":"ballots"')) markReady();
      });
    },
  );
  request.on('error', () => {});
  return { socket: request, seen, ready };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  if (!ADMIN_URL)
    throw new Error('Set TEST_DATABASE_URL (or BENCH_DATABASE_URL): the streams bench runs on PostgreSQL.');
  const name = `genai_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const servers: BenchServer[] = [];
  const streams: Stream[] = [];
  const rows: string[][] = [];
  try {
    servers.push(await startServer(url.toString(), STREAMS_ENV));
    servers.push(await startServer(url.toString(), STREAMS_ENV));
    const [a, b] = servers as [BenchServer, BenchServer];
    const pid = a.child.pid!;
    const cookie = await adminCookie(b.base);
    await fetch(`${b.base}/api/admin/cohorts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ tag: TAG, name: 'Bench live' }),
    });
    // The participants' sessions: one team, signed in again for every 8 streams (a session's cap).
    const created = await fetch(`${b.base}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench participants' }),
    });
    const { accessToken } = (await created.json()) as { accessToken: string };
    const sessions: string[] = [];
    const sessionFor = async (n: number) => {
      const index = Math.floor(n / STREAMS_PER_SESSION);
      while (sessions.length <= index) sessions.push(await freshSession(b.base, accessToken));
      return sessions[index]!;
    };
    await delay(2000);
    const idleRss = rssMb(pid);
    let votingOpen = false;

    for (const count of COUNTS) {
      while (streams.length < count) {
        const batch: Stream[] = [];
        for (let i = 0; i < Math.min(200, count - streams.length); i++) {
          const n = streams.length + i;
          batch.push(openStream(a.base, n, await sessionFor(n)));
        }
        streams.push(...batch);
        const opened = Promise.all(batch.map((s) => s.ready));
        const timeout = delay(60_000).then(() => {
          throw new Error(
            `streams ${streams.length - batch.length + 1}-${streams.length} did not all open in 60 s`,
          );
        });
        await Promise.race([opened, timeout]);
      }
      await delay(2000);
      const rss = rssMb(pid);
      // The server's CPU while the streams idle (heartbeats), subtracted from the rounds' below.
      const idleStart = [cpuMs(pid), performance.now()] as const;
      await delay(3000);
      const idleRate = (cpuMs(pid) - idleStart[0]) / (performance.now() - idleStart[1]);
      const toAll: number[] = [];
      const medians: number[] = [];
      const roundsStart = [cpuMs(pid), performance.now()] as const;
      for (let round = 0; round < ROUNDS; round++) {
        votingOpen = !votingOpen;
        const sent = performance.now();
        const change = await fetch(`${b.base}/api/admin/cohorts/${TAG}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ votingOpen }),
        });
        if (!change.ok) throw new Error(`PATCH: ${change.status}`);
        const deadline = performance.now() + 30_000;
        while (streams.some((s) => (s.seen.get(votingOpen) ?? 0) < sent) && performance.now() < deadline) {
          await delay(5);
        }
        const arrivals = streams
          .map((s) => (s.seen.get(votingOpen) ?? Number.NaN) - sent)
          .sort((x, y) => x - y);
        if (arrivals.some(Number.isNaN))
          throw new Error(`round ${round}: some streams never heard the change`);
        toAll.push(arrivals.at(-1)!);
        medians.push(percentile(arrivals, 50));
        await delay(100);
      }
      const roundsCpu = cpuMs(pid) - roundsStart[0] - idleRate * (performance.now() - roundsStart[1]);
      toAll.sort((x, y) => x - y);
      medians.sort((x, y) => x - y);
      const row = [
        String(count),
        (rss - idleRss).toFixed(0),
        (((rss - idleRss) * 1024) / count).toFixed(1),
        rss.toFixed(0),
        percentile(medians, 50).toFixed(0),
        percentile(toAll, 50).toFixed(0),
        toAll.at(-1)!.toFixed(0),
        Math.max(0, roundsCpu / ROUNDS).toFixed(1),
      ];
      rows.push(row);
      console.log(
        `${count} streams: +${row[1]} MB (${row[2]} KB each, RSS ${row[3]} MB); a change reached half in ${row[4]} ms, ` +
          `all in ${row[5]} ms (worst of ${ROUNDS}: ${row[6]} ms); server CPU per change ${row[7]} ms`,
      );
    }
    writeReport(rows, idleRss);
    for (const stream of streams.splice(0)) stream.socket.destroy();
    await delay(2000);
    writeUnreadReport(await unreadStreams(a));
  } finally {
    for (const stream of streams) stream.socket.destroy();
    for (const server of servers) await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function writeReport(rows: string[][], idleRss: number): void {
  const marker = '<!-- streams:figures -->';
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  const table = [
    '| open streams on one instance | server RSS added, MB | per stream, KB | server RSS, MB | a change reaches half the streams, ms | ... all of them, ms (median of 20 changes) | worst of 20, ms | server CPU per change, ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const section = `${marker}\nMeasured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:streams\` on ${os.cpus().length} cores (${cpu}), Node ${process.version}: two instances on one PostgreSQL, the streams held by one and the change made on the other; server RSS ${idleRss.toFixed(0)} MB before the first stream.\n\n${table}\n${marker}`;
  let doc = readFileSync(file, 'utf8');
  const parts = doc.split(marker);
  doc = parts.length >= 3 ? `${parts[0]}${section}${parts.slice(2).join(marker)}` : `${doc}\n${section}\n`;
  writeFileSync(file, doc);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

/** Signs a team in again with its access token: a fresh session, its cookie. */
async function freshSession(base: string, accessToken: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/team/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_token: accessToken }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A stream that reads its status line and never reads again; resolves with its socket once it answered. */
function unreadStream(base: string, path: string, cookie: string): Promise<net.Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${cookie}\r\n\r\n`);
    });
    socket.once('data', (chunk) => {
      socket.pause();
      if (chunk.toString().startsWith('HTTP/1.1 200')) resolve(socket);
      else reject(new Error(`stream refused: ${chunk.toString().slice(0, 80)}`));
    });
    socket.on('error', () => {});
  });
}

const UNREAD_TEAMS = 42;
const UNREAD_PER_TEAM = 24;
const UNREAD_SAVES = 80;
const SAVE_BYTES = 60_000;

type UnreadFigures = {
  streams: number;
  sent: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  healthMs: number[];
  disconnected: number;
};

async function unreadStreams(a: BenchServer): Promise<UnreadFigures> {
  const pid = a.child.pid!;
  const sockets: net.Socket[] = [];
  const teams: { id: string; cookie: string }[] = [];
  for (let t = 0; t < UNREAD_TEAMS; t++) {
    const created = await fetch(`${a.base}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Unread ${t}` }),
    });
    const team = (await created.json()) as { id: string; accessToken: string };
    const cookie = created.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    teams.push({ id: team.id, cookie });
    for (let s = 0; s < UNREAD_PER_TEAM; s++) {
      const fresh = await freshSession(a.base, team.accessToken);
      sockets.push(await unreadStream(a.base, `/api/events?page=${team.id}:unread-page-${s}:1`, fresh));
    }
  }
  await delay(2000);
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
  }, 200);
  const healthMs: number[] = [];
  const probe = setInterval(async () => {
    const started = performance.now();
    try {
      await fetch(`${a.base}/api/health`, { signal: AbortSignal.timeout(30_000) });
      healthMs.push(performance.now() - started);
    } catch {
      healthMs.push(Number.POSITIVE_INFINITY);
    }
  }, 500);
  const notes = 'x'.repeat(SAVE_BYTES);
  for (let round = 0; round < UNREAD_SAVES; round++) {
    await Promise.all(
      teams.map(async (team) => {
        const saved = await fetch(`${a.base}/api/phase-data`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: team.cookie },
          body: JSON.stringify({ teamId: team.id, phaseNumber: 1, data: { notes: `${round}${notes}` } }),
        });
        if (!saved.ok) throw new Error(`save: ${saved.status}`);
        await saved.body?.cancel();
      }),
    );
  }
  await delay(2000);
  clearInterval(sampler);
  clearInterval(probe);
  const rssAfter = rssMb(pid);
  // Read what each holds: a stream the server disconnected ends once its buffered data is read.
  let disconnected = 0;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const done = (closed: boolean) => {
            if (closed) disconnected++;
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => done(false), 10_000);
          socket.once('end', () => done(true));
          socket.once('close', () => done(true));
          socket.on('data', () => {});
          socket.resume();
        }),
    ),
  );
  for (const socket of sockets) socket.destroy();
  const figures = {
    streams: sockets.length,
    sent: (UNREAD_TEAMS * UNREAD_SAVES * UNREAD_PER_TEAM * SAVE_BYTES) / 1e6,
    rssBefore,
    rssPeak,
    rssAfter,
    healthMs: healthMs.sort((x, y) => x - y),
    disconnected,
  };
  console.log(
    `${figures.streams} unread streams, ${figures.sent.toFixed(0)} MB of events sent to them: RSS ${rssBefore.toFixed(0)} -> peak ` +
      `${rssPeak.toFixed(0)} -> ${rssAfter.toFixed(0)} MB; /api/health p50 ${percentile(figures.healthMs, 50).toFixed(0)} ms, ` +
      `worst ${figures.healthMs.at(-1)?.toFixed(0)} ms; ${disconnected} disconnected for falling behind`,
  );
  return figures;
}

function writeUnreadReport(f: UnreadFigures): void {
  const marker = '<!-- streams:unread -->';
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  const table = [
    '| unread streams (fresh sessions) | events sent to them, MB | server RSS before, MB | peak, MB | after, MB | `/api/health` meanwhile, p50 / worst ms | disconnected for falling behind |',
    '|---|---|---|---|---|---|---|',
    `| ${f.streams} (${UNREAD_TEAMS} teams x ${UNREAD_PER_TEAM}) | ${f.sent.toFixed(0)} | ${f.rssBefore.toFixed(0)} | ${f.rssPeak.toFixed(0)} | ${f.rssAfter.toFixed(0)} | ${percentile(f.healthMs, 50).toFixed(0)} / ${f.healthMs.at(-1)?.toFixed(0)} | ${f.disconnected} |`,
  ].join('\n');
  const section = `${marker}\nMeasured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:streams\` (PostgreSQL, one instance holding the streams): each of ${UNREAD_TEAMS} teams saves ${UNREAD_SAVES} answers of ${SAVE_BYTES / 1000} KB while its ${UNREAD_PER_TEAM} streams read nothing.\n\n${table}\n${marker}`;
  let doc = readFileSync(file, 'utf8');
  const parts = doc.split(marker);
  doc = parts.length >= 3 ? `${parts[0]}${section}${parts.slice(2).join(marker)}` : `${doc}\n${section}\n`;
  writeFileSync(file, doc);
}

await main();
