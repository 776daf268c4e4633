// Imports run one way: web -> shared, server -> shared; shared imports nothing but zod and itself.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

function rootOf(file) {
  return path.relative(src, file).split(path.sep)[0];
}

const problems = [];
for (const file of files(src)) {
  const from = rootOf(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    let target;
    if (spec.startsWith('.')) target = rootOf(path.resolve(path.dirname(file), spec));
    else if (spec.startsWith('@shared/')) target = 'shared';
    else if (spec.startsWith('@/')) target = 'web';
    else target = 'package';
    const isTest = /\.test\.tsx?$/.test(file);
    const allowed =
      from === 'shared'
        ? target === 'shared' ||
          (target === 'package' && (spec === 'zod' || (isTest && /^(vitest|fast-check)$/.test(spec))))
        : from === 'web'
          ? target === 'web' || target === 'shared' || target === 'package'
          : target === 'server' || target === 'shared' || target === 'package';
    if (!allowed) problems.push(`${path.relative(root, file)}: imports "${spec}" (${from} -> ${target})`);
  }
}

if (problems.length) {
  console.error(
    `One-way imports broken (web -> shared, server -> shared, shared -> zod only):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log('imports: one-way rule holds');
