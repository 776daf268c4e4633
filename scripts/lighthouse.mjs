// `npm run lighthouse`: Lighthouse (mobile defaults) on every pre-rendered page of the built app (/,
// /phase/1 to /phase/8, /credits and /privacy), three runs each, with the system Chromium; prints every run
// and writes each page's median run (by performance score, with the range of the three) into
// docs/PERFORMANCE.md.
// LIGHTHOUSE_PAGES=/,/phase/1 and LIGHTHOUSE_RUNS=5 narrow or widen a measurement.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChrome, noChromeMessage } from './find-chrome.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = findChrome();
if (!chromePath) {
  console.error(noChromeMessage());
  process.exit(1);
}
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  ...Array.from({ length: 8 }, (_, i) => `/phase/${i + 1}`),
  '/credits',
  '/privacy',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = server.address();
    server.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'genai-lh-'));
const app = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 240; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 250));
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-sync',
    '--no-first-run',
  ],
});
const rows = [];
const median = (runs) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0, failures = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const { categories, audits } = result.lhr;
      // A run Lighthouse itself could not complete (no score) measured nothing: it is run again.
      if (categories.performance.score === null && failures < 3) {
        failures++;
        run--;
        console.log(
          `  ${page}: run failed (${result.lhr.runtimeError?.code ?? 'no score'}), running it again`,
        );
        continue;
      }
      const row = {
        page,
        performance: categories.performance.score,
        accessibility: categories.accessibility.score,
        'best-practices': categories['best-practices'].score,
        'first contentful paint': audits['first-contentful-paint'].displayValue,
        'largest contentful paint': audits['largest-contentful-paint'].displayValue,
        'total blocking time': audits['total-blocking-time'].displayValue,
      };
      runs.push(row);
      console.log(row);
      for (const [id, audit] of Object.entries(audits)) {
        if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') {
          console.log(`  ${page}: ${id} — ${audit.title}`);
        }
      }
      // The main thread's long tasks, where the blocking time comes from.
      for (const task of audits['long-tasks']?.details?.items ?? []) {
        console.log(
          `  long task at ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms, ${task.url}`,
        );
      }
    }
    const scores = runs.map((r) => r.performance);
    rows.push({
      ...median(runs),
      [`performance of the ${RUNS} runs`]: `${Math.min(...scores)}-${Math.max(...scores)}`,
    });
  }
} finally {
  await chrome.kill();
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// A narrowed measurement (LIGHTHOUSE_PAGES) is printed only; the table in docs/PERFORMANCE.md covers every page.
if (process.env.LIGHTHOUSE_PAGES) process.exit(0);
const marker = '<!-- lighthouse:figures -->';
const file = path.join(root, 'docs/PERFORMANCE.md');
const keys = Object.keys(rows[0]);
const table = [
  `| ${keys.join(' | ')} |`,
  `|${keys.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${keys.map((k) => r[k]).join(' | ')} |`),
].join('\n');
const section = `${marker}\nMeasured ${new Date().toISOString().slice(0, 10)} by \`npm run lighthouse\` (Lighthouse 12.8, mobile emulation with simulated throttling, system Chromium, ${os.cpus().length} cores): the median of ${RUNS} runs of each page.\n\n${table}\n${marker}`;
let doc;
try {
  doc = readFileSync(file, 'utf8');
} catch {
  doc = `# Performance\n\n${marker}\n${marker}\n`;
}
const parts = doc.split(marker);
doc = parts.length >= 3 ? `${parts[0]}${section}${parts.slice(2).join(marker)}` : `${doc}\n${section}\n`;
writeFileSync(file, doc);
