// Records in package-lock.json the per-platform binaries of Biome and Tailwind's oxide that this
// machine's registry mirror does not serve (it answers 404 for macOS, Windows, musl, ...). Without these
// entries `npm ci` refuses the lockfile on every platform; with them each platform installs its own binary
// and skips the rest. Run after `npm install` changes the lockfile: `node scripts/lock-platform-packages.mjs`.
// See docs/decisions/010-lockfile-platform-packages.md.
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pk = lock.packages;
const platform = (name) => {
  const tail = name.split('/')[1].replace(/^(cli|oxide)-/, '');
  const [os, cpu, abi] = tail.split('-');
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const e = { os: [os], cpu: [cpu] };
  if (abi === 'musl') e.libc = ['musl'];
  if (abi === 'gnu' || abi === 'gnueabihf') e.libc = ['glibc'];
  return e;
};
let added = 0;
for (const entry of Object.values(pk)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!/^@(biomejs|tailwindcss)\//.test(dep)) continue;
    const at = `node_modules/${dep}`;
    if (pk[at]) continue;
    const base = dep.split('/')[1];
    pk[at] = {
      version,
      resolved: `https://registry.npmjs.org/${dep}/-/${base}-${version}.tgz`,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform(dep),
    };
    added++;
  }
}
// The order npm itself writes (its English collation: "string_decoder" before "string-width"), so a later
// `npm install` leaves the file as it is.
const collate = new Intl.Collator('en').compare;
lock.packages = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : collate(a, b))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log('added', added);
