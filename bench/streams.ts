/**
 * `npm run bench:streams`: how many live-classroom event streams (SSE, `GET /api/cohorts/:tag/events`) one
 * instance holds, what they cost in memory, and how long a change takes to reach all of them. Two
 * instances on a fresh PostgreSQL database, as behind the proxy: the streams are opened on instance A and
 * the change (an instructor opening or closing voting) is made on instance B, so it travels through
 * PostgreSQL's NOTIFY before A writes it to every stream. Writes its table into docs/PERFORMANCE.md.
 *
 * STREAM_COUNTS=1000,2000,4000 (default) sets the steps; each step adds streams to the ones already open.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminCookie, type BenchServer, ROOT, cpuMs, rssMb, startServer } from './server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const COUNTS = (process.env.STREAM_COUNTS ?? '1000,2000,4000').split(',').map(Number);
const ROUNDS = 20;
const TAG = 'bench-live';
/** The flood limit out of the way: thousands of streams are opened from one address on purpose. */
const STREAMS_ENV = { RATE_LIMIT_PER_MINUTE: '100000000' };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One open stream: when it last saw `"votingOpen":<value>` in an event. */
type Stream = { socket: http.ClientRequest; seen: Map<boolean, number>; ready: Promise<void> };

function openStream(base: string): Stream {
  const seen = new Map<boolean, number>();
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const request = http.get(`${base}/api/cohorts/${TAG}/events`, { agent: false }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const now = performance.now();
      if (chunk.includes('"votingOpen":true')) seen.set(true, now);
      if (chunk.includes('"votingOpen":false')) seen.set(false, now);
      if (chunk.includes('"type":"ballots"')) markReady();
    });
  });
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
    await delay(2000);
    const idleRss = rssMb(pid);
    let votingOpen = false;

    for (const count of COUNTS) {
      while (streams.length < count) {
        const batch = Array.from({ length: Math.min(200, count - streams.length) }, () => openStream(a.base));
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

await main();
