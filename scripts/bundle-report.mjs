// Reports the client bundle against its budget (docs/PERFORMANCE.md) and fails (so `npm test` fails) when the
// first route's JavaScript, the entry chunk and everything index.html preloads, is over 90 KB gzipped.
// BUNDLE_BUDGET_KB may only make the check stricter (to see it fail: BUNDLE_BUDGET_KB=50 npm run bundle).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.resolve(root, process.argv[2] ?? process.env.WEB_ROOT ?? 'dist/web');
const BUDGET_KB = Math.min(90, Number(process.env.BUNDLE_BUDGET_KB ?? 90));

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
const verdict = firstKb <= BUDGET_KB ? 'within' : `over by ${(firstKb - BUDGET_KB).toFixed(1)} KB`;
console.log(`first route JavaScript: ${firstKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB: ${verdict})`);
if (!(firstKb <= BUDGET_KB)) {
  console.error(
    `The first route is over ${BUDGET_KB} KB gzipped: keep new code out of it (React.lazy, import() on use).`,
  );
  process.exit(1);
}
