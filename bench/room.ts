/**
 * `npm run bench:room`: the live room's moment. One instance at its default settings (rate limits
 * included), 200 results pages of one cohort open on it (`GET /api/cohorts/:tag/events`, one socket
 * each, all from one address as a classroom behind one router), an instructor presses the reveal
 * (`POST /api/admin/cohorts/:tag/reveal`): how long until each page, and all 200, heard it, and what the
 * 200 streams cost the server in memory (RSS before and after opening them). On PostgreSQL (when
 * `TEST_DATABASE_URL` or `BENCH_DATABASE_URL` is set, on a fresh database) and PGlite, each ROOM_ROUNDS
 * times (default 10: hide the results, release them, reveal). Adds its rows to the table under "The live
 * room: 200 open streams" in docs/PERFORMANCE.md.
 *
 * ROOM_STREAMS=200 (default) sets the number of pages.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminCookie, ROOT, rssMb, startServer } from './server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const STREAMS = Number(process.env.ROOM_STREAMS ?? 200);
const ROUNDS = Number(process.env.ROOM_ROUNDS ?? 10);
const TAG = 'bench-room';

type Mode = 'PostgreSQL' | 'PGlite';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One open results page: when it first heard the winners revealed and the reveal taken back, since `reset`. */
type Page = {
  request: http.ClientRequest;
  revealed: number | undefined;
  hidden: number | undefined;
  ready: Promise<void>;
};

function openPage(base: string): Page {
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const page: Page = {
    request: undefined as unknown as http.ClientRequest,
    revealed: undefined,
    hidden: undefined,
    ready,
  };
  page.request = http.get(`${base}/api/cohorts/${TAG}/events`, { agent: false }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const now = performance.now();
      // The stream starts with the reveal state: the page is ready once that has arrived.
      if (chunk.includes('"type":"reveal"')) markReady();
      if (chunk.includes('"type":"reveal","revealedAt":"')) page.revealed ??= now;
      if (chunk.includes('"type":"reveal","revealedAt":null')) page.hidden ??= now;
    });
  });
  page.request.on('error', () => {});
  return page;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function waitUntil(done: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`${what} did not happen in 30 s`);
    await delay(2);
  }
}

async function measure(mode: Mode, databaseUrl: string | undefined): Promise<string[]> {
  const server = await startServer(databaseUrl);
  const pages: Page[] = [];
  try {
    const pid = server.child.pid!;
    const call = async (method: string, url: string, cookie: string, body?: unknown) => {
      const response = await fetch(`${server.base}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), cookie },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response;
    };
    const cookie = await adminCookie(server.base);
    await call('POST', '/api/admin/cohorts', cookie, { tag: TAG, name: 'Bench room' });
    await call('PATCH', `/api/admin/cohorts/${TAG}`, cookie, { competitionEnabled: true });

    await delay(2000);
    const before = rssMb(pid);
    for (let i = 0; i < STREAMS; i++) pages.push(openPage(server.base));
    await Promise.race([
      Promise.all(pages.map((p) => p.ready)),
      delay(60_000).then(() => {
        throw new Error(`the ${STREAMS} streams did not all open in 60 s`);
      }),
    ]);
    await delay(2000);
    const after = rssMb(pid);

    const arrivals: number[] = [];
    const toAll: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Hide the results (the reveal is taken back on every page), then release them again.
      for (const page of pages) page.hidden = undefined;
      await call('PATCH', `/api/admin/cohorts/${TAG}`, cookie, { resultsVisible: false });
      await waitUntil(() => pages.every((p) => p.hidden !== undefined), 'the reveal taken back everywhere');
      await call('PATCH', `/api/admin/cohorts/${TAG}`, cookie, { resultsVisible: true });
      await delay(200);

      for (const page of pages) page.revealed = undefined;
      const sent = performance.now();
      await call('POST', `/api/admin/cohorts/${TAG}/reveal`, cookie);
      await waitUntil(() => pages.every((p) => p.revealed !== undefined), 'the reveal reaching every page');
      const round_ = pages.map((p) => p.revealed! - sent).sort((a, b) => a - b);
      arrivals.push(...round_);
      toAll.push(round_.at(-1)!);
      await delay(200);
    }
    arrivals.sort((a, b) => a - b);
    toAll.sort((a, b) => a - b);
    const row = [
      new Date().toISOString().slice(0, 10),
      mode,
      String(STREAMS),
      percentile(arrivals, 50).toFixed(1),
      percentile(arrivals, 99).toFixed(1),
      arrivals.at(-1)!.toFixed(1),
      percentile(toAll, 50).toFixed(1),
      (after - before).toFixed(1),
      (((after - before) * 1024) / STREAMS).toFixed(1),
      after.toFixed(0),
    ];
    console.log(
      `${mode}: ${STREAMS} pages, ${ROUNDS} reveals: a page heard it in p50 ${row[3]} ms, p99 ${row[4]} ms, ` +
        `max ${row[5]} ms (all ${STREAMS}: median ${row[6]} ms); the streams added ${row[7]} MB RSS ` +
        `(${row[8]} KB each; ${row[9]} MB in all)`,
    );
    return row;
  } finally {
    for (const page of pages) page.request.destroy();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  if (ADMIN_URL) {
    const name = `genai_room_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      rows.push(await measure('PostgreSQL', url.toString()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('TEST_DATABASE_URL / BENCH_DATABASE_URL not set: PGlite only');
  }
  rows.push(await measure('PGlite', undefined));
  writeReport(rows);
}

/** Adds the rows to the table between the markers (earlier runs stay, the newest last). */
function writeReport(rows: string[][]): void {
  const marker = '<!-- room:figures -->';
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  const header = [
    '| measured | database | open streams | a page hears the reveal, p50 ms | p99 ms | max ms (the last of all) | all pages, median of the rounds, ms | RSS added by the streams, MB | per stream, KB | server RSS, MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  let doc = readFileSync(file, 'utf8');
  const parts = doc.split(marker);
  const earlier =
    parts.length >= 3 ? parts[1]!.split('\n').filter((line) => /^\| \d{4}-\d{2}-\d{2} /.test(line)) : [];
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const table = [...header, ...earlier, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  const section = `${marker}\nBy \`npm run bench:room\` on ${os.cpus().length} cores (${cpu}), Node ${process.version}, ${ROUNDS} reveals per row; client and server share the machine.\n\n${table}\n${marker}`;
  doc = parts.length >= 3 ? `${parts[0]}${section}${parts.slice(2).join(marker)}` : `${doc}\n${section}\n`;
  writeFileSync(file, doc);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

await main();
