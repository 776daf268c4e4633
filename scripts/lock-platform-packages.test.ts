import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const lockfile = path.join(root, 'package-lock.json');

describe('the committed lockfile', () => {
  it('lists its packages in the order npm writes them, so `npm install` on a fresh clone changes nothing', () => {
    const keys = Object.keys(JSON.parse(fs.readFileSync(lockfile, 'utf8')).packages);
    // npm orders the entries by its English collation ("string_decoder" before "string-width").
    const collate = new Intl.Collator('en').compare;
    const npmOrder = [...keys].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : collate(a, b)));
    expect(keys).toEqual(npmOrder);
  });

  it('is left as it is by scripts/lock-platform-packages.mjs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-'));
    try {
      const copy = path.join(dir, 'package-lock.json');
      fs.copyFileSync(lockfile, copy);
      execFileSync(process.execPath, [path.join(root, 'scripts/lock-platform-packages.mjs'), copy]);
      expect(fs.readFileSync(copy, 'utf8')).toBe(fs.readFileSync(lockfile, 'utf8'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
