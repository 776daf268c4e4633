// Writes testing/unit-file-weights.json from a vitest JSON report: each test file that took 5 s or more, with
// its seconds, for the order the files start in on a clone without vitest's cache (testing/unit-sequencer.ts).
//   npx vitest run --reporter=json --outputFile.json=/tmp/unit.json && node scripts/unit-weights.mjs /tmp/unit.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = process.argv[2];
if (!report) {
  console.error('Usage: node scripts/unit-weights.mjs VITEST_JSON_REPORT');
  process.exit(1);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const seconds = Object.fromEntries(
  testResults
    .map((file) => [
      path.relative(root, file.name).split(path.sep).join('/'),
      Math.round((file.endTime - file.startTime) / 1000),
    ])
    .filter(([, s]) => s >= 5)
    .sort((a, b) => b[1] - a[1]),
);
const out = path.join(root, 'testing/unit-file-weights.json');
writeFileSync(
  out,
  `${JSON.stringify({ measured: new Date().toISOString().slice(0, 10), seconds }, null, 2)}\n`,
);
console.log(`${Object.keys(seconds).length} files written to ${path.relative(root, out)}`);
