// Reports the client bundle and fails when the first route's JavaScript (the entry chunk and everything
// index.html preloads) exceeds the budget of DESIGN.md section 8: 100 KB gzipped.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.resolve(root, process.argv[2] ?? process.env.WEB_ROOT ?? 'dist/web');
const BUDGET_KB = 100;

const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
const firstRoute = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(webRoot, file))).length / 1024;

const rows = readdirSync(path.join(webRoot, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, kb: gz(`assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb);

const firstKb = firstRoute.reduce((sum, f) => sum + gz(f), 0);
console.log('chunk (gzip KB)                                     first route');
for (const { file, kb } of rows.slice(0, 15)) {
  console.log(`${file.padEnd(52)} ${kb.toFixed(1).padStart(6)}  ${firstRoute.includes(file) ? 'yes' : ''}`);
}
console.log(`first route JavaScript: ${firstKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (firstKb > BUDGET_KB) {
  console.error(`Over budget by ${(firstKb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
