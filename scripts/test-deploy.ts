/**
 * `npm run test:deploy`: the deployment of docs/deployment.md, run for real on this machine. A fresh
 * PostgreSQL database, two app instances on it, and nginx in front (deploy/nginx/, with a self-signed
 * certificate made by openssl) terminating HTTPS and balancing them. Every check talks to nginx only:
 *
 * - cookies are Secure over HTTPS, and the app sees each client's own address: two clients on different
 *   loopback addresses have separate brute-force counts, and a forged X-Forwarded-For changes nothing;
 * - a workspace opened through one instance keeps working when its requests land on the other;
 * - an event stream held open through nginx hears a change made through the other instance within a second;
 * - one instance is restarted (SIGTERM, then started again) while a client saves every 100 ms: every save
 *   the client was told succeeded is in the database, and its retries cover the gap;
 * - bodies up to the app's own limit pass nginx; larger ones are refused by nginx in the app's shape.
 *
 * Which instance answered is read from the `X-Upstream` header this test's nginx adds (nginx's
 * `$upstream_addr`; the real configuration does not send it). Everything started is stopped, and the
 * database dropped, also on failure or Ctrl-C.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  cleanupAll,
  createPostgresDatabase,
  type RunningServer,
  startServer,
  stopServer,
} from '../testing/resilience/harness.ts';
import { LOOKUP_BUCKET } from '../src/server/plugins/security.ts';
import { freePort } from './free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'deploy-admin', password: 'deploy-password-123' };
/** The proxy's address as the instances see it; TRUST_PROXY names it (docs/deployment.md). */
const PROXY_ADDRESS = '127.0.0.1';
const CLIENT_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const;
/** Generous but bounded: the machine is a shared, noisy 2-core VM. */
const REQUEST_TIMEOUT_MS = 20_000;
const EVENT_DEADLINE_MS = 1000;
const SAVE_INTERVAL_MS = 100;

// ---------------------------------------------------------------------------------------------------------
// Output

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
const log = (line: string) => console.log(`[test:deploy ${elapsed()}] ${line}`);

class CheckFailed extends Error {
  override name = 'CheckFailed';
}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

// ---------------------------------------------------------------------------------------------------------
// What this run starts, so that everything is stopped whatever happens

let nginx: { child: ChildProcess; prefix: string; exited: Promise<void> } | undefined;
let workDir: string | undefined;
const instances: RunningServer[] = [];

async function stopNginx(): Promise<void> {
  if (!nginx) return;
  const { child, exited } = nginx;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  nginx = undefined;
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopNginx().catch((error) => log(`could not stop nginx: ${error}`));
    // The instances and their temp folders, and the database (the harness registered them).
    await cleanupAll().catch((error) => log(`cleanup: ${error}`));
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping everything this run started`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Tools

function findTool(name: string, installHint: string): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin']) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new CheckFailed(`${name} is not installed. ${installHint}`);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await delay(100);
  }
  throw new CheckFailed(`${what}: not within ${timeoutMs / 1000} s${last ? ` (last: ${last})` : ''}`);
}

// ---------------------------------------------------------------------------------------------------------
// An HTTPS client bound to one loopback address, as one participant's machine behind the proxy

type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  upstream: string;
};

class Client {
  private readonly agent: https.Agent;
  constructor(
    readonly name: string,
    readonly localAddress: string,
    private readonly port: number,
    ca: string,
  ) {
    this.agent = new https.Agent({ keepAlive: true, ca, localAddress, maxSockets: 8 });
  }

  request(
    method: string,
    url: string,
    options: { body?: unknown; rawBody?: string; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: this.port,
          method,
          path: url,
          timeout: REQUEST_TIMEOUT_MS,
          // A Host of the caller's own (a page on a name pointed at the server) still talks TLS to this
          // server's certificate, as a browser would.
          ...(options.headers?.host ? { servername: 'localhost' } : {}),
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...options.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              upstream: String(response.headers['x-upstream'] ?? ''),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error(`${method} ${url}: no answer in ${REQUEST_TIMEOUT_MS} ms`)),
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** An event stream (SSE) through the proxy: every `data:` event, with when it arrived. */
  openEventStream(url: string): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const stream = new EventStream();
      const request = https.request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: this.port,
          path: url,
          headers: { accept: 'text/event-stream' },
        },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new CheckFailed(`GET ${url}: ${response.statusCode}, expected an event stream`));
            return;
          }
          stream.upstream = String(response.headers['x-upstream'] ?? '');
          stream.contentType = String(response.headers['content-type'] ?? '');
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = block
                .split('\n')
                .filter((line) => line.startsWith('data:'))
                .map((line) => line.slice(5).trimStart())
                .join('\n');
              if (data) stream.receive(JSON.parse(data));
            }
          });
          response.on('close', () => stream.end());
          resolve(stream);
        },
      );
      request.on('error', (error) => (stream.closed ? undefined : reject(error)));
      stream.close = () => {
        stream.closed = true;
        request.destroy();
      };
      request.end();
    });
  }

  destroy(): void {
    this.agent.destroy();
  }
}

class EventStream {
  upstream = '';
  contentType = '';
  closed = false;
  readonly events: { at: number; data: Record<string, unknown> }[] = [];
  private waiters: (() => void)[] = [];
  close: () => void = () => {};
  /** When the server ended the stream (performance.now()). */
  endedAt: number | undefined;
  private onEnd: (() => void)[] = [];

  end(): void {
    this.endedAt ??= performance.now();
    for (const wake of this.onEnd.splice(0)) wake();
  }

  /** Resolves when the stream has ended, or after `timeoutMs` (then `endedAt` is still undefined). */
  async ended(timeoutMs: number): Promise<void> {
    if (this.endedAt !== undefined) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.onEnd.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  receive(data: Record<string, unknown>): void {
    this.events.push({ at: performance.now(), data });
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The first event after index `from` that `match` accepts, or undefined after `timeoutMs`. */
  async next(from: number, match: (data: Record<string, unknown>) => boolean, timeoutMs: number) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find((event) => match(event.data));
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

const json = <T = Record<string, unknown>>(reply: Reply): T => JSON.parse(reply.body) as T;
const cookiesOf = (reply: Reply) => ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
const cookiePair = (reply: Reply, name: string) =>
  cookiesOf(reply)
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));

// ---------------------------------------------------------------------------------------------------------
// Setting up: certificate, database, instances, nginx

function makeCertificate(dir: string): { cert: string; key: string } {
  const openssl = findTool(
    'openssl',
    'Install it: apt-get update && apt-get install -y --no-install-recommends openssl',
  );
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  return { cert, key };
}

type Instance = { name: string; port: number; server: RunningServer; env: Record<string, string> };

async function startInstance(
  name: string,
  port: number,
  databaseUrl: string,
  publicOrigin: string,
): Promise<Instance> {
  const env = {
    PORT: String(port),
    TRUST_PROXY: PROXY_ADDRESS,
    // The address browsers reach the room at, as docs/deployment.md has it set.
    PUBLIC_ORIGIN: publicOrigin,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The general flood limit is not what these checks are about.
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  const server = await startServer({ databaseUrl, env });
  instances.push(server);
  return { name, port, server, env };
}

async function restartInstance(instance: Instance, databaseUrl: string): Promise<void> {
  instance.server = await startServer({ databaseUrl, env: instance.env });
  instances.push(instance.server);
}

async function startNginx(
  prefix: string,
  port: number,
  upstreamPorts: number[],
  certificate: { cert: string; key: string },
): Promise<void> {
  const binary = findTool(
    'nginx',
    'Install it: apt-get update && apt-get install -y --no-install-recommends nginx',
  );
  const template = readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf.template'), 'utf8');
  const config = template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll('{{CERTIFICATE}}', certificate.cert)
    .replaceAll('{{CERTIFICATE_KEY}}', certificate.key)
    .replaceAll('{{PROXY_SNIPPET}}', path.join(ROOT, 'deploy/nginx/genai-lab-proxy.conf'))
    // Test only: which instance answered. The upstream servers as deploy/nginx/genai-lab.conf has them.
    .replaceAll('{{EXTRA}}', '        add_header X-Upstream $upstream_addr always;')
    .replaceAll(
      '{{UPSTREAM_SERVERS}}',
      upstreamPorts.map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
    );
  check(
    !/\{\{[A-Z_]+\}\}/.test(config),
    'deploy/nginx/nginx.conf.template has a placeholder this script does not fill',
  );
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  try {
    execFileSync(binary, ['-t', '-q', '-p', prefix, '-c', file], { stdio: 'pipe' });
  } catch (error) {
    throw new CheckFailed(
      `nginx refuses the configuration:\n${(error as { stderr?: Buffer }).stderr ?? error}`,
    );
  }
  const child = spawn(binary, ['-p', prefix, '-c', file], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  nginx = { child, prefix, exited };
}

function nginxLogTail(): string {
  if (!nginx) return '';
  const read = (name: string) => {
    const file = path.join(nginx!.prefix, name);
    return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15).join('\n') : '';
  };
  return `--- nginx error.log (tail)\n${read('error.log')}\n--- nginx access.log (tail)\n${read('access.log')}`;
}

// ---------------------------------------------------------------------------------------------------------
// The checks

type World = {
  port: number;
  databaseUrl: string;
  instances: [Instance, Instance];
  clients: [Client, Client, Client];
  adminCookie: string;
  /** The cohort whose live pages the checks follow. */
  cohortTag: string;
  upstreamOf: (instance: Instance) => string;
};

async function checkHttpsAndCookies(w: World): Promise<void> {
  const [alice] = w.clients;
  const created = await alice.request('POST', '/api/teams', { body: { name: 'Deploy Cookies' } });
  check(created.status === 201, `POST /api/teams through nginx: ${created.status} ${created.body}`);
  const teamCookie = cookiesOf(created).find((c) => c.startsWith('genai_team='));
  check(teamCookie, 'the new workspace set no genai_team cookie');
  check(/;\s*Secure/i.test(teamCookie), `the team cookie is not Secure over HTTPS: ${teamCookie}`);
  check(
    /;\s*HttpOnly/i.test(teamCookie) && /SameSite=Lax/i.test(teamCookie),
    `team cookie flags: ${teamCookie}`,
  );
  const login = await alice.request('POST', '/api/auth/admin/login', { body: ADMIN });
  check(login.status === 200, `admin login through nginx: ${login.status} ${login.body}`);
  const adminCookie = cookiesOf(login).find((c) => c.startsWith('genai_admin='));
  check(adminCookie && /;\s*Secure/i.test(adminCookie), `the admin cookie is not Secure: ${adminCookie}`);
  check(
    String(created.headers['strict-transport-security'] ?? '').includes('max-age='),
    'nginx sends no Strict-Transport-Security header',
  );
  // A browser sends its page's origin with every mutation; the app compares it with PUBLIC_ORIGIN, never with
  // the Host nginx passes on (a page on a name pointed at the server sets both to its own).
  const sameSite = await alice.request('POST', '/api/teams', {
    body: { name: 'Deploy Origin' },
    headers: { origin: `https://127.0.0.1:${w.port}` },
  });
  check(sameSite.status === 201, `a mutation from the app's own origin: ${sameSite.status} ${sameSite.body}`);
  const foreign = await alice.request('POST', '/api/teams', {
    body: { name: 'Deploy Foreign' },
    headers: { origin: 'https://evil.example' },
  });
  check(foreign.status === 403, `a mutation from a foreign origin: ${foreign.status} (expected 403)`);
  const rebound = await alice.request('POST', '/api/teams', {
    body: { name: 'Deploy Rebound' },
    headers: { origin: 'https://evil.example', host: 'evil.example' },
  });
  check(
    rebound.status === 403,
    `a mutation whose Host and Origin both name another site: ${rebound.status} (expected 403)`,
  );
  log(
    '✓ HTTPS: the team and admin cookies are Secure, HttpOnly, SameSite=Lax; HSTS is sent; a mutation from ' +
      "the app's own origin passes and one from another is refused, even with a Host of its own",
  );
}

async function checkClientAddresses(w: World): Promise<void> {
  const [alice, bob] = w.clients;
  const served = new Set<string>();
  // Failed look-ups take a token bucket (LOOKUP_BUCKET): its burst at once, then one try back every few
  // seconds. The clock runs here, so a count allows for the tries that came back while it ran.
  const refillMs = 60_000 / LOOKUP_BUCKET.perMinute;
  const missesUntilRefused = async (client: Client, forge: (i: number) => Record<string, string>) => {
    const started = Date.now();
    for (let i = 0; i < LOOKUP_BUCKET.burst * 2; i++) {
      const code = `Q${String(i).padStart(3, '0')}`;
      const miss = await client.request('GET', `/api/teams/${code}`, { headers: forge(i) });
      served.add(miss.upstream);
      if (miss.status === 429) return { passed: i, refusal: miss, elapsedMs: Date.now() - started };
      check(
        miss.status === 404,
        `${client.name} look-up ${i + 1}: ${miss.status} ${miss.body} (expected 404)`,
      );
    }
    throw new Error(`${client.name} was never limited after ${LOOKUP_BUCKET.burst * 2} failed look-ups`);
  };
  // Failed look-ups from alice, each claiming another address in X-Forwarded-For (bob's among them).
  const forged = await missesUntilRefused(alice, (i) => ({
    'x-forwarded-for': i % 2 ? bob.localAddress : `10.0.${i % 250}.${(i % 250) + 1}`,
  }));
  const allowed = LOOKUP_BUCKET.burst + Math.ceil(forged.elapsedMs / refillMs);
  check(
    forged.passed >= LOOKUP_BUCKET.burst && forged.passed <= allowed,
    `${alice.name} forging X-Forwarded-For got ${forged.passed} misses before a 429 (expected ` +
      `${LOOKUP_BUCKET.burst} to ${allowed}: the forged header must change nothing)`,
  );
  check(forged.refusal.headers['retry-after'], 'the 429 has no Retry-After');
  const plain = await missesUntilRefused(alice, () => ({}));
  check(
    plain.passed <= Math.ceil(plain.elapsedMs / refillMs) + 1,
    `${alice.name} without a forged header got ${plain.passed} misses (expected only the tries that came back)`,
  );
  const other = await bob.request('GET', '/api/teams/QZZX');
  check(
    other.status === 404,
    `${bob.name} (${bob.localAddress}) after ${alice.name} was limited: ${other.status} ${other.body} ` +
      '(expected 404: each client has its own count)',
  );
  log(
    `✓ client addresses: ${alice.name} (${alice.localAddress}) is limited after ${forged.passed} failed ` +
      `look-ups, forged X-Forwarded-For or not; ${bob.name} (${bob.localAddress}) is not; the count was ` +
      `shared by ${served.size} instance(s) (${[...served].join(', ')})`,
  );
}

async function checkWorkspaceAcrossInstances(w: World): Promise<void> {
  const [, , carol] = w.clients;
  const created = await carol.request('POST', '/api/teams', { body: { name: 'Deploy Across' } });
  check(created.status === 201, `POST /api/teams: ${created.status} ${created.body}`);
  const team = json<{ id: string; code: string }>(created);
  const cookie = cookiePair(created, 'genai_team')!;
  const openedOn = created.upstream;
  const seen = new Map<string, number>();
  for (let i = 1; i <= 12; i++) {
    const saved = await carol.request('POST', '/api/phase-data', {
      cookie,
      body: { teamId: team.id, phaseNumber: 1, data: { answer: `value ${i}` } },
    });
    check(saved.status === 200, `save ${i} (via ${saved.upstream}): ${saved.status} ${saved.body}`);
    const read = await carol.request('GET', `/api/phase-data/${team.id}/1`, { cookie });
    check(read.status === 200, `read ${i} (via ${read.upstream}): ${read.status} ${read.body}`);
    const answer = json<{ data: { answer: string } }>(read).data.answer;
    check(
      answer === `value ${i}`,
      `read ${i} via ${read.upstream} after the save via ${saved.upstream}: "${answer}", expected "value ${i}"`,
    );
    const status = await carol.request('GET', '/api/auth/team/status', { cookie });
    check(
      status.status === 200,
      `the session made via ${openedOn}, used via ${status.upstream}: ${status.status}`,
    );
    for (const reply of [saved, read, status]) seen.set(reply.upstream, (seen.get(reply.upstream) ?? 0) + 1);
  }
  const other = [...seen.keys()].filter((upstream) => upstream !== openedOn);
  check(
    seen.size === 2 && other.length === 1,
    `expected the workspace's requests on both instances; they landed on ${[...seen.keys()].join(', ')}`,
  );
  const byCode = await carol.request('GET', `/api/teams/${team.code}`);
  check(byCode.status === 200, `opening the workspace by its code: ${byCode.status}`);
  log(
    `✓ a workspace opened via ${openedOn} keeps working on both instances: ${[...seen.entries()]
      .map(([u, n]) => `${n} requests via ${u}`)
      .join(', ')}, every read saw the save before it`,
  );
}

async function checkEventStreamAcrossInstances(w: World): Promise<void> {
  const [alice, bob] = w.clients;
  const tag = w.cohortTag;
  const created = await alice.request('POST', '/api/admin/cohorts', {
    cookie: w.adminCookie,
    body: { tag, name: 'Deploy live' },
  });
  check(created.status === 201, `creating the cohort: ${created.status} ${created.body}`);
  // The browser's one stream (the one-subscription path is checked across a restart below).
  const stream = await bob.openEventStream(`/api/events?cohort=${tag}`);
  const cohortOf = (d: Record<string, unknown>) =>
    (d.event as { type?: string; cohort?: { votingOpen?: boolean } } | undefined)?.type === 'cohort'
      ? (d.event as { cohort: { votingOpen?: boolean } }).cohort
      : undefined;
  try {
    check(
      stream.contentType.startsWith('text/event-stream'),
      `event stream content type: ${stream.contentType}`,
    );
    const first = await stream.next(0, (d) => cohortOf(d) !== undefined && d.sub === `cohort:${tag}`, 10_000);
    check(first, `the event stream via ${stream.upstream} sent no state within 10 s`);
    let votingOpen = false;
    for (let attempt = 1; attempt <= 10; attempt++) {
      votingOpen = !votingOpen;
      const from = stream.events.length;
      const sentAt = performance.now();
      const change = await alice.request('PATCH', `/api/admin/cohorts/${tag}`, {
        cookie: w.adminCookie,
        body: { votingOpen },
      });
      check(change.status === 200, `PATCH the cohort: ${change.status} ${change.body}`);
      const event = await stream.next(from, (d) => cohortOf(d)?.votingOpen === votingOpen, 10_000);
      check(
        event,
        `the stream via ${stream.upstream} never heard votingOpen=${votingOpen} (changed via ${change.upstream})`,
      );
      // Only a change made on the other instance proves the way between instances (LISTEN/NOTIFY).
      if (change.upstream === stream.upstream) continue;
      const ms = event.at - sentAt;
      check(
        ms < EVENT_DEADLINE_MS,
        `a change via ${change.upstream} reached the stream held via ${stream.upstream} after ${ms.toFixed(0)} ms ` +
          `(budget ${EVENT_DEADLINE_MS} ms)`,
      );
      log(
        `✓ an event stream held open via ${stream.upstream} heard a change made via ${change.upstream} ` +
          `${ms.toFixed(0)} ms after it was sent (budget ${EVENT_DEADLINE_MS} ms)`,
      );
      return;
    }
    throw new CheckFailed(`ten changes in a row landed on ${stream.upstream}, the stream's own instance`);
  } finally {
    stream.close();
  }
}

async function checkBodyLimits(w: World): Promise<void> {
  const [alice] = w.clients;
  const created = await alice.request('POST', '/api/teams', { body: { name: 'Deploy Limits' } });
  const team = json<{ id: string }>(created);
  const cookie = cookiePair(created, 'genai_team')!;
  // 100 KiB of answers: within nginx's limit and the app's body limit, over the app's 64 KiB per activity.
  const big = await alice.request('POST', '/api/phase-data', {
    cookie,
    body: { teamId: team.id, phaseNumber: 1, data: { text: 'x'.repeat(100 * 1024) } },
  });
  check(
    big.status === 413 && json(big).message === 'data: answers for one activity may take at most 64 KiB.',
    `100 KiB of answers: ${big.status} ${big.body} (expected the app's own 413: nginx must let it through)`,
  );
  const huge = await alice.request('POST', '/api/phase-data', {
    cookie,
    rawBody: JSON.stringify({ teamId: team.id, phaseNumber: 1, data: { text: 'x'.repeat(200 * 1024) } }),
  });
  check(
    huge.status === 413 && json(huge).message === 'Request body is too large.',
    `a 200 KiB body: ${huge.status} ${huge.body} (expected nginx's 413 as { message })`,
  );
  log(
    '✓ body limits: 100 KiB reaches the app (its own 413 for answers), 200 KiB is refused by nginx as JSON',
  );
}

/** Opens event streams until nginx hands one to `upstream` (round robin: the first or second). */
async function openStreamOn(client: Client, url: string, upstream: string): Promise<EventStream> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const stream = await client.openEventStream(url);
    if (stream.upstream === upstream) return stream;
    stream.close();
  }
  throw new CheckFailed(`ten event streams in a row went elsewhere than ${upstream}`);
}

type Attempt = { status: number | string; upstream: string; message?: string; at: number };
type Save = { value: number; attempts: Attempt[]; ackedAt?: number };

/**
 * A participant typing: a new value every 100 ms, one save at a time; a failed save is retried with
 * doubling waits until it succeeds, and only then does the next value go out. The real page does the same
 * from 1 s up to 30 s; here from 100 ms up to 1 s, to keep the run short.
 */
function startSaving(client: Client, team: { id: string; cookie: string }, t0: number) {
  const saves: Save[] = [];
  let stopping = false;
  const at = () => performance.now() - t0;
  const done = (async () => {
    for (let value = 1; !stopping; value++) {
      const save: Save = { value, attempts: [] };
      saves.push(save);
      const due = performance.now() + SAVE_INTERVAL_MS;
      for (let backoff = SAVE_INTERVAL_MS; ; backoff = Math.min(backoff * 2, 1000)) {
        try {
          const reply = await client.request('POST', '/api/phase-data', {
            cookie: team.cookie,
            body: { teamId: team.id, phaseNumber: 2, data: { value } },
          });
          const message =
            reply.status === 200 ? undefined : (JSON.parse(reply.body) as { message?: string }).message;
          save.attempts.push({ status: reply.status, upstream: reply.upstream, message, at: at() });
          if (reply.status === 200) {
            save.ackedAt = at();
            break;
          }
        } catch (error) {
          const status = (error as NodeJS.ErrnoException).code ?? String(error);
          save.attempts.push({ status, upstream: '', at: at() });
        }
        await delay(backoff);
      }
      await delay(Math.max(0, due - performance.now()));
    }
  })();
  return {
    saves,
    acknowledged: () => saves.filter((save) => save.ackedAt !== undefined),
    ackedVia: (save: Save, upstream: string) =>
      save.attempts.some((a) => a.status === 200 && a.upstream === upstream),
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

const seconds = (ms: number) => `+${(ms / 1000).toFixed(2)} s`;

/** "503 x3 (The server is unavailable...), ECONNRESET x1" */
function describeFailures(saves: Save[]): string {
  const counts = new Map<string, number>();
  for (const attempt of saves.flatMap((s) => s.attempts.filter((a) => a.status !== 200))) {
    const key = `${attempt.status}${attempt.message ? ` "${attempt.message}"` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} x${n}`).join(', ');
}

/**
 * Restarts while a client saves every 100 ms: first one instance (the other carries the room), then both at
 * once (an upgrade of a single server looks like this: nginx answers 503 and the client retries until the
 * app is back). Every save acknowledged with 200 must be committed, checked save by save against a log a
 * database trigger keeps, and the stored answers must be the last acknowledged value.
 */
async function checkRestartsUnderAutosave(w: World): Promise<void> {
  const [, , carol] = w.clients;
  const [steady, restarted] = w.instances;
  const created = await carol.request('POST', '/api/teams', { body: { name: 'Deploy Restart' } });
  check(created.status === 201, `POST /api/teams: ${created.status}`);
  const team = { id: json<{ id: string }>(created).id, cookie: cookiePair(created, 'genai_team')! };

  const database = new pg.Client({ connectionString: w.databaseUrl });
  await database.connect();
  try {
    // Test only: a trigger writes every committed save of this team to a log table.
    await database.query(`
      create table deploy_save_log (value int not null);
      create function deploy_log_save() returns trigger language plpgsql as $$
      begin
        if new.team_id = '${team.id}' then insert into deploy_save_log values ((new.data->>'value')::int); end if;
        return new;
      end $$;
      create trigger deploy_log_save after insert or update on phase_data
        for each row execute function deploy_log_save();`);

    const t0 = performance.now();
    const at = () => performance.now() - t0;
    const saver = startSaving(carol, team, t0);
    const upstream = w.upstreamOf(restarted);
    const steadyUpstream = w.upstreamOf(steady);
    try {
      // A steady second of saves first, on both instances.
      await waitFor('saves acknowledged by both instances before the restart', 30_000, async () =>
        saver.acknowledged().length >= 10 && saver.saves.some((s) => saver.ackedVia(s, upstream))
          ? true
          : undefined,
      );

      // 1. One instance restarts; a live page's event stream is held by it.
      const stream = await openStreamOn(carol, `/api/cohorts/${w.cohortTag}/events`, upstream);
      const stopAt = at();
      const valueAtStop = saver.saves.length;
      const exit = await stopServer(restarted.server, 'SIGTERM');
      const stoppedAt = at();
      check(
        exit.code === 0,
        `${restarted.name} exited with ${exit.code ?? exit.signal} on SIGTERM (expected 0)`,
      );
      await stream.ended(15_000);
      check(
        stream.endedAt !== undefined,
        `the event stream held via ${upstream} was not ended by its shutdown`,
      );
      // What the browser's EventSource does next: connect again, through nginx, to whichever instance is up.
      const again = await carol.openEventStream(`/api/cohorts/${w.cohortTag}/events`);
      const state = await again.next(0, (d) => d.type === 'cohort', 10_000);
      again.close();
      check(state, `the reconnected event stream (via ${again.upstream}) sent no state within 10 s`);
      const reconnectedAt = at();
      await restartInstance(restarted, w.databaseUrl);
      const backAt = at();
      const valueAtBack = saver.saves.length;
      // nginx sends it requests again once its fail_timeout has passed.
      const firstBack = await waitFor(
        `a save landing on ${restarted.name} after its restart`,
        30_000,
        async () => saver.saves.find((s) => s.value > valueAtBack && saver.ackedVia(s, upstream)),
      );
      const rolling = saver.saves.filter((s) => s.value > valueAtStop && s.value <= valueAtBack);
      check(rolling.length > 0, `no save was made while ${restarted.name} was restarting`);
      const movedByNginx = rolling.filter((s) =>
        s.attempts.some((a) => a.status === 200 && a.upstream.includes(',')),
      );
      log(
        `✓ restart of one instance under autosave: ${restarted.name} (${upstream}) got SIGTERM at ` +
          `${seconds(stopAt)}, exited 0 at ${seconds(stoppedAt)}, listened again at ${seconds(backAt)} and took ` +
          `saves again from ${seconds(firstBack.ackedAt!)}; ${steady.name} never stopped`,
      );
      log(
        `  ${rolling.length} saves were made while ${restarted.name} was down or starting, all acknowledged ` +
          `(${movedByNginx.length} refused by ${restarted.name} and passed on to ${steady.name} by nginx)` +
          `${describeFailures(rolling) ? `; failed attempts, each retried: ${describeFailures(rolling)}` : '; none failed'}`,
      );
      log(
        `  the live page's event stream via ${upstream} was ended by the shutdown at ` +
          `${seconds(stream.endedAt! - t0)}; connecting again through nginx got the cohort's state via ` +
          `${again.upstream} at ${seconds(reconnectedAt)}`,
      );

      // 2. Both instances restart at once (an upgrade of the whole app).
      await delay(300);
      const downAt = at();
      const valueAtDown = saver.saves.length;
      const exits = await Promise.all(w.instances.map((instance) => stopServer(instance.server, 'SIGTERM')));
      check(
        exits.every((e) => e.code === 0),
        `SIGTERM exits: ${exits.map((e) => e.code ?? e.signal).join(', ')}`,
      );
      // Saves now fail: let the client meet that for a moment before the app comes back.
      await waitFor('a save refused while both instances are down', 10_000, async () =>
        saver.saves.some((s) => s.value > valueAtDown && s.attempts.some((a) => a.status !== 200))
          ? true
          : undefined,
      );
      await delay(500);
      const startAgainAt = at();
      await Promise.all(w.instances.map((instance) => restartInstance(instance, w.databaseUrl)));
      const upAt = at();
      const valueAtUp = saver.saves.length;
      await waitFor('saves acknowledged by both instances after the full restart', 30_000, async () =>
        [steadyUpstream, upstream].every((via) =>
          saver.saves.some((s) => s.value > valueAtUp && saver.ackedVia(s, via)),
        )
          ? true
          : undefined,
      );
      const outage = saver.saves.filter((s) => s.value > valueAtDown && s.value <= valueAtUp);
      const refused = outage.flatMap((s) => s.attempts.filter((a) => a.status !== 200));
      check(refused.length > 0, 'no save failed while both instances were down');
      const unavailable = refused.filter(
        (a) => a.status === 503 && a.message === 'The server is unavailable. Please try again shortly.',
      );
      check(
        unavailable.length > 0,
        `while both instances were down, saves failed with ${describeFailures(outage)} (expected nginx's 503 as { message })`,
      );
      const gapCovered = outage.filter((s) => s.attempts.length > 1);
      log(
        `✓ restart of both instances under autosave: SIGTERM at ${seconds(downAt)}, started again at ` +
          `${seconds(startAgainAt)}, listening at ${seconds(upAt)}`,
      );
      log(
        `  failed attempts meanwhile: ${describeFailures(outage)}; the client retried ${gapCovered.length} ` +
          `save(s) until they succeeded, the last at ${seconds(Math.max(...gapCovered.map((s) => s.ackedAt!)))}`,
      );
      for (const save of gapCovered) {
        log(
          `  save ${save.value}: ${save.attempts
            .map((a) => `${a.status}${a.upstream ? ` via ${a.upstream}` : ''} at ${seconds(a.at)}`)
            .join(' -> ')}`,
        );
      }
    } finally {
      await saver.stop();
    }

    // Every save the client was told succeeded is committed; the stored answers are the last one.
    const acked = saver.acknowledged();
    check(acked.length === saver.saves.length, 'the client stopped with a save not yet acknowledged');
    const { rows } = await database.query<{ value: number }>('select value from deploy_save_log');
    const committed = new Set(rows.map((r) => r.value));
    const lost = acked.filter((s) => !committed.has(s.value)).map((s) => s.value);
    check(lost.length === 0, `saves acknowledged with 200 but never committed: ${lost.join(', ')}`);
    const last = acked.at(-1)!;
    const stored = await carol.request('GET', `/api/phase-data/${team.id}/2`, { cookie: team.cookie });
    check(
      stored.status === 200 && json<{ data: { value: number } }>(stored).data.value === last.value,
      `the stored answers (${stored.body}) are not the last acknowledged value ${last.value}`,
    );
    log(
      `✓ ${acked.length} saves in all, one every ${SAVE_INTERVAL_MS} ms: each acknowledged, each acknowledged one ` +
        `committed (a trigger's log), and the stored answers are the last acknowledged value (${last.value})`,
    );
  } finally {
    await database.end();
  }
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  log(`PostgreSQL at ${new URL(ADMIN_DATABASE_URL).host}; nginx and openssl from PATH`);
  findTool('nginx', 'Install it: apt-get update && apt-get install -y --no-install-recommends nginx');
  process.env.TEST_DATABASE_URL = ADMIN_DATABASE_URL;
  const database = await createPostgresDatabase().catch((error: unknown) => {
    throw new CheckFailed(
      `could not create a database on PostgreSQL at ${new URL(ADMIN_DATABASE_URL).host} (set TEST_DATABASE_URL ` +
        `to an account that may create databases): ${error instanceof Error ? error.message : error}`,
    );
  });
  log(`created database ${database.name}`);

  workDir = mkdtempSync(path.join(os.tmpdir(), 'genai-deploy-'));
  // nginx's workers run as an unprivileged user when it is started as root: they must reach the folder.
  chmodSync(workDir, 0o755);
  const certificate = makeCertificate(workDir);
  log('made a self-signed certificate for localhost and 127.0.0.1');

  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  // Both at once, as a deployment starts them: they queue on the migration lock.
  const [a, b] = await Promise.all([
    startInstance('instance A', portA, database.url, `https://127.0.0.1:${proxyPort}`),
    startInstance('instance B', portB, database.url, `https://127.0.0.1:${proxyPort}`),
  ]);
  log(
    `started ${a.name} on 127.0.0.1:${portA} and ${b.name} on 127.0.0.1:${portB} (TRUST_PROXY=${PROXY_ADDRESS})`,
  );

  const ca = readFileSync(certificate.cert, 'utf8');
  await startNginx(workDir, proxyPort, [portA, portB], certificate);
  const clients = CLIENT_ADDRESSES.map(
    (address, i) => new Client(['alice', 'bob', 'carol'][i]!, address, proxyPort, ca),
  ) as [Client, Client, Client];
  await waitFor('nginx answering /api/health over HTTPS', 30_000, async () => {
    const health = await clients[0].request('GET', '/api/health');
    return health.status === 200 ? health : undefined;
  });
  log(`nginx listens on https://127.0.0.1:${proxyPort} and balances the two instances`);

  try {
    const login = await clients[2].request('POST', '/api/auth/admin/login', { body: ADMIN });
    check(login.status === 200, `admin login: ${login.status} ${login.body}`);
    const world: World = {
      port: proxyPort,
      databaseUrl: database.url,
      instances: [a, b],
      clients,
      adminCookie: cookiePair(login, 'genai_admin')!,
      cohortTag: 'deploy-live',
      upstreamOf: (instance) => `127.0.0.1:${instance.port}`,
    };
    await checkHttpsAndCookies(world);
    await checkClientAddresses(world);
    await checkWorkspaceAcrossInstances(world);
    await checkEventStreamAcrossInstances(world);
    await checkBodyLimits(world);
    await checkRestartsUnderAutosave(world);
  } finally {
    for (const client of clients) client.destroy();
  }
}

let failed = false;
try {
  await main();
  log('all checks passed');
} catch (error) {
  failed = true;
  console.error(`\n[test:deploy] FAILED: ${error instanceof Error ? error.message : error}`);
  if (!(error instanceof CheckFailed) && error instanceof Error) console.error(error.stack);
  console.error(nginxLogTail());
  for (const server of instances.slice(-2)) {
    console.error(
      `--- instance on port ${server.port} (output tail)\n${server.output().split('\n').slice(-20).join('\n')}`,
    );
  }
} finally {
  await cleanup();
  log('stopped everything this run started (nginx, the instances, the database, the temp folder)');
}
process.exit(failed ? 1 : 0);
