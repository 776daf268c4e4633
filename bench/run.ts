/**
 * `npm run bench`: measures the budgets of docs/PERFORMANCE.md on loopback and writes the figures there.
 * Runs against PGlite, and against PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 * Each leg starts the real server (scripts/start.mjs) in its own process with a fresh database, at the
 * default settings (the flood and creation limits included): the room's saves all come from one address,
 * as a classroom's do; only workspace creation is spread over loopback addresses (127.0.0.x), since one
 * address may create 60 a minute.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { TextCopy } from '../src/shared/shared-text.ts';
import { BENCH_ADMIN, ROOT, cpuMs, rssMb, startServer } from './server.ts';

/** Workspaces one address may create a minute (src/server/plugins/security.ts). */
const CREATIONS_PER_ADDRESS = 60;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

type Leg = { name: string; databaseUrl?: string; databaseName?: string; cleanup?: () => Promise<void> };
type Figures = Record<string, string | number>;

/**
 * CPU time per request of the server process and, on PostgreSQL, of the backends serving the bench database
 * (found in pg_stat_activity; the database runs on this machine): the stable figure on a VM whose latencies
 * wander. The pool closes idle connections and opens new ones, so the backends are sampled every 100 ms and
 * each counts from its first sample (from zero when it started during the run) to its last.
 */
async function startCpuMeter(serverPid: number, databaseName?: string) {
  const serverStart = cpuMs(serverPid);
  const backends = new Map<number, { first: number; last: number }>();
  let client: pg.Client | undefined;
  const sample = async (initial: boolean) => {
    if (!client) return;
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    for (const { pid } of rows) {
      const cpu = cpuMs(pid);
      const seen = backends.get(pid);
      if (seen) seen.last = Math.max(seen.last, cpu);
      else backends.set(pid, { first: initial ? cpu : 0, last: cpu });
    }
  };
  if (databaseName) {
    client = new pg.Client({
      connectionString: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    });
    await client.connect();
    await sample(true);
  }
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false));
  }, 100);
  return {
    /** CPU ms per request since the start, for the server and the database. */
    async stop(requests: number) {
      clearInterval(timer);
      await sampling;
      await sample(false);
      await client?.end();
      let database = 0;
      for (const { first, last } of backends.values()) database += last - first;
      return {
        server: Number(((cpuMs(serverPid) - serverStart) / requests).toFixed(3)),
        database: Number((database / requests).toFixed(3)),
      };
    },
  };
}

/** The Node process that runs the server (start.mjs runs it in-process). */
function sampleRss(child: ChildProcess) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid!));
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(child.pid!));
    },
    reset: () => {
      peak = 0;
    },
  };
}

const loopbackAgents = new Map<string, http.Agent>();

/** One API call; `from` is the loopback address it is sent from (127.0.0.1 unless told). */
async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  cookie?: string,
  from?: string,
) {
  const { hostname, port } = new URL(base);
  const payload = body ? JSON.stringify(body) : undefined;
  const localAddress = from ?? '127.0.0.1';
  let agent = loopbackAgents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress });
    loopbackAgents.set(localAddress, agent);
  }
  const response = await new Promise<http.IncomingMessage & { text: string }>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        hostname,
        port,
        method,
        path: url,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve(Object.assign(res, { text })));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
  const setCookie = (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) throw new Error(`${method} ${url}: ${status} ${response.text}`);
  return {
    json: response.text ? JSON.parse(response.text) : undefined,
    cookie: setCookie,
    text: response.text,
  };
}

/**
 * Creates `count` workspaces, each from the loopback address its number gives, so that no address creates
 * more than the creation limit allows (`offset` continues the numbering of an earlier call).
 */
async function createTeams(base: string, count: number, concurrency = 20, offset = 0) {
  const teams: { id: string; cookie: string; accessToken: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const n = offset + i;
        const address = Math.floor(n / CREATIONS_PER_ADDRESS) + 2;
        const from = `127.0.${Math.floor(address / 250)}.${address % 250}`;
        const { json, cookie } = await call(
          base,
          'POST',
          '/api/teams',
          { name: `Bench team ${n}` },
          undefined,
          from,
        );
        teams.push({ id: json.id, cookie, accessToken: json.accessToken });
      }
    }),
  );
  return teams;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * The i-th autosave of a run: the phases in turn, about half a kilobyte of answers, sent as the client sends
 * it (the field the page changed, and the page's id).
 */
function autosaveBody(team: { id: string }, i: number): string {
  return JSON.stringify({
    teamId: team.id,
    phaseNumber: 1 + (i % 8),
    data: { research_questions: `Question ${i} ${'x'.repeat(400)}`, known_assumptions: 'Parents pay more' },
    changed: ['research_questions'],
    clientId: `bench-saver-${team.id.slice(0, 8)}`,
  });
}

/** The number of the autosave whose answers an event carries (its `Question N` marker). */
function autosaveNumber(event: { values?: Record<string, unknown> }): number | undefined {
  const match = /^Question (\d+) /.exec(String(event.values?.research_questions ?? ''));
  return match ? Number(match[1]) : undefined;
}

/**
 * One open workspace event stream per team (another page of the team, as a teammate's laptop), read over
 * its own socket. Resolves once every stream has sent its first events; `onAnswers` sees each save heard.
 */
async function openTeamStreams(
  base: string,
  teams: { id: string; cookie: string }[],
  onAnswers: (event: { values?: Record<string, unknown> }, at: number) => void,
) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: teams.length + 10 });
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    teams.map(
      (team, n) =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(
            {
              agent,
              hostname,
              port,
              path: `/api/teams/${team.id}/events?clientId=bench-listener-${n}`,
              headers: { cookie: team.cookie },
            },
            (response) => {
              if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
              response.setEncoding('utf8');
              let buffer = '';
              response.on('data', (chunk: string) => {
                buffer += chunk;
                for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  if (!block.startsWith('data: ')) continue;
                  const event = JSON.parse(block.slice(6)) as {
                    type: string;
                    values?: Record<string, unknown>;
                  };
                  if (event.type === 'presence') resolve();
                  else if (event.type === 'answers') onAnswers(event, performance.now());
                }
              });
            },
          );
          request.on('error', reject);
          requests.push(request);
        }),
    ),
  );
  return {
    close() {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}

function autosaveRequests(teams: { id: string; cookie: string }[]): autocannon.Request[] {
  let i = 0;
  return [
    {
      method: 'POST',
      path: '/api/phase-data',
      setupRequest: (request) => {
        const team = teams[i++ % teams.length]!;
        return {
          ...request,
          headers: { 'content-type': 'application/json', cookie: team.cookie },
          body: autosaveBody(team, i),
        };
      },
    },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Autosave at a steady rate, evenly spaced: request i leaves at start + i / rate, whatever the answers to
 * the earlier ones (open loop), and its latency counts from that moment, so a server falling behind shows
 * in the figures instead of slowing the generator down. autocannon's `overallRate` cannot do this: each
 * connection sends its share of a second back to back when the second starts, then waits, so "500/s" is a
 * burst of 500 requests at 50 connections every second (reported beside this, for comparison).
 */
async function pacedAutosave(
  base: string,
  teams: { id: string; cookie: string }[],
  rate: number,
  seconds = DURATION,
  /** Told when save number i leaves. */
  onSend?: (i: number, at: number) => void,
) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = rate * seconds;
  const latencies: number[] = [];
  let errors = 0;
  let refused = 0;
  const pending: Promise<void>[] = [];
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const team = teams[i % teams.length]!;
      const body = autosaveBody(team, i);
      onSend?.(i, performance.now());
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method: 'POST',
          path: '/api/phase-data',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: team.cookie,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if (response.statusCode === 429) refused++;
            if (response.statusCode !== 200) errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(body);
    });
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      for (; sent < due; sent++) pending.push(send(sent, start + (sent * 1000) / rate));
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    achieved: Math.round(total / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    errors,
    refused,
  };
}

/** A room's teams for the shared field's run: 30, each with two devices typing into one field. */
const ROOM_TEAMS = 30;

/**
 * Keystrokes in a shared field, as a room types them: each of 30 teams has two devices typing into one
 * text field ("Assumptions to test") at once, each save carrying a few characters (what a second of typing
 * holds, the autosave's debounce), in a closed loop of one save in flight per device. `merged`: each save is
 * an edit of the field's document (docs/decisions/051-text-typed-together-merges.md), its answer heard by the
 * device; otherwise the same typing saved as today's plain save of another field's whole value. Answers the
 * saves made and the bytes sent and received per save.
 */
async function typeTogether(
  base: string,
  teams: { id: string; cookie: string; accessToken: string }[],
  merged: boolean,
) {
  const room = teams.slice(0, ROOM_TEAMS);
  // Each device its own session, as two laptops of a team have.
  const sessions = await Promise.all(
    room.map(async (team) => [
      team.cookie,
      (await call(base, 'POST', '/api/auth/team/login', { access_token: team.accessToken })).cookie,
    ]),
  );
  let saves = 0;
  let sentBytes = 0;
  let receivedBytes = 0;
  const until = performance.now() + DURATION * 1000;
  const field = merged ? 'known_assumptions' : 'exclusions';
  await Promise.all(
    room.flatMap((team, t) =>
      [0, 1].map(async (device) => {
        const copy = new TextCopy(undefined, '');
        let typed = '';
        let n = 0;
        while (performance.now() < until) {
          const word = ` d${device}k${n++}`;
          let body: object;
          let through = 0;
          if (merged) {
            copy.type(copy.value + word, copy.value.length + word.length);
            const edit = copy.edit();
            through = edit.through;
            body = {
              teamId: team.id,
              phaseNumber: 1,
              data: { [field]: copy.value },
              changed: [field],
              text: { [field]: edit.edit },
              clientId: `bench-typing-${t}-${device}`,
            };
          } else {
            typed += word;
            body = {
              teamId: team.id,
              phaseNumber: 2,
              data: { [field]: typed },
              changed: [field],
              clientId: `bench-typing-${t}-${device}`,
            };
          }
          const payload = JSON.stringify(body);
          const { json, text } = await call(base, 'POST', '/api/phase-data', body, sessions[t]![device]);
          sentBytes += Buffer.byteLength(payload);
          receivedBytes += Buffer.byteLength(text);
          saves++;
          if (merged) {
            copy.acknowledge(through);
            const reply = json.textUpdates?.[field];
            if (reply) copy.hear(reply);
          }
        }
      }),
    ),
  );
  return {
    saves,
    sentBytes: Math.round(sentBytes / saves),
    receivedBytes: Math.round(receivedBytes / saves),
  };
}

/**
 * What the answer store holds for a room after the typing: for the shared field, its text and its document
 * (base64) per team, on average; and every activity of the room's teams as their pages read them, in KB.
 */
async function storedTextBytes(base: string, room: { id: string; cookie: string }[]) {
  let text = 0;
  let document = 0;
  let all = 0;
  for (const team of room) {
    const { json, text: body } = await call(
      base,
      'GET',
      `/api/phase-data/${team.id}`,
      undefined,
      team.cookie,
    );
    all += Buffer.byteLength(body);
    const record = (
      json as { phaseNumber: number; data: Record<string, unknown>; text?: Record<string, string> }[]
    ).find((r) => r.phaseNumber === 1);
    text += Buffer.byteLength(String(record?.data.known_assumptions ?? ''));
    document += Buffer.byteLength(record?.text?.known_assumptions ?? '');
  }
  return {
    text: Math.round(text / room.length),
    document: Math.round(document / room.length),
    roomKb: Math.round(all / 1024),
  };
}

async function benchLeg(leg: Leg): Promise<Figures> {
  const figures: Figures = {};
  const server = await startServer(leg.databaseUrl);
  const rss = sampleRss(server.child);
  try {
    const idleRss = rssMb(server.child.pid!);
    const teams = await createTeams(server.base, 200);

    const health = await run({ url: `${server.base}/api/health`, connections: 50, duration: DURATION });
    figures['GET /api/health, 50 connections: requests/s'] = Math.round(health.requests.average);

    // The steady rate first, on tables as a room leaves them (the closed loop then writes as fast as it can),
    // after two seconds of the same load to warm the server up (JIT, pools), which are not counted.
    // The room: 200 team sessions saving at a steady 500 requests/s, every save from one address
    // (127.0.0.1), at the default limits.
    await pacedAutosave(server.base, teams, 500, 2);
    const steadyCpu = await startCpuMeter(server.child.pid!, leg.databaseName);
    const steady = await pacedAutosave(server.base, teams, 500);
    const steadyCost = await steadyCpu.stop(500 * DURATION);
    figures['Autosave steady 500 requests/s over 200 teams, evenly spaced: achieved requests/s'] =
      steady.achieved;
    figures['Autosave steady 500 requests/s: p50 ms'] = steady.p50;
    figures['Autosave steady 500 requests/s: p99 ms'] = steady.p99;
    figures['Autosave steady 500 requests/s: errors (non-2xx)'] = steady.errors;
    figures['Autosave steady 500 requests/s, one address, default limits: refused saves (429)'] =
      steady.refused;
    figures['Autosave steady 500 requests/s: server CPU ms per save'] = steadyCost.server;
    if (leg.databaseName) {
      figures['Autosave steady 500 requests/s: PostgreSQL CPU ms per save'] = steadyCost.database;
    }

    // The same room with one more page of every team open (200 workspace event streams): each save is
    // heard by its teammate's page; delivery counts from the moment the save left the saving page.
    const sentAt = new Map<number, number>();
    const delivery: number[] = [];
    const streams = await openTeamStreams(server.base, teams, (event, at) => {
      const i = autosaveNumber(event);
      const sent = i === undefined ? undefined : sentAt.get(i);
      if (sent !== undefined) delivery.push(at - sent);
    });
    const rssWithStreams = rssMb(server.child.pid!);
    const fanoutCpu = await startCpuMeter(server.child.pid!, leg.databaseName);
    const fanout = await pacedAutosave(server.base, teams, 500, DURATION, (i, at) => sentAt.set(i, at));
    const fanoutCost = await fanoutCpu.stop(500 * DURATION);
    await new Promise((r) => setTimeout(r, 1000));
    streams.close();
    delivery.sort((a, b) => a - b);
    figures['With 200 workspace event streams open: saves heard by the teammate page / sent'] =
      `${delivery.length} / ${500 * DURATION}`;
    figures['With 200 streams: save to teammate page, p50 ms'] = Number(percentile(delivery, 50).toFixed(1));
    figures['With 200 streams: save to teammate page, p99 ms'] = Number(percentile(delivery, 99).toFixed(1));
    figures['With 200 streams: autosave p99 ms'] = fanout.p99;
    figures['With 200 streams: errors (non-2xx)'] = fanout.errors;
    figures['With 200 streams: server CPU ms per save'] = fanoutCost.server;
    figures['With 200 streams: server RSS, MB'] = Math.round(rssWithStreams);

    const closedCpu = await startCpuMeter(server.child.pid!, leg.databaseName);
    const closed = await run({
      url: server.base,
      connections: 50,
      duration: DURATION,
      requests: autosaveRequests(teams),
    });
    const closedCost = await closedCpu.stop(closed.requests.total);
    figures['Autosave closed loop, 50 connections: requests/s'] = Math.round(closed.requests.average);
    figures['Autosave closed loop: p99 ms'] = closed.latency.p99;
    figures['Autosave closed loop: errors (non-2xx)'] = closed.errors + closed.non2xx;
    figures['Autosave closed loop: server CPU ms per save'] = closedCost.server;
    if (leg.databaseName) figures['Autosave closed loop: PostgreSQL CPU ms per save'] = closedCost.database;
    // What one core of the app sustains: the server is one Node process, so one core per instance.
    figures['Autosaves per second one instance (one core) can serve, from its CPU per save'] = Math.round(
      1000 / closedCost.server,
    );

    // Keystrokes in a shared field (30 teams, two devices each typing into one field), beside today's plain
    // save of the same typing; then what the answer store holds for that room.
    const plainCpu = await startCpuMeter(server.child.pid!, leg.databaseName);
    const plain = await typeTogether(server.base, teams, false);
    const plainCost = await plainCpu.stop(plain.saves);
    const mergedCpu = await startCpuMeter(server.child.pid!, leg.databaseName);
    const merged = await typeTogether(server.base, teams, true);
    const mergedCost = await mergedCpu.stop(merged.saves);
    figures['Shared field, 30 teams x 2 devices typing at once: saves/s, plain / merged text'] =
      `${Math.round(plain.saves / DURATION)} / ${Math.round(merged.saves / DURATION)}`;
    figures['Shared field: server CPU ms per save, plain / merged text'] =
      `${plainCost.server} / ${mergedCost.server}`;
    if (leg.databaseName) {
      figures['Shared field: PostgreSQL CPU ms per save, plain / merged text'] =
        `${plainCost.database} / ${mergedCost.database}`;
    }
    figures['Shared field: bytes sent per save, plain / merged text'] =
      `${plain.sentBytes} / ${merged.sentBytes}`;
    figures['Shared field: bytes of the answer per save, plain / merged text'] =
      `${plain.receivedBytes} / ${merged.receivedBytes}`;
    const stored = await storedTextBytes(server.base, teams.slice(0, ROOM_TEAMS));
    figures['Shared field after the run, per team: text / its document as stored, bytes'] =
      `${stored.text} / ${stored.document}`;
    figures['Answer store of a room of 30 teams (every activity), as served: KB'] = stored.roomKb;

    const bursts = await run({
      url: server.base,
      connections: 50,
      overallRate: 500,
      duration: DURATION,
      requests: autosaveRequests(teams),
    });
    figures['Autosave 500 requests/s as autocannon paces it (a 500-request burst each second): p99 ms'] =
      bursts.latency.p99;
    figures['Autosave in bursts: errors (non-2xx)'] = bursts.errors + bursts.non2xx;
    figures['Server peak RSS through the autosave runs, MB'] = Math.round(rss.stop());
    figures['Server RSS after start-up, MB'] = Math.round(idleRss);

    // Results of a cohort of 100 teams with 100 ballots.
    const admin = await call(server.base, 'POST', '/api/auth/admin/login', BENCH_ADMIN);
    const tag = `bench-${randomBytes(3).toString('hex')}`;
    await call(server.base, 'POST', '/api/admin/cohorts', { tag, name: 'Bench cohort' }, admin.cookie);
    const cohortTeams = teams.slice(0, 100);
    await call(
      server.base,
      'POST',
      `/api/admin/cohorts/${tag}/teams`,
      { teamIds: cohortTeams.map((t) => t.id) },
      admin.cookie,
    );
    for (const team of cohortTeams) {
      await call(
        server.base,
        'PATCH',
        `/api/teams/${team.id}/website`,
        { websiteUrl: `bench-${team.id}.example.com` },
        team.cookie,
      );
    }
    await call(server.base, 'PATCH', `/api/admin/cohorts/${tag}`, { competitionEnabled: true }, admin.cookie);
    await call(server.base, 'PATCH', `/api/admin/cohorts/${tag}`, { votingOpen: true }, admin.cookie);
    for (const [index, team] of cohortTeams.entries()) {
      const votes = [1, 2, 3].map((rank) => ({
        voted_for_team_id: cohortTeams[(index + rank * 7) % cohortTeams.length]!.id,
        rank,
      }));
      await call(server.base, 'POST', `/api/showcase/${tag}/vote`, { votes }, team.cookie);
    }
    await call(server.base, 'PATCH', `/api/admin/cohorts/${tag}`, { resultsVisible: true }, admin.cookie);
    // One request at a time gives the cost of a request; ten at once, the rate a room can pull. Each request
    // is a team of the cohort looking (its session): a room's results pages, all from one address.
    let viewer = 0;
    const resultRequests: autocannon.Request[] = [
      {
        method: 'GET',
        path: `/api/showcase/${tag}/results`,
        setupRequest: (request) => ({
          ...request,
          headers: { cookie: cohortTeams[viewer++ % cohortTeams.length]!.cookie },
        }),
      },
    ];
    const single = await run({
      url: server.base,
      connections: 1,
      duration: DURATION,
      requests: resultRequests,
    });
    figures['Results, 100 teams and 100 ballots, one at a time: mean ms'] = single.latency.mean;
    figures['Results, one at a time: p99 ms'] = single.latency.p99;
    const results = await run({
      url: server.base,
      connections: 10,
      duration: DURATION,
      requests: resultRequests,
    });
    figures['Results, 10 connections: requests/s'] = Math.round(results.requests.average);
    figures['Results, 10 connections: p99 ms'] = results.latency.p99;
    figures['Results: errors (non-2xx)'] = single.errors + single.non2xx + results.errors + results.non2xx;

    // The dashboard's team list, which carries each team's activities done (every required field answered,
    // worked out in SQL): the progress board's read. 200 requests one at a time, well under the session's
    // allowance; the 200 teams of the autosave runs, with their answers.
    const boardCpu = await startCpuMeter(server.child.pid!, leg.databaseName);
    const board = await run({
      url: server.base,
      connections: 1,
      amount: 200,
      requests: [{ method: 'GET', path: '/api/teams', headers: { cookie: admin.cookie } }],
    });
    const boardCost = await boardCpu.stop(board.requests.total);
    figures['Dashboard team list with activities done, 200 teams with answers: mean ms'] = board.latency.mean;
    figures['Dashboard team list, 200 teams: server CPU ms per request'] = boardCost.server;
    if (leg.databaseName) {
      figures['Dashboard team list, 200 teams: PostgreSQL CPU ms per request'] = boardCost.database;
    }
    figures['Dashboard team list, 200 teams: errors (non-2xx)'] = board.errors + board.non2xx;

    // CSV export of 10,000 teams.
    await createTeams(server.base, 10_000 - teams.length, 40, teams.length);
    rss.reset();
    const before = rssMb(server.child.pid!);
    const rssDuring = sampleRss(server.child);
    const started = performance.now();
    const csv = await fetch(`${server.base}/api/admin/export`, { headers: { cookie: admin.cookie } });
    const text = await csv.text();
    const seconds = (performance.now() - started) / 1000;
    const peak = rssDuring.stop();
    figures['CSV export, 10,000 teams: seconds'] = Number(seconds.toFixed(2));
    figures['CSV export: rows'] = text.trim().split('\n').length - 1;
    const listStarted = performance.now();
    const list = await fetch(`${server.base}/api/teams`, { headers: { cookie: admin.cookie } });
    const listed = (await list.json()) as unknown[];
    figures['Dashboard team list with activities done, 10,000 teams: seconds'] = Number(
      ((performance.now() - listStarted) / 1000).toFixed(2),
    );
    figures['Dashboard team list, 10,000 teams: teams listed'] = listed.length;
    figures['CSV export: server RSS before / peak, MB'] = `${Math.round(before)} / ${Math.round(peak)}`;
  } finally {
    rss.stop();
    await server.stop();
    await leg.cleanup?.();
  }
  return figures;
}

async function postgresLeg(url: string): Promise<Leg> {
  const name = `genai_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    databaseUrl: target.toString(),
    databaseName: name,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // BENCH_ONLY=postgres or pglite runs one leg (the report then keeps only that leg's column).
  const only = process.env.BENCH_ONLY;
  const legs: Leg[] = only === 'postgres' ? [] : [{ name: 'PGlite' }];
  if (pgUrl && only !== 'pglite') legs.unshift(await postgresLeg(pgUrl));
  const all: Record<string, Figures> = {};
  for (const leg of legs) {
    console.log(`\n== ${leg.name}`);
    all[leg.name] = await benchLeg(leg);
    console.table(all[leg.name]);
  }
  writeReport(all);
}

function writeReport(all: Record<string, Figures>) {
  const names = Object.keys(all);
  const keys = [...new Set(names.flatMap((n) => Object.keys(all[n]!)))];
  const table = [
    `| measure | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    ...keys.map((k) => `| ${k} | ${names.map((n) => all[n]![k] ?? '').join(' | ')} |`),
  ].join('\n');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const marker = '<!-- bench:figures -->';
  const file = path.join(ROOT, 'docs/PERFORMANCE.md');
  let doc: string;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = `# Performance\n\n${marker}\n${marker}\n`;
  }
  const section = `${marker}\nMeasured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load generator, server and database share the machine. ${DURATION} s per run.\n\n${table}\n${marker}`;
  const parts = doc.split(marker);
  doc = parts.length >= 3 ? `${parts[0]}${section}${parts.slice(2).join(marker)}` : `${doc}\n${section}\n`;
  writeFileSync(file, doc);
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

await main();
