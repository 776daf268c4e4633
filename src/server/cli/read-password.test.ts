import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config.ts';
import { readPassword } from './read-password.ts';

/** A fake terminal: records raw mode, and what is written to it. */
function terminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    rawModes: [] as boolean[],
    setRawMode(raw: boolean) {
      this.rawModes.push(raw);
      return this;
    },
  });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => {
    shown += chunk.toString();
  });
  return { input, output, shown: () => shown };
}

describe('readPassword', () => {
  it('reads from a terminal in raw mode and echoes nothing of what is typed', async () => {
    const { input, output, shown } = terminal();
    const read = readPassword(input, output, 'Password: ');
    input.write('correct horse');
    input.write('x\u007f battery\r');
    expect(await read).toBe('correct horse battery');
    expect(shown()).toBe('Password: \n');
    expect(input.rawModes).toEqual([true, false]);
  });

  it('cancels on Ctrl-C, leaving raw mode', async () => {
    const { input, output } = terminal();
    const read = readPassword(input, output, 'Password: ');
    input.write('half\u0003');
    await expect(read).rejects.toThrow('Cancelled.');
    expect(input.rawModes).toEqual([true, false]);
  });

  it('reads the first line of piped input', async () => {
    const output = new PassThrough();
    expect(await readPassword(Readable.from(['piped pass', 'word 12\nsecond line\n']), output, 'P: ')).toBe(
      'piped password 12',
    );
    expect(await readPassword(Readable.from(['windows line\r\n']), output, 'P: ')).toBe('windows line');
    expect(output.read()).toBeNull();
  });
});

describe('npm run admin:create', () => {
  const run = (password: string, dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin-create.ts', 'alice'], {
      cwd: PROJECT_ROOT,
      input: `${password}\n`,
      env: { ...process.env, ADMIN_PASSWORD: '', DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('refuses a password under 12 characters (read from a pipe) and creates nothing', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'genai-cli-'));
    try {
      const result = run('elevenchars', dataDir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('The password must be at least 12 characters. Nothing was changed.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('creates the admin with a password read from a pipe', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'genai-cli-'));
    try {
      const result = run('twelve chars', dataDir);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('Admin "alice" created.');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
