// `node scripts/lighthouse-ab.mjs RUNS label=worktree label=worktree ...`: Lighthouse (mobile defaults, the
// categories of `npm run lighthouse`) on one page of several built checkouts of the app, alternating them run by
// run (A B C A B C ...) with one Chromium, so that every build meets the same moments of a shared machine. Each
// worktree must have been built (`npm run build`); its server is started here, on PGlite, on a free port.
//
// Every run is audited twice from the same recording: as measured (the figure `npm run lighthouse` reports), and
// with each task of the page's main thread shrunk to the CPU time that thread spent in it (the trace's thread
// time), i.e. without the time the thread waited for a core other processes held. The second figure is the one
// two builds can be compared by on a busy machine (docs/PERFORMANCE.md, "The landing page's blocking time").
// Also printed per run: the main thread's CPU in the task that evaluates the entry script, and in the longest
// task after it.
//
// LIGHTHOUSE_PAGE=/phase/1 picks the page (default /); LIGHTHOUSE_NICE=-15 runs Chromium and the servers at that
// niceness (root only); LIGHTHOUSE_OUT=dir keeps each run's report and trace there.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { findChrome, noChromeMessage } from './find-chrome.mjs';

const RUNS = Number(process.argv[2]);
const builds = process.argv.slice(3).map((arg) => {
  const [label, dir] = arg.split('=');
  return { label, dir: path.resolve(dir) };
});
if (!(RUNS > 0) || builds.length === 0) {
  console.error('usage: node scripts/lighthouse-ab.mjs RUNS label=worktree [label=worktree ...]');
  process.exit(1);
}
const chromePath = findChrome();
if (!chromePath) {
  console.error(noChromeMessage());
  process.exit(1);
}
const PAGE = process.env.LIGHTHOUSE_PAGE ?? '/';
const NICE = process.env.LIGHTHOUSE_NICE;
const OUT = process.env.LIGHTHOUSE_OUT;
if (OUT) mkdirSync(OUT, { recursive: true });

const niced = (command, args) => (NICE ? ['nice', ['-n', NICE, command, ...args]] : [command, args]);
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

for (const build of builds) {
  build.port = await freePort();
  build.dataDir = mkdtempSync(path.join(os.tmpdir(), 'genai-lh-ab-'));
  const [command, args] = niced(process.execPath, ['scripts/start.mjs']);
  build.app = spawn(command, args, {
    cwd: build.dir,
    env: {
      ...process.env,
      PORT: String(build.port),
      DATA_DIR: build.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SKIP_CLIENT_BUILD: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${build.port}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
}

// chrome-launcher starts the path it is given: a small wrapper applies the niceness to the whole browser.
let chromeCommand = chromePath;
const wrapperDir = NICE ? mkdtempSync(path.join(os.tmpdir(), 'genai-lh-ab-chrome-')) : null;
if (wrapperDir) {
  chromeCommand = path.join(wrapperDir, 'chrome');
  writeFileSync(chromeCommand, `#!/bin/sh\nexec nice -n ${NICE} '${chromePath}' "$@"\n`, { mode: 0o755 });
}
const chrome = await chromeLauncher.launch({
  chromePath: chromeCommand,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-sync',
    '--no-first-run',
  ],
});
const flags = {
  port: chrome.port,
  logLevel: 'error',
  output: 'json',
  onlyCategories: ['performance', 'accessibility', 'best-practices'],
};

/** The page's main thread: its events, and its top-level tasks in order. */
function mainThread(trace, url) {
  const events = trace.traceEvents;
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url) ??
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain',
  );
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid).sort((a, b) => a.ts - b.ts);
  const tasks = [];
  let end = -1;
  for (const e of own) {
    if (e.ph === 'X' && e.name === 'RunTask' && e.ts >= end) {
      tasks.push(e);
      end = e.ts + e.dur;
    }
  }
  return { events, own, tasks };
}

/** The same recording with every top-level task of the page's main thread scaled to its thread (CPU) time. */
function cpuTimeTrace(trace, url) {
  const { events, own, tasks } = mainThread(trace, url);
  const index = new Map(events.map((e, i) => [e, i]));
  const scaled = events.map((e) => ({ ...e }));
  let t = 0;
  for (const e of own) {
    while (t < tasks.length && tasks[t].ts + tasks[t].dur < e.ts) t++;
    const task = tasks[t];
    if (!task || e.ts < task.ts || !(task.tdur > 0) || task.tdur >= task.dur) continue;
    const ratio = task.tdur / task.dur;
    const copy = scaled[index.get(e)];
    copy.ts = task.ts + (e.ts - task.ts) * ratio;
    if (copy.dur !== undefined) copy.dur = e.dur * ratio;
  }
  return { ...trace, traceEvents: scaled };
}

/** CPU (ms) of the task that evaluates the entry script and of the longest task after it. */
function entryAndLongest(trace, url) {
  const { own, tasks } = mainThread(trace, url);
  const evaluates = (task) =>
    own.some(
      (e) =>
        e.name === 'v8.evaluateModule' &&
        e.ts >= task.ts &&
        e.ts + e.dur <= task.ts + task.dur &&
        e.tdur > 3000,
    );
  const at = tasks.findIndex(evaluates);
  if (at < 0) return { entry: null, longest: null };
  const longest = Math.max(0, ...tasks.slice(at + 1).map((task) => task.tdur ?? 0));
  const ms = (us) => Math.round(us / 100) / 10;
  return { entry: ms(tasks[at].tdur ?? 0), longest: ms(longest) };
}

const summary = (lhr) => ({
  score: lhr.categories.performance.score,
  tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
  longTasks: (lhr.audits['long-tasks'].details?.items ?? [])
    .map((task) => `${Math.round(task.startTime)}+${Math.round(task.duration)}`)
    .join(' '),
});

const results = Object.fromEntries(builds.map((b) => [b.label, []]));
try {
  // One unrecorded run each: the servers' and the browser's first requests are not any build's.
  for (const build of builds)
    await navigationGather(undefined, `http://127.0.0.1:${build.port}${PAGE}`, { flags });
  for (let run = 0; run < RUNS; run++) {
    for (const build of builds) {
      const url = `http://127.0.0.1:${build.port}${PAGE}`;
      let gathered;
      let measured;
      for (let attempt = 0; attempt < 3; attempt++) {
        gathered = await navigationGather(undefined, url, { flags });
        measured = (await Runner.audit(gathered.artifacts, gathered.runnerOptions)).lhr;
        if (measured.categories.performance.score !== null) break;
        console.log(
          `  ${build.label}: run failed (${measured.runtimeError?.code ?? 'no score'}), running it again`,
        );
      }
      const trace = gathered.artifacts.Trace;
      const cpu = (
        await Runner.audit(
          { ...gathered.artifacts, Trace: cpuTimeTrace(trace, url) },
          { ...gathered.runnerOptions, computedCache: new Map() },
        )
      ).lhr;
      const row = {
        build: build.label,
        run,
        measured: summary(measured),
        cpuTime: summary(cpu),
        ...entryAndLongest(trace, url),
        load: os.loadavg()[0].toFixed(1),
      };
      results[build.label].push(row);
      console.log(JSON.stringify(row));
      if (OUT) {
        writeFileSync(path.join(OUT, `${build.label}-${run}.json`), JSON.stringify(measured));
        writeFileSync(path.join(OUT, `${build.label}-${run}.trace.json.gz`), gzipSync(JSON.stringify(trace)));
      }
    }
  }
} finally {
  await chrome.kill();
  for (const build of builds) {
    build.app.kill('SIGTERM');
    await new Promise((r) => build.app.once('exit', r));
    rmSync(build.dataDir, { recursive: true, force: true });
  }
  if (wrapperDir) rmSync(wrapperDir, { recursive: true, force: true });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values) => `median ${median(values)}, ${Math.min(...values)}-${Math.max(...values)}`;
for (const [label, rows] of Object.entries(results)) {
  console.log(
    `${label}: total blocking time ${spread(rows.map((r) => r.measured.tbt))} ms as measured, ` +
      `${spread(rows.map((r) => r.cpuTime.tbt))} ms in CPU time; score ${spread(rows.map((r) => r.measured.score))}; ` +
      `longest task after the entry's ${spread(rows.map((r) => r.longest ?? 0))} ms of CPU`,
  );
}
